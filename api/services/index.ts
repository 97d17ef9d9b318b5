import type { Config } from '../config.js';
import type { DatabaseHandle } from '../../db/database.js';
import { unconfiguredMailer, type Mailer } from '../providers/mail/mailer.js';
import { createSmtpMailer } from '../providers/mail/smtp-mailer.js';
import { idempotencyRepository, type IdempotencyRepository } from '../repositories/idempotency.js';
import { noteVersionsRepository } from '../repositories/note-versions.js';
import { passwordResetsRepository } from '../repositories/password-resets.js';
import { recordingsRepository } from '../repositories/recordings.js';
import { sessionsRepository } from '../repositories/sessions.js';
import { usersRepository } from '../repositories/users.js';
import { createBlobStore, type BlobStore } from '../storage/index.js';
import { adminRepository } from '../repositories/admin.js';
import { auditRepository } from '../repositories/audit.js';
import { rateLimitsRepository } from '../repositories/rate-limits.js';
import { createAdminService, type AdminService, type AudioDeleter } from './admin-service.js';
import { createAuditService, type AuditService } from './audit-service.js';
import { createAuthService, type AuthService } from './auth-service.js';
import { systemClock, type Clock } from './clock.js';
import { createRateLimitService, type RateLimitService } from './rate-limit-service.js';
import { createRecordingsService, type RecordingsService } from './recordings-service.js';
import { createRetentionService, type RetentionService } from './retention-service.js';
import { sweepBlobs } from './blob-sweep.js';
import { createSessionService, type SessionService } from './session-service.js';
import { createExportService, type ExportService } from './export-service.js';
import { createSettingsService, type SettingsService } from './settings-service.js';
import { lazySecretBox } from '../security/secret-box.js';
import { createJobsService, UPLOAD_PREFIXES, type JobsService } from '../jobs/index.js';
import { transcriptionProviderLabel } from '../providers/transcription/index.js';
import { createNotesService, type NotesService } from './notes-service.js';
import { createHerdService, type HerdService } from './herd-service.js';
import { herdVisitsRepository } from '../repositories/herd-visits.js';
import { createTranscriptionService, type TranscriptionService } from './transcription-service.js';

/**
 * Everything a route may call, built once at boot (or per test). Routes receive this and nothing else,
 * so a test can run the real app against its own database, mail server and providers.
 */
export interface Services {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  mailer: Mailer;
  sessions: SessionService;
  auth: AuthService;
  /** Where recording audio lives (BLOB_STORE). */
  blobs: BlobStore;
  recordings: RecordingsService;
  /** Stored outcomes of Idempotency-Key requests; used through api/http/idempotency.ts. */
  idempotency: IdempotencyRepository;
  /** Append-only audit log: `audit.record({ actorId, practiceId, action, targetType, targetId, details })`. */
  audit: AuditService;
  /** Sign-in and password-reset throttles, counted in the database. */
  rateLimits: RateLimitService;
  admin: AdminService;
  /** Retention purge (scripts/purge.ts, and on a timer in the server: RETENTION_PURGE_INTERVAL_HOURS). */
  retention: RetentionService;
  /** Practice settings: own SMTP account and WhatsApp Cloud API sender, secrets sealed at rest. */
  settings: SettingsService;
  /** WhatsApp and e-mail export (POST /api/send-whatsapp, /api/send-email). */
  exports: ExportService;
  /** Herd and flock visits: a visit record with one linked record per animal (issue 20). */
  herd: HerdService;
  /** The transcription pipeline (decode, pieces, engine, rules); run through `jobs`. */
  transcription: TranscriptionService;
  /** Notes from a transcript (POST /api/extract). */
  notes: NotesService;
  /** Transcription and extraction as jobs: in this process (SQLite) or shared through pg-boss (PostgreSQL). */
  jobs: JobsService;
  /** Boot: loads the local model when WHISPER_WARM_UP=on and starts taking jobs. */
  start(): Promise<void>;
  /** Shutdown: stops taking jobs, hands back running ones, closes the engines. Idempotent. */
  stop(): Promise<void>;
}

export interface ServiceOptions {
  config: Config;
  database: DatabaseHandle;
  /** Tests move time forward with their own clock; defaults to the system clock. */
  clock?: Clock;
  /** Defaults to SMTP at SMTP_URL, or a mailer that only logs when it is unset. */
  mailer?: Mailer;
  /** Defaults to the store BLOB_STORE selects. */
  blobs?: BlobStore;
  /** Defaults to the engine TRANSCRIPTION_PROVIDER selects (tests point one at a local peer). */
  transcription?: TranscriptionService;
}

export function createServices(options: ServiceOptions): Services {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;
  const mailer =
    options.mailer ??
    (config.SMTP_URL
      ? createSmtpMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM })
      : unconfiguredMailer);

  const sessions = createSessionService({ config, sessions: sessionsRepository(database.db), clock });
  const audit = createAuditService({
    audit: auditRepository(database.db),
    users: usersRepository(database.db),
    clock,
  });
  const rateLimits = createRateLimitService({
    rateLimits: rateLimitsRepository(database.db),
    clock,
    limits: {
      signUpsPerAddressPerHour: config.SIGNUPS_PER_ADDRESS_PER_HOUR,
      serverMailPerPracticePerHour: config.EXPORT_MAIL_PER_PRACTICE_PER_HOUR,
      serverMailPerServerPerHour: config.EXPORT_MAIL_PER_SERVER_PER_HOUR,
    },
  });
  const auth = createAuthService({
    config,
    users: usersRepository(database.db),
    passwordResets: passwordResetsRepository(database.db),
    sessions,
    mailer,
    clock,
    audit,
    rateLimits,
  });

  const blobs = options.blobs ?? createBlobStore(config);
  const recordings = createRecordingsService({
    db: database.db,
    recordings: recordingsRepository(database.db),
    noteVersions: noteVersionsRepository(database.db),
    blobs,
    clock,
    maxUploadBytes: config.MAX_UPLOAD_BYTES,
  });

  // Blobs after their rows are gone; the store treats a missing key as already deleted.
  const deleteAudio: AudioDeleter = async (keys) => {
    for (const key of keys) await blobs.delete(key);
  };
  const adminRepo = adminRepository(database.db, database.dialect);
  const admin = createAdminService({
    admin: adminRepo,
    users: usersRepository(database.db),
    audit,
    deleteAudio,
    clock,
  });
  const idempotency = idempotencyRepository(database.db);
  const retention = createRetentionService({
    admin: adminRepo,
    audit,
    rateLimits,
    idempotency,
    deleteAudio,
    clock,
    // Leftovers of crashed saves (issue 14): swept at boot (api/main.ts) and in every purge.
    sweepBlobs: () =>
      sweepBlobs({
        blobs,
        referencedAudioKeys: (keys) => adminRepo.referencedAudioKeys(keys),
        clock,
        graceMs: config.ORPHAN_BLOB_GRACE_MINUTES * 60_000,
        // Transcription uploads wait for their save (audio once), job audio for its job: kept longer.
        longerGrace: {
          prefixes: UPLOAD_PREFIXES,
          graceMs: config.TRANSCRIPTION_UPLOAD_KEEP_HOURS * 60 * 60_000,
        },
      }),
  });

  const settings = createSettingsService({
    db: database.db,
    secrets: lazySecretBox({
      SETTINGS_ENCRYPTION_KEY: config.SETTINGS_ENCRYPTION_KEY,
      NODE_ENV: config.NODE_ENV,
      dataDir: config.dataDir,
    }),
    clock,
    smtpGuard: { allowPrivate: config.ALLOW_PRIVATE_SMTP_HOSTS, allowedPorts: config.SMTP_ALLOWED_PORTS },
    whatsapp: { baseUrl: config.WHATSAPP_API_BASE_URL, version: config.WHATSAPP_API_VERSION },
  });
  const exports = createExportService({ settings, mailer, audit, clock, rateLimits });

  const herd = createHerdService({
    db: database.db,
    recordings,
    herd: herdVisitsRepository(database.db),
    noteVersions: noteVersionsRepository(database.db),
    clock,
  });

  const transcription = options.transcription ?? createTranscriptionService(config);
  const notes = createNotesService(config);
  const jobs = createJobsService({
    config,
    db: database.db,
    dialect: database.dialect,
    blobs,
    clock,
    transcription,
    notes,
    providerLabel: transcriptionProviderLabel(config),
  });
  let stopped: Promise<void> | undefined;

  return {
    config,
    database,
    clock,
    mailer,
    sessions,
    auth,
    blobs,
    recordings,
    idempotency,
    audit,
    rateLimits,
    admin,
    retention,
    settings,
    exports,
    herd,
    transcription,
    notes,
    jobs,
    async start() {
      if (config.WHISPER_WARM_UP === 'on') await transcription.warmUp();
      await jobs.start();
    },
    stop() {
      stopped ??= (async () => {
        await jobs.stop();
        await transcription.close();
      })();
      return stopped;
    },
  };
}
