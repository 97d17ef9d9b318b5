import { setMaxListeners } from 'node:events';
import type { BlobStore } from '../storage/index.js';
import type { NotesService } from '../services/notes-service.js';
import { QueueFullError, type JobQueue } from '../services/job-queue.js';
import type { TranscriptionService } from '../services/transcription-service.js';
import { ProgressStore, type ProgressKey } from '../transcription/progress.js';
import { currentLogger } from '../logging/logger.js';
import { describeFailure, ShutdownError, type JobFailedError } from './failures.js';
import type { JobsService, TranscriptionJobResult, TranscriptionTicket } from './types.js';
import { keepUpload } from './uploads.js';

/** How long stop() waits for running jobs to record their failure. */
const STOP_WAIT_MS = 10_000;

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

export interface InProcessJobsDeps {
  transcription: TranscriptionService;
  notes: NotesService;
  /** TRANSCRIPTION_JOBS slots and TRANSCRIPTION_QUEUE_LENGTH waiting places. */
  queue: JobQueue;
  progress: ProgressStore;
  blobs: BlobStore;
  /** 'Powered by' name carried in every result. */
  providerLabel: string;
}

/**
 * Jobs in this process (SQLite, one server): a bounded queue in memory, progress in memory. Nothing here
 * survives a restart, so stop() fails what is running with 503 + Retry-After and the recorder, which keeps
 * the recording on the device, sends it again.
 */
export function createInProcessJobs(deps: InProcessJobsDeps): JobsService {
  const { transcription, queue, progress, blobs } = deps;
  /** Each running job's abort switch, and its end (settled either way) for stop() to wait on. */
  const running = new Map<ProgressKey, { controller: AbortController; ended: Promise<unknown> }>();
  let stopping = false;

  async function keepForSave(practiceId: string, idempotencyKey: string, audio: Uint8Array): Promise<void> {
    try {
      await keepUpload(blobs, practiceId, idempotencyKey, audio);
    } catch (error) {
      // Only an optimisation for the save (which can still send the audio): never fails the transcription.
      currentLogger({ component: 'jobs' }).warn(
        { reason: error instanceof Error ? error.message : String(error) },
        'keeping the upload for the save failed',
      );
    }
  }

  return {
    backend: 'in-process',
    async start() {},
    async stop() {
      stopping = true;
      const jobs = [...running.values()];
      for (const { controller } of jobs) controller.abort(new ShutdownError());
      // Aborted engine calls end at once, but a job may be between calls (loading the engine's client,
      // decoding): its 503 is recorded when it notices, bounded so a stuck engine cannot hold the shutdown.
      await Promise.race([Promise.allSettled(jobs.map((job) => job.ended)), sleep(STOP_WAIT_MS)]);
    },
    async isBusy() {
      return stopping || queue.isFull();
    },
    async isRunning(practiceId, id) {
      return progress.isRunning(id, practiceId);
    },
    async progress(practiceId, id) {
      return progress.get(id, practiceId);
    },
    extract: (request, signal) => deps.notes.extract(request, signal),

    async beginTranscription(practiceId, id) {
      const key = progress.start(id, practiceId);
      const finishFailed = (error: unknown): JobFailedError => {
        const failure = describeFailure(error);
        progress.finish(key, { error: failure.message, errorStatus: failure.status });
        if (failure.status === 500)
          currentLogger({ component: 'jobs' }).error({ err: error }, 'transcription failed unexpectedly');
        return failure;
      };
      const ticket: TranscriptionTicket = {
        id,
        async fail(error) {
          finishFailed(error);
        },
        async submit(input) {
          if (stopping) throw finishFailed(new ShutdownError());
          try {
            transcription.checkUpload(input.audio);
          } catch (error) {
            throw finishFailed(error);
          }
          if (queue.isFull()) throw finishFailed(new QueueFullError(queue.retryAfterSeconds));
          const controller = new AbortController();
          // Every engine call of every piece listens on it (as on a request's own signal, which undici allows).
          setMaxListeners(1000, controller.signal);
          const onClientGone = () => controller.abort(input.signal?.reason);
          input.signal?.addEventListener('abort', onClientGone, { once: true });
          // Joined synchronously after the isFull() check above, so this job is admitted (job-queue.ts).
          const transcribed = queue
            .run(
              () =>
                transcription.transcribe({
                  audio: input.audio,
                  preConsultation: input.preConsultation,
                  vocabulary: input.vocabulary,
                  signal: controller.signal,
                  onProgress: (change) => progress.update(key, change),
                }),
              controller.signal,
            )
            .then(
              ({ container: _container, ...result }): TranscriptionJobResult => {
                const answer = { ...result, provider: deps.providerLabel };
                progress.finish(key, { result: answer });
                return answer;
              },
              (error: unknown) => {
                // Handed back at shutdown: the client is told to try again, not that its audio was bad.
                throw finishFailed(
                  controller.signal.reason instanceof ShutdownError ? controller.signal.reason : error,
                );
              },
            )
            .finally(() => {
              running.delete(key);
              input.signal?.removeEventListener('abort', onClientGone);
            });
          // Kept while it is transcribed (not before: the slot was taken synchronously after isFull()).
          const kept = input.idempotencyKey
            ? keepForSave(practiceId, input.idempotencyKey, input.audio)
            : Promise.resolve();
          transcribed.catch(() => undefined); // settled through `done`; no unhandled rejection meanwhile
          running.set(key, { controller, ended: transcribed });
          const done = kept.then(() => transcribed);
          return { done };
        },
      };
      return ticket;
    },
  };
}
