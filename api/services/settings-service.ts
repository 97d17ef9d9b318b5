import type { Kysely } from 'kysely';
import type { Database, UserRow, UserUpdate } from '../../db/schema.js';
import {
  EMAIL_PROVIDERS,
  type EmailProvider,
  type PracticeSettings,
  type UpdatePracticeSettingsSchema,
} from '#shared/schemas/settings.js';
import type { z } from 'zod';
import { badRequest, HttpError, notFound } from '../http/errors.js';
import {
  SMTP_PRESETS,
  sendWithPracticeAccount,
  type PracticeAccount,
  type SmtpEndpoint,
} from '../providers/mail/practice-mailer.js';
import { createCloudApiSender } from '../providers/whatsapp/cloud-api.js';
import type { WhatsAppSender } from '../providers/whatsapp/whatsapp-sender.js';
import { SecretKeyUnavailableError, type SecretBox } from '../security/secret-box.js';
import { checkSmtpHost, SmtpHostRefused, type SmtpGuardOptions } from '../security/smtp-host-guard.js';
import type { Clock } from './clock.js';

type SettingsUpdate = z.output<typeof UpdatePracticeSettingsSchema>;

export interface SettingsServiceDeps {
  db: Kysely<Database>;
  secrets: SecretBox;
  clock: Clock;
  smtpGuard: SmtpGuardOptions;
  whatsapp: { baseUrl: string; version: string };
}

export interface SettingsService {
  get(userId: string): Promise<PracticeSettings>;
  update(userId: string, input: SettingsUpdate): Promise<PracticeSettings>;
  /** The practice's own SMTP account, host checked and password unsealed; null when none is configured. */
  practiceAccount(userId: string): Promise<PracticeAccount | null>;
  /** A Cloud API sender when the practice configured its phone-number id and token; else null. */
  whatsappSender(userId: string): Promise<WhatsAppSender | null>;
  sendTestEmail(userId: string, to?: string): Promise<{ to: string }>;
}

const providerOf = (value: string): EmailProvider =>
  (EMAIL_PROVIDERS as readonly string[]).includes(value) ? (value as EmailProvider) : 'gmail';

function toSettings(row: UserRow): PracticeSettings {
  return {
    practiceName: row.practiceName,
    practicePhone: row.practicePhone,
    practiceEmail: row.practiceEmail,
    practiceEmailProvider: providerOf(row.practiceEmailProvider),
    smtpHost: row.smtpHost,
    smtpPort: row.smtpPort,
    smtpSecure: row.smtpSecure === 1,
    hasEmailPassword: Boolean(row.practiceEmailPassword),
    whatsappPhoneNumberId: row.whatsappPhoneNumberId,
    hasWhatsappAccessToken: Boolean(row.whatsappAccessToken),
    practiceVocabulary: row.practiceVocabulary ?? null,
  };
}

/** Secrets a caller cannot store or use because the server has no key: the operator's problem, said plainly. */
function withKey<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof SecretKeyUnavailableError) throw new HttpError(503, error.message);
    throw error;
  }
}

/** A secret field of the update: a string seals it, null or '' clears it, absent leaves it. */
function sealedUpdate(secrets: SecretBox, value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  return withKey(() => secrets.seal(value));
}

function endpointOf(
  row: Pick<UserRow, 'practiceEmailProvider' | 'smtpHost' | 'smtpPort' | 'smtpSecure'>,
): SmtpEndpoint | null {
  const provider = providerOf(row.practiceEmailProvider);
  if (provider !== 'custom') return SMTP_PRESETS[provider];
  if (!row.smtpHost || !row.smtpPort) return null;
  return { host: row.smtpHost, port: row.smtpPort, secure: row.smtpSecure === 1 };
}

export function createSettingsService(deps: SettingsServiceDeps): SettingsService {
  const { db, secrets } = deps;

  async function row(userId: string): Promise<UserRow> {
    const found = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!found) throw notFound('Account not found');
    return found;
  }

  async function guard(host: string, port: number): Promise<string> {
    try {
      return await checkSmtpHost(host, port, deps.smtpGuard);
    } catch (error) {
      if (error instanceof SmtpHostRefused) throw badRequest(error.message);
      throw error;
    }
  }

  async function practiceAccount(userId: string): Promise<PracticeAccount | null> {
    const user = await row(userId);
    if (!user.practiceEmail || !user.practiceEmailPassword) return null;
    const endpoint = endpointOf(user);
    if (!endpoint) throw badRequest('Custom SMTP needs a host and port in Settings');
    // Custom hosts are checked again at send time: DNS may have changed since they were saved.
    const connectAddress =
      providerOf(user.practiceEmailProvider) === 'custom'
        ? await guard(endpoint.host, endpoint.port)
        : undefined;
    const password = withKey(() => secrets.open(user.practiceEmailPassword!));
    return { endpoint, connectAddress, user: user.practiceEmail, password, fromName: user.practiceName };
  }

  return {
    async get(userId) {
      return toSettings(await row(userId));
    },

    async update(userId, input) {
      const current = await row(userId);
      const changes: UserUpdate = { updatedAt: deps.clock().toISOString() };
      if (input.practiceName !== undefined) changes.practiceName = input.practiceName;
      if (input.practicePhone !== undefined) changes.practicePhone = input.practicePhone;
      if (input.practiceEmail !== undefined) changes.practiceEmail = input.practiceEmail;
      if (input.practiceEmailProvider !== undefined)
        changes.practiceEmailProvider = input.practiceEmailProvider;
      if (input.smtpHost !== undefined) changes.smtpHost = input.smtpHost;
      if (input.smtpPort !== undefined) changes.smtpPort = input.smtpPort;
      if (input.smtpSecure !== undefined) changes.smtpSecure = input.smtpSecure ? 1 : 0;
      if (input.whatsappPhoneNumberId !== undefined)
        changes.whatsappPhoneNumberId = input.whatsappPhoneNumberId;
      if (input.practiceVocabulary !== undefined) changes.practiceVocabulary = input.practiceVocabulary;
      const password = sealedUpdate(secrets, input.practiceEmailPassword);
      if (password !== undefined) changes.practiceEmailPassword = password;
      const token = sealedUpdate(secrets, input.whatsappAccessToken);
      if (token !== undefined) changes.whatsappAccessToken = token;

      const next = { ...current, ...changes } as UserRow;
      if (providerOf(next.practiceEmailProvider) === 'custom' && (next.smtpHost || next.smtpPort)) {
        if (!next.smtpHost || !next.smtpPort) throw badRequest('Custom SMTP needs both a host and a port');
        await guard(next.smtpHost, next.smtpPort);
      }
      await db.updateTable('users').set(changes).where('id', '=', userId).execute();
      return toSettings(next);
    },

    practiceAccount,

    async whatsappSender(userId) {
      const user = await row(userId);
      if (!user.whatsappPhoneNumberId || !user.whatsappAccessToken) return null;
      const accessToken = withKey(() => secrets.open(user.whatsappAccessToken!));
      return createCloudApiSender({
        ...deps.whatsapp,
        phoneNumberId: user.whatsappPhoneNumberId,
        accessToken,
      });
    },

    async sendTestEmail(userId, to) {
      const account = await practiceAccount(userId);
      if (!account) throw badRequest('Add the practice e-mail address and its password first');
      const recipient = to ?? account.user;
      const text =
        'This is a test e-mail from VeldVet. Your practice e-mail account is set up: consultation summaries ' +
        'will be sent from this address.';
      try {
        await sendWithPracticeAccount(account, {
          to: recipient,
          subject: 'VeldVet test e-mail',
          text,
          html: `<p>${text}</p>`,
        });
      } catch (error) {
        throw new HttpError(
          502,
          `The practice mail server did not accept the e-mail: ${mailErrorText(error)}`,
        );
      }
      return { to: recipient };
    },
  };
}

/** nodemailer's message (server reply or connection error); never includes the credentials. */
export function mailErrorText(error: unknown): string {
  return error instanceof Error ? error.message.slice(0, 300) : 'unknown error';
}
