/** nodemailer, loaded with the first e-mail: ~8 MiB of an idle server's memory otherwise (issue 19). */
let module: Promise<typeof import('nodemailer')> | undefined;

export function loadNodemailer(): Promise<typeof import('nodemailer')> {
  module ??= import('nodemailer');
  return module;
}
