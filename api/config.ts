import path from 'node:path';
import { z } from 'zod';

/** Environment flags arrive as strings; accept the usual spellings and nothing else. */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const port = z.coerce.number().int().min(0).max(65535);

/**
 * Every setting the server reads from the environment. One schema serves validation, defaults and types;
 * `.env.example` documents the same keys for operators.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  /** postgres://… selects PostgreSQL; anything else is a SQLite file path. Unset: DATA_DIR/veldvet.sqlite. */
  DATABASE_URL: z.string().min(1).optional(),
  /** The address users reach the app on; used in e-mailed links. Defaults to http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  /** Honour X-Forwarded-Proto/-For from a reverse proxy that terminates TLS. */
  TRUST_PROXY: booleanFlag.default(false),
  /** Outgoing mail for password resets, e.g. smtp://user:pass@mail.example.co.za:587. Unset: reset e-mails are not sent. */
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default('VeldVet <no-reply@veldvet.local>'),
  /** Sliding idle lifetime of a session: a vet who opens the app at least this often stays signed in. */
  SESSION_IDLE_DAYS: z.coerce.number().positive().max(365).default(14),
  /** Hard cap from sign-in, whatever the activity. */
  SESSION_ABSOLUTE_DAYS: z.coerce.number().positive().max(3650).default(90),
  /** Shown after 'Powered by' in the header. Defaults to the transcription provider's own name. */
  AI_PROVIDER_NAME: z.string().min(1).max(60).optional(),
});

export type Config = z.infer<typeof configSchema> & {
  /** Resolved absolute data directory. */
  dataDir: string;
  publicUrl: string;
  isDevelopment: boolean;
};

export class ConfigError extends Error {}

/** Parses the environment; the first bad variable becomes a one-line message that names it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const candidates = Object.fromEntries(
    Object.keys(configSchema.shape).flatMap((key) => {
      const value = env[key];
      return value === undefined || value === '' ? [] : [[key, value]];
    }),
  );
  const parsed = configSchema.safeParse(candidates);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = issue.path.join('.') || 'environment';
    throw new ConfigError(`Invalid configuration: ${variable}: ${issue.message}`);
  }
  const values = parsed.data;
  return {
    ...values,
    dataDir: path.resolve(values.DATA_DIR),
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ''),
    isDevelopment: values.NODE_ENV === 'development',
  };
}
