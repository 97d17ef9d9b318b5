import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../../db/schema.js';
import type { DialectName } from '../../db/database.js';
import type { BlobStore } from '../storage/index.js';
import type { Clock } from '../services/clock.js';
import { JobQueue } from '../services/job-queue.js';
import type { NotesService } from '../services/notes-service.js';
import type { TranscriptionService } from '../services/transcription-service.js';
import { ProgressStore } from '../transcription/progress.js';
import { createInProcessJobs } from './in-process.js';
import { createPgBossJobs } from './pg-boss.js';
import type { JobsService } from './types.js';

export type {
  JobsService,
  TranscriptionTicket,
  TranscriptionJobInput,
  TranscriptionJobResult,
} from './types.js';
export { describeFailure, JobFailedError, RUNNING_MESSAGE, ShutdownError } from './failures.js';
export { uploadKeyFor, UPLOAD_PREFIXES, readBlob } from './uploads.js';

/** Retry-After of a 503 when every transcription slot is busy and the queue is full. */
export const BUSY_RETRY_AFTER_SECONDS = 30;

export interface JobsDeps {
  config: Config;
  db: Kysely<Database>;
  dialect: DialectName;
  blobs: BlobStore;
  clock: Clock;
  transcription: TranscriptionService;
  notes: NotesService;
  providerLabel: string;
}

/** pg-boss when the database is PostgreSQL (several processes share the work), else jobs in this process. */
export function createJobsService(deps: JobsDeps): JobsService {
  const { config } = deps;
  if (deps.dialect === 'postgres' && config.DATABASE_URL) {
    return createPgBossJobs({
      databaseUrl: config.DATABASE_URL,
      progressPerPractice: config.TRANSCRIPTION_PROGRESS_PER_PRACTICE,
      db: deps.db,
      blobs: deps.blobs,
      transcription: deps.transcription,
      notes: deps.notes,
      clock: deps.clock,
      providerLabel: deps.providerLabel,
      concurrency: config.TRANSCRIPTION_JOBS,
      maxWaiting: config.TRANSCRIPTION_QUEUE_LENGTH,
      retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS,
      work: config.JOBS_WORKER === 'on',
      heartbeatSeconds: config.JOBS_HEARTBEAT_SECONDS,
      superviseSeconds: config.JOBS_SUPERVISE_SECONDS,
      retryLimit: config.JOBS_RETRY_LIMIT,
      expireSeconds: config.TRANSCRIPTION_TIMEOUT_SECONDS * 4 + 60,
    });
  }
  return createInProcessJobs({
    transcription: deps.transcription,
    notes: deps.notes,
    queue: new JobQueue(
      config.TRANSCRIPTION_JOBS,
      config.TRANSCRIPTION_QUEUE_LENGTH,
      BUSY_RETRY_AFTER_SECONDS,
    ),
    progress: new ProgressStore(undefined, undefined, config.TRANSCRIPTION_PROGRESS_PER_PRACTICE),
    blobs: deps.blobs,
    providerLabel: deps.providerLabel,
  });
}
