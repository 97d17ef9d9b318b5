import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import os from 'node:os';
import type { JobWithMetadata, PgBoss } from 'pg-boss';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { BlobStore } from '../storage/index.js';
import type { NotesService } from '../services/notes-service.js';
import type { TranscriptionService } from '../services/transcription-service.js';
import type { Clock } from '../services/clock.js';
import type { PreConsultationHints } from '../transcription/vocabulary.js';
import { HttpError } from '../http/errors.js';
import { forRequest, logger } from '../logging/logger.js';
import { describeFailure, isRetriable, JobFailedError, RUNNING_MESSAGE, ShutdownError } from './failures.js';
import { isFinal, jobRows, toProgress } from './job-rows.js';
import type { JobsService, TranscriptionJobResult, TranscriptionTicket } from './types.js';
import { keepUpload, putAudio, readBlob } from './uploads.js';

const QUEUE = 'transcription';
/** How often a synchronous request looks whether its job (perhaps run by another process) has ended. */
const WAIT_POLL_MS = 200;

export interface PgBossJobsOptions {
  databaseUrl: string;
  /** Jobs remembered per practice (TRANSCRIPTION_PROGRESS_PER_PRACTICE); its oldest finished ones make way. */
  progressPerPractice?: number;
  db: Kysely<Database>;
  blobs: BlobStore;
  transcription: TranscriptionService;
  notes: NotesService;
  clock: Clock;
  providerLabel: string;
  /** Jobs this process runs at once (TRANSCRIPTION_JOBS). */
  concurrency: number;
  /** Waiting jobs past which new ones are refused with 503 (TRANSCRIPTION_QUEUE_LENGTH). */
  maxWaiting: number;
  retryAfterSeconds: number;
  /** JOBS_WORKER: whether this process runs jobs or only queues them. */
  work: boolean;
  heartbeatSeconds: number;
  superviseSeconds: number;
  retryLimit: number;
  /** Longest a job may run before pg-boss takes it as lost (the transcription timeout and some). */
  expireSeconds: number;
}

interface JobData {
  jobId: string;
  requestId?: string | undefined;
}

interface StoredInput {
  preConsultation?: PreConsultationHints | undefined;
  vocabulary?: string | null | undefined;
}

/**
 * Jobs on pg-boss (PostgreSQL): the queue lives in the database, so every API process and every
 * `npm run worker` takes jobs from it; a job whose process dies is retried by another once its heartbeat
 * stops (JOBS_HEARTBEAT_SECONDS). The audio waits in the blob store, progress and result in the `jobs`
 * table, so a client polls any process.
 */
export function createPgBossJobs(options: PgBossJobsOptions): JobsService {
  const rows = jobRows(options.db, options.clock, options.progressPerPractice);
  const instance = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const running = new Map<string, AbortController>();
  let stopping = false;
  let started: Promise<PgBoss> | undefined;

  function start(): Promise<PgBoss> {
    started ??= (async () => {
      // Loaded on first use: pg-boss and pg are ~20 MiB of a server's memory (issue 19, idle RSS), and
      // this module is part of every build, SQLite ones included.
      const { PgBoss } = await import('pg-boss');
      const boss = new PgBoss({
        connectionString: options.databaseUrl,
        max: 4,
        superviseIntervalSeconds: options.superviseSeconds,
        monitorIntervalSeconds: options.superviseSeconds,
      });
      boss.on('error', (error: unknown) =>
        logger
          .child({ component: 'jobs' })
          .error({ reason: error instanceof Error ? error.message : String(error) }, 'pg-boss error'),
      );
      await boss.start();
      if (!(await boss.getQueue(QUEUE))) {
        try {
          await boss.createQueue(QUEUE, {
            retryLimit: options.retryLimit,
            retryDelay: 1,
            heartbeatSeconds: options.heartbeatSeconds,
            expireInSeconds: options.expireSeconds,
          });
        } catch (error) {
          // Another process created it between the look and the create.
          if (!(await boss.getQueue(QUEUE))) throw error;
        }
      }
      if (options.work) {
        const workOptions = {
          localConcurrency: options.concurrency,
          pollingIntervalSeconds: 0.5,
          includeMetadata: true,
        } as const;
        await boss.work<JobData, void, typeof workOptions>(QUEUE, workOptions, async ([job]) => {
          if (job) await run(job, job.retryCount >= job.retryLimit);
        });
      }
      return boss;
    })();
    return started;
  }

  /** One attempt at a job. Throws only to have pg-boss try again (engine failure, shutdown). */
  async function run(job: JobWithMetadata<JobData>, lastAttempt: boolean): Promise<void> {
    const row = await rows.get(job.data.jobId);
    // Finished already (an earlier attempt ended it, then its process died before telling pg-boss).
    if (!row || isFinal(row.stage) || !row.audioKey) return;
    if (stopping) throw new ShutdownError();
    await rows.attempt(row.id);
    // The request that queued the job, on every line of it, whichever process runs it.
    const log = forRequest(job.data.requestId).child({
      component: 'jobs',
      jobId: row.id,
      attempt: job.retryCount + 1,
    });
    log.info('transcription started');
    const controller = new AbortController();
    // Every engine call of every piece listens on it (as on a request's own signal, which undici allows).
    setMaxListeners(1000, controller.signal);
    const onBossAbort = () => controller.abort(new ShutdownError());
    job.signal.addEventListener('abort', onBossAbort, { once: true });
    running.set(row.id, controller);
    const input = JSON.parse(row.input) as StoredInput;
    // Progress writes in order, so the stored stage never steps back.
    let writes = Promise.resolve();
    try {
      const audio = await readBlob(options.blobs, row.audioKey);
      const { container: _container, ...result } = await options.transcription.transcribe({
        audio,
        preConsultation: input.preConsultation,
        vocabulary: input.vocabulary,
        signal: controller.signal,
        onProgress: (change) => {
          writes = writes.then(() => rows.update(row.id, change)).catch(() => undefined);
        },
      });
      await writes;
      const answer: TranscriptionJobResult = { ...result, provider: options.providerLabel };
      await rows.finish(row.id, instance, { result: answer });
      log.info('transcription done');
      await options.blobs.delete(row.audioKey).catch(() => undefined);
    } catch (error) {
      await writes;
      const cause = controller.signal.reason instanceof ShutdownError ? controller.signal.reason : error;
      // Handed back (shutdown) or worth another attempt: pg-boss retries it, here or in another process.
      if (isRetriable(cause) && (cause instanceof ShutdownError || !lastAttempt)) throw cause;
      const failure = describeFailure(cause);
      if (failure.status === 500) log.error({ err: cause }, 'transcription failed unexpectedly');
      await rows.finish(row.id, instance, { error: failure.message, errorStatus: failure.status });
      await options.blobs.delete(row.audioKey).catch(() => undefined);
    } finally {
      running.delete(row.id);
      job.signal.removeEventListener('abort', onBossAbort);
    }
  }

  /** Resolves with the job's result once any process has finished it. */
  async function waitFor(id: string, signal?: AbortSignal): Promise<TranscriptionJobResult> {
    for (;;) {
      const row = await rows.get(id);
      if (!row) throw new JobFailedError(500, 'Transcription failed');
      if (row.stage === 'done') return JSON.parse(row.result ?? 'null') as TranscriptionJobResult;
      if (row.stage === 'failed') {
        const status = (row.errorStatus ?? 500) as JobFailedError['status'];
        throw new JobFailedError(status, row.error ?? 'Transcription failed');
      }
      // The client went away: the job goes on (its result is kept for the progress URL and a replay).
      if (signal?.aborted) throw signal.reason;
      await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
    }
  }

  return {
    backend: 'pg-boss',
    async start() {
      await start();
    },
    async stop() {
      stopping = true;
      if (!started) return;
      for (const controller of running.values()) controller.abort(new ShutdownError());
      // Stops polling; the aborted handlers end at once and pg-boss puts their jobs back for a retry.
      await (await started).stop({ graceful: true, timeout: 10_000 });
    },
    async isBusy() {
      if (stopping) return true;
      return (await rows.waiting()) >= options.maxWaiting + options.concurrency;
    },
    async isRunning(practiceId, id) {
      const row = await rows.find(practiceId, id);
      return row !== undefined && !isFinal(row.stage);
    },
    async progress(practiceId, id) {
      const row = await rows.find(practiceId, id);
      return row ? toProgress(row) : undefined;
    },
    extract: (request, signal) => options.notes.extract(request, signal),

    async beginTranscription(practiceId, clientId, requestId) {
      const id = randomUUID();
      if (!(await rows.begin({ id, practiceId, clientId, requestId: requestId ?? null }))) {
        throw new HttpError(409, RUNNING_MESSAGE);
      }
      const fail = async (error: unknown): Promise<JobFailedError> => {
        const failure = describeFailure(error);
        await rows.finish(id, instance, { error: failure.message, errorStatus: failure.status });
        return failure;
      };
      const ticket: TranscriptionTicket = {
        id: clientId,
        async fail(error) {
          await fail(error);
        },
        async submit(input) {
          if (stopping) throw await fail(new ShutdownError());
          try {
            options.transcription.checkUpload(input.audio);
          } catch (error) {
            throw await fail(error);
          }
          if ((await rows.waiting()) >= options.maxWaiting + options.concurrency) {
            throw await fail(
              new JobFailedError(
                503,
                'The server is busy with other recordings; please try again in a moment',
                options.retryAfterSeconds,
              ),
            );
          }
          const boss = await start();
          const audioKey = `jobs/${practiceId}/${id}`;
          try {
            await putAudio(options.blobs, audioKey, input.audio);
            // Audio once: the save may reference this upload instead of sending it again.
            if (input.idempotencyKey)
              await keepUpload(options.blobs, practiceId, input.idempotencyKey, input.audio);
          } catch (error) {
            forRequest(requestId)
              .child({ component: 'jobs', jobId: id })
              .error({ err: error }, 'storing the audio failed');
            throw await fail(
              new JobFailedError(503, 'The server could not store the recording; please try again'),
            );
          }
          const stored: StoredInput = {
            preConsultation: input.preConsultation,
            vocabulary: input.vocabulary,
          };
          await rows.setInput(id, JSON.stringify(stored), audioKey);
          const data: JobData = { jobId: id, ...(requestId ? { requestId } : {}) };
          // The job's id is the row's: sending it twice (a retried submit) queues it once.
          await boss.send(QUEUE, data, { id });
          return { done: waitFor(id, input.signal) };
        },
      };
      return ticket;
    },
  };
}
