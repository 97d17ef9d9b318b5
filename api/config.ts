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
  /**
   * How often the server runs the retention purge (expired records and audio; docs/security.md).
   * 0 turns the timer off, e.g. when `npm run purge` runs from cron instead. At most 576 (24 days:
   * the longest interval a Node timer can hold).
   */
  RETENTION_PURGE_INTERVAL_HOURS: z.coerce.number().min(0).max(576).default(24),

  // --- Transcription (POST /api/transcribe) ---
  /** openai: any OpenAI-compatible /v1/audio/transcriptions server; local: whisper.cpp in this process. */
  TRANSCRIPTION_PROVIDER: z.enum(['openai', 'local']).default('openai'),
  /** Unset: OpenAI itself. Else a self-hosted faster-whisper / whisper.cpp / vLLM server, e.g. http://127.0.0.1:8000/v1. */
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_API_KEY: z.string().min(1).optional(),
  /** Model name sent to the openai provider (whisper-1, gpt-4o-transcribe, Systran/faster-whisper-small…). */
  TRANSCRIPTION_MODEL: z.string().min(1).default('whisper-1'),
  /** Pieces of one recording sent at once. */
  TRANSCRIPTION_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /** Per-piece request timeout. */
  TRANSCRIPTION_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(300),
  /** Longest piece, cut at pauses; under Whisper's 30 s window: one decoding window per piece. */
  TRANSCRIPTION_PIECE_SECONDS: z.coerce.number().min(5).max(600).default(28),
  /** Languages consultations are in; a piece detected as anything else is retried in the first non-English one. */
  TRANSCRIPTION_LANGUAGES: z
    .string()
    .regex(/^[a-z]{2,3}(,[a-z]{2,3})*$/, 'comma-separated ISO 639-1 codes, e.g. af,en')
    .default('af,en'),
  /**
   * The vocabulary prompt (formulary, practice vocabulary, number style, names). Off: one reading per
   * piece and no prompt-leak re-readings, at the cost of number style and drug spelling (bench:transcribe
   * on the dev audio: English WER 0.185 → 0.165 and compute ~1.0 readings per second, but number recall
   * 0.89 → 0.80 and mixed WER 0.68 → 0.75).
   */
  TRANSCRIPTION_PROMPT: z.enum(['on', 'off']).default('on'),
  /** Upload limit: 30 minutes at 64 kb/s is 14.4 MB; 24 MiB leaves room for container overhead and VBR. */
  MAX_AUDIO_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(24 * 1024 * 1024),
  /** Decoded-length limit: a 30-minute farm segment with margin. */
  MAX_AUDIO_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .default(45 * 60),
  /** Transcription jobs (decode + transcribe) run at once; each decodes with one ffmpeg process. */
  TRANSCRIPTION_JOBS: z.coerce.number().int().min(1).max(32).default(2),
  /** Jobs that may wait for a free slot; past this POST /api/transcribe answers 503 with Retry-After. */
  TRANSCRIPTION_QUEUE_LENGTH: z.coerce.number().int().min(0).max(1000).default(8),
  /** Transcription progress entries kept per practice (GET /api/transcribe/progress/:id). */
  TRANSCRIPTION_PROGRESS_PER_PRACTICE: z.coerce.number().int().min(1).max(10_000).default(100),
  /**
   * Jobs (docs/architecture-jobs.md): 'on' lets this process run transcription and extraction jobs; 'off'
   * leaves them to `npm run worker` processes (only with PostgreSQL, where the jobs are shared through pg-boss).
   */
  JOBS_WORKER: z.enum(['on', 'off']).default('on'),
  /** pg-boss: a running job whose process sends no heartbeat for this long is handed to another process. */
  JOBS_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(3600).default(30),
  /** pg-boss: how often expired and silent jobs are looked for (and queues maintained). */
  JOBS_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** pg-boss: further attempts of a job whose engine failed or whose process died. */
  JOBS_RETRY_LIMIT: z.coerce.number().int().min(0).max(10).default(2),
  /** Load the local Whisper model at boot instead of on the first recording. */
  WHISPER_WARM_UP: z.enum(['on', 'off']).default('off'),
  /**
   * A /api/transcribe upload sent with an Idempotency-Key stays this long for the save to reference it
   * (audio crosses a farm connection once); an upload no save referenced is swept after it.
   */
  TRANSCRIPTION_UPLOAD_KEEP_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(30 * 24)
    .default(48),
  /** ffmpeg binary; unset: the system's, else the one shipped by @ffmpeg-installer/ffmpeg. */
  FFMPEG_PATH: z.string().min(1).optional(),
  /** local provider: ggml model by name (tiny, base, small, medium, large-v3, large-v3-turbo, base-q5_1…). */
  WHISPER_MODEL: z.string().min(1).default('base'),
  /** local provider: an existing ggml model file; skips the download. */
  WHISPER_MODEL_PATH: z.string().min(1).optional(),
  /** Where downloaded models are kept. Unset: DATA_DIR/models. */
  WHISPER_MODELS_DIR: z.string().min(1).optional(),
  /** Model repository; a mirror for air-gapped installs. */
  WHISPER_MODEL_BASE_URL: z.url().optional(),
  /**
   * local provider: whisper.cpp binding. auto: @napi-rs/whisper (AVX2 build) where the CPU has AVX2, FMA
   * and F16C, else @fugood/whisper.node (SSE build, runs on any x86-64 but about 12× slower).
   */
  WHISPER_ENGINE: z.enum(['auto', 'napi-rs', 'fugood']).default('auto'),
  /**
   * local provider: beam width; 1 decodes greedily (about 25% faster). With napi-rs any width above 1 is
   * whisper.cpp's beam search of 5 (the binding fixes the width).
   */
  WHISPER_BEAM_SIZE: z.coerce.number().int().min(1).max(8).default(5),
  /** CPU threads per local transcription. Unset: the cores less one, shared by WHISPER_CONCURRENCY (defaultWhisperThreads). */
  WHISPER_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  /** Local transcriptions run at once, each holding its own copy of the model; more wait in a queue. */
  WHISPER_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(1),

  // --- Recording audio storage (POST /api/recordings/save, /save-upload) ---
  /** fs: files under DATA_DIR/audio; s3: any S3-compatible object store (AWS, MinIO, R2, Ceph…) via S3_*. */
  BLOB_STORE: z.enum(['fs', 's3']).default('fs'),
  /** Largest recording accepted, in raw audio bytes: 30 minutes at 64 kb/s is 14.4 MB; 24 MiB leaves margin. */
  MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(24 * 1024 * 1024),
  /** Required when BLOB_STORE=s3. */
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('af-south-1'),
  /** Unset: AWS itself. Else the store's URL, e.g. http://127.0.0.1:9000 for MinIO. */
  S3_ENDPOINT: z.url().optional(),
  /** Unset: the SDK's default credential chain (instance role, AWS_* variables, profile). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Most self-hosted stores (MinIO, Ceph) need path-style URLs. */
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  /** Key prefix inside the bucket, so one bucket can hold several installations. */
  S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9._-]+\/)*$/, "folder names ending in '/', e.g. veldvet/audio/")
    .default('audio/'),
  /**
   * The blob sweep (at boot and in the retention purge) removes half-written uploads and audio no recording
   * references once they are this old: a save writes its audio before its row, so younger ones may be in flight.
   */
  ORPHAN_BLOB_GRACE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(60),
  /** A client must send all of a request's headers within this many seconds (else 408, connection closed). */
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
  /**
   * …and the whole request, body included, within this many: a 30-minute Farm Mode segment (3.6 MB) needs
   * about 240 kb/s upstream to make it; the recorder keeps and retries what did not.
   */
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),

  // --- Clinical notes (POST /api/extract) ---
  /** embedded: the built-in bilingual extractor (no model, no network); openai: a chat model, falling back to embedded. */
  NOTES_PROVIDER: z.enum(['embedded', 'openai']).default('embedded'),
  /** Chat model for NOTES_PROVIDER=openai (OPENAI_BASE_URL / OPENAI_API_KEY as for transcription). */
  NOTES_OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** Per-request timeout of the notes model; past it the embedded extractor answers. */
  NOTES_OPENAI_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),

  // --- Export and practice settings (issue 7) ---
  /**
   * AES-256-GCM key for practice secrets at rest (SMTP password, WhatsApp token): 32 bytes as 64 hex
   * characters or base64, e.g. `openssl rand -base64 32`. Required in production to store them; in
   * development and test a key file is created under DATA_DIR instead (with a warning).
   */
  SETTINGS_ENCRYPTION_KEY: z
    .string()
    .refine((value) => {
      const trimmed = value.trim();
      const bytes = /^[0-9a-fA-F]{64}$/.test(trimmed) ? 32 : Buffer.from(trimmed, 'base64').length;
      return bytes === 32;
    }, 'must be 32 bytes as 64 hex characters or base64')
    .optional(),
  /** Lets a practice's custom SMTP host be loopback/private/link-local (on-premises mail, tests). Off: refused. */
  ALLOW_PRIVATE_SMTP_HOSTS: booleanFlag.default(false),
  /** Ports a practice's custom SMTP server may use. */
  SMTP_ALLOWED_PORTS: z
    .string()
    .regex(/^\d{1,5}(,\d{1,5})*$/, 'comma-separated port numbers, e.g. 25,465,587,2525')
    .default('25,465,587,2525')
    .transform((value) => value.split(',').map(Number)),
  /** WhatsApp Business Cloud API (Graph API) base URL; a local stand-in in tests. */
  WHATSAPP_API_BASE_URL: z.url().default('https://graph.facebook.com'),
  WHATSAPP_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'like v21.0')
    .default('v21.0'),

  // --- Limits (issue 14; docs/security.md "Limits") ---
  /** Largest JSON body of the sign-in, sign-up and password routes; refused (413) before it is read. */
  BODY_LIMIT_AUTH_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1024 * 1024)
    .default(16 * 1024),
  /** Largest JSON body of every other non-audio route (notes, settings, export, admin). */
  BODY_LIMIT_JSON_BYTES: z.coerce
    .number()
    .int()
    .min(16 * 1024)
    .max(64 * 1024 * 1024)
    .default(1024 * 1024),
  /** E-mail exports one practice may send per hour through the server's own mail account (SMTP_URL). */
  EXPORT_MAIL_PER_PRACTICE_PER_HOUR: z.coerce.number().int().min(0).max(100_000).default(50),
  /** E-mail exports all practices together may send per hour through the server's own mail account. */
  EXPORT_MAIL_PER_SERVER_PER_HOUR: z.coerce.number().int().min(0).max(1_000_000).default(500),
  /** Accounts one client address may register per hour. */
  SIGNUPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
  /** PostgreSQL statement_timeout for the server's queries. */
  PG_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /** PostgreSQL lock_timeout: a query waiting longer for a lock gives up (503), instead of holding others. */
  PG_LOCK_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** Waiting longer for a pooled PostgreSQL connection (or to open one) answers 503. */
  PG_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** PostgreSQL connections in the server's pool. */
  PG_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  /** SQLite: a write waits this long for a lock held by another program, then answers 503. */
  SQLITE_BUSY_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
});

export type Config = z.infer<typeof configSchema> & {
  /** Resolved absolute data directory. */
  dataDir: string;
  publicUrl: string;
  isDevelopment: boolean;
};

export class ConfigError extends Error {}

/** The bounds the server puts on its database connection (db/database.ts). */
export function databaseLimits(config: Config) {
  return {
    statementTimeoutMs: config.PG_STATEMENT_TIMEOUT_MS,
    lockTimeoutMs: config.PG_LOCK_TIMEOUT_MS,
    acquireTimeoutMs: config.PG_ACQUIRE_TIMEOUT_MS,
    poolSize: config.PG_POOL_SIZE,
    busyTimeoutMs: config.SQLITE_BUSY_TIMEOUT_MS,
  };
}

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
