import { lazily } from '#shared/async.js';

/** nodemailer, loaded with the first e-mail: ~8 MiB of an idle server's memory otherwise (issue 19). */
export const loadNodemailer = lazily<typeof import('nodemailer')>(() => import('nodemailer'));
