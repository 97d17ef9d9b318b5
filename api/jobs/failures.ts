import { FfmpegMissingError } from '../audio/ffmpeg.js';
import { TranscriptionProviderError } from '../providers/transcription/types.js';
import { QueueFullError } from '../services/job-queue.js';
import { AudioInputError } from '../services/transcription-service.js';

export type JobFailureStatus = 400 | 413 | 415 | 422 | 500 | 502 | 503 | 504;

/**
 * A job that ended without a result, as the client is told: the HTTP status a synchronous request answers
 * with (4xx: the upload; 5xx: the engine or the server) and the message the recorder shows in its banner.
 */
export class JobFailedError extends Error {
  constructor(
    readonly status: JobFailureStatus,
    message: string,
    /** Set when the client should simply try again later (503 busy or restarting). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const RUNNING_MESSAGE = 'A transcription with this X-Request-Id is already running';

/** Seconds a client waits before retrying a job the server handed back at shutdown. */
export const SHUTDOWN_RETRY_AFTER_SECONDS = 5;

/** The job's process is stopping (SIGTERM); the job is handed back (pg-boss) or failed so the client retries. */
export class ShutdownError extends Error {
  constructor() {
    super('The server is restarting; please try again in a moment');
  }
}

/** Any failure of the transcription pipeline, mapped once for the synchronous answer, the 202 poll and the job row. */
export function describeFailure(error: unknown): JobFailedError {
  if (error instanceof JobFailedError) return error;
  if (error instanceof AudioInputError) return new JobFailedError(error.status, error.message);
  if (error instanceof TranscriptionProviderError)
    return new JobFailedError(error.status, `Transcription failed: ${error.message}`);
  if (error instanceof QueueFullError) return new JobFailedError(503, error.message, error.retryAfterSeconds);
  if (error instanceof ShutdownError)
    return new JobFailedError(503, error.message, SHUTDOWN_RETRY_AFTER_SECONDS);
  if (error instanceof FfmpegMissingError)
    return new JobFailedError(503, `Transcription is not available on this server: ${error.message}`);
  return new JobFailedError(500, 'Transcription failed');
}

/**
 * Whether another attempt may succeed: the engine failing or timing out, or an unexpected error. A bad
 * upload (4xx) or a missing ffmpeg fails the same way every time.
 */
export function isRetriable(error: unknown): boolean {
  if (error instanceof ShutdownError) return true;
  const { status } = describeFailure(error);
  if (error instanceof FfmpegMissingError) return false;
  return status >= 500;
}
