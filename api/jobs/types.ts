import type { ExtractRequest, ExtractResponse } from '#shared/schemas/clinical.js';
import type { TranscriptionProgress } from '../transcription/progress.js';
import type { PreConsultationHints } from '../transcription/vocabulary.js';
import type { TranscriptionResult } from '../services/transcription-service.js';

/** What POST /api/transcribe answers with: the pipeline's result and the engine's name. */
export type TranscriptionJobResult = Omit<TranscriptionResult, 'container'> & { provider: string };

export interface TranscriptionJobInput {
  audio: Uint8Array;
  preConsultation?: PreConsultationHints | undefined;
  /** The practice's own vocabulary (Settings), for the prompt. */
  vocabulary?: string | null | undefined;
  /**
   * The client's Idempotency-Key (its local recording id): the upload is kept in the blob store under it,
   * so the save can reference it instead of sending the audio again.
   */
  idempotencyKey?: string | undefined;
  /** A synchronous request's connection: the job stops when the client goes away (in process only). */
  signal?: AbortSignal | undefined;
}

/**
 * One transcription, from the moment its upload starts arriving: progress reads 'receiving' while the
 * route is still reading the form. Either `submit` (the job runs) or `fail` (the upload was bad) ends it.
 */
export interface TranscriptionTicket {
  readonly id: string;
  /** Queues the job; `done` settles with its result or a JobFailedError. Rejects at once for a bad upload. */
  submit(input: TranscriptionJobInput): Promise<{ done: Promise<TranscriptionJobResult> }>;
  /** Ends the job as failed before it ran; returns the failure as the client is told. */
  fail(error: unknown): Promise<void>;
}

/**
 * Transcription and extraction as jobs (docs/architecture-jobs.md): in this process (SQLite, the default),
 * or on pg-boss (PostgreSQL), where any API or worker process may run a job and a job outlives the process
 * that accepted it.
 */
export interface JobsService {
  readonly backend: 'in-process' | 'pg-boss';
  /** Starts taking jobs (pg-boss: installs its schema, registers workers when JOBS_WORKER=on). */
  start(): Promise<void>;
  /** Stops taking jobs and hands back the running ones (pg-boss: retried elsewhere; in process: failed, 503). */
  stop(): Promise<void>;
  /** True when a new transcription would be refused with 503 (every slot busy and the queue full). */
  isBusy(): Promise<boolean>;
  isRunning(practiceId: string, id: string): Promise<boolean>;
  /** 409-free start of the practice's job `id` (a finished one with the same id is replaced). */
  beginTranscription(practiceId: string, id: string, requestId?: string): Promise<TranscriptionTicket>;
  /** The practice's job `id`; undefined for an unknown id or another practice's. */
  progress(practiceId: string, id: string): Promise<TranscriptionProgress | undefined>;
  /** Notes from a transcript (embedded extractor or OpenAI); see notes-service.ts. */
  extract(request: ExtractRequest, signal?: AbortSignal): Promise<ExtractResponse>;
}
