import type {
  BulletEvidence,
  ClinicalData,
  ExtractResponse,
  LeftOutLine,
  PreConsultationData,
  SafetyFlag,
  TranscriptSegment,
} from '#shared/schemas/clinical';
import type { TranscribeResponse } from '#shared/schemas/transcribe';
import type { TermHint } from '#shared/schemas/transcript-suggestions';
import { recordingMetadata } from '#shared/format/recording-metadata';
import { audioTooLargeMessage } from '#shared/format/audio-limit';
import type { Health } from '#shared/schemas/meta';
import { ApiError, NetworkError } from '../../lib/api';
import type { LocalRecording } from '../local-recording';
import { parseRetryAfter } from './retry-schedule';

export const processingFailureMessages = {
  transcription: 'Transcription failed',
  extraction: 'Extraction failed',
  fallback: 'Failed to process recording. Please try again.',
} as const;

export type ProcessingStage = 'transcribing' | 'extracting';

export interface ProcessingResult {
  transcript: string;
  transcriptLanguage?: string;
  clinicalData: ClinicalData;
  /** Timed pieces of the transcript, when the transcription engine gave them. */
  segments?: TranscriptSegment[];
  /** Prompt terms the audio did not confirm, with the word heard in their place (for the editor's suggestions). */
  termHints?: TermHint[];
  evidence: BulletEvidence[];
  safetyFlags: SafetyFlag[];
  leftOut: LeftOutLine[];
}

/** POST /api/extract's answer with left-out lines always present (engines that do not report them give none). */
export type ExtractResult = Omit<ExtractResponse, 'leftOut' | 'warnings'> & { leftOut: LeftOutLine[] };

export class ProcessingError extends Error {
  constructor(
    message: string,
    readonly stage: ProcessingStage,
    /** True when the failure was the network or a busy server, so the recording should wait in the queue. */
    readonly retryable: boolean,
    /** The HTTP status when the server answered (5xx, 429, 409), null when the request was lost on the way. */
    readonly status: number | null = null,
    /** The server's Retry-After, in ms, when it sent one. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

export interface ProcessingDeps {
  fetch: typeof fetch;
  onStage?: (stage: ProcessingStage, progress: number | null) => void;
}

/** Pre-consultation data minus empty fields; omitted entirely when nothing is left (spec section 7). */
export function compactPreConsultation(data: PreConsultationData): PreConsultationData | undefined {
  const entries = Object.entries(data).filter(
    ([, value]) => value !== undefined && value !== null && value !== '',
  );
  return entries.length > 0 ? (Object.fromEntries(entries) as PreConsultationData) : undefined;
}

/** The audio file name the server sees: always named as a webm recording (spec section 7). */
export function uploadFileName(recording: Pick<LocalRecording, 'id'>): string {
  return `recording-${recording.id}.webm`;
}

async function failureText(response: Response, fallback: string): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown };
    if (typeof body.error === 'string' && body.error.trim()) return body.error;
  } catch {
    // Not JSON: use the fallback.
  }
  return fallback;
}

async function call(
  deps: ProcessingDeps,
  stage: ProcessingStage,
  url: string,
  init: RequestInit,
  fallback: string,
): Promise<Response> {
  let response: Response;
  try {
    response = await deps.fetch(url, { ...init, credentials: 'include' });
  } catch (error) {
    throw new ProcessingError(new NetworkError(error).message, stage, true);
  }
  if (!response.ok) {
    // 5xx, 429 and 409 (the same upload still running) are worth another try later; other 4xx means this
    // request will never work as sent.
    const retryable = response.status >= 500 || response.status === 429 || response.status === 409;
    const retryAfterMs = parseRetryAfter(response.headers.get('Retry-After'), new Date());
    throw new ProcessingError(
      await failureText(response, fallback),
      stage,
      retryable,
      response.status,
      retryAfterMs,
    );
  }
  return response;
}

/** Polls the server's progress of one transcription (0–1) until stopped; silent on any failure. */
function followProgress(deps: ProcessingDeps, requestId: string): () => void {
  if (!deps.onStage) return () => undefined;
  let stopped = false;
  const poll = async () => {
    while (!stopped) {
      await new Promise((resolve) => setTimeout(resolve, PROGRESS_POLL_MS));
      if (stopped) return;
      try {
        const response = await deps.fetch(`/api/transcribe/progress/${requestId}`, {
          credentials: 'include',
        });
        if (!response.ok || stopped) continue;
        const { percent } = (await response.json()) as { percent?: unknown };
        if (typeof percent === 'number' && !stopped)
          deps.onStage?.('transcribing', Math.min(1, Math.max(0, percent / 100)));
      } catch {
        // Progress is a nicety: the upload itself reports the real outcome.
      }
    }
  };
  void poll();
  return () => {
    stopped = true;
  };
}

const PROGRESS_POLL_MS = 1000;

/** The server's audio upload limit from GET /api/health; undefined when it cannot be learnt (offline, old server). */
async function transcribeLimit(deps: ProcessingDeps): Promise<number | undefined> {
  try {
    const response = await deps.fetch('/api/health', { credentials: 'include' });
    if (!response.ok) return undefined;
    return transcribeAudioBytes(await response.json());
  } catch {
    return undefined; // the upload itself will report the network
  }
}

/**
 * The limit field of a /api/health body (shared/schemas/meta's `healthSchema`), read by hand: zod would
 * triple the service worker, which runs this code too.
 */
function transcribeAudioBytes(body: unknown): number | undefined {
  const limits = (body as { limits?: Partial<Health['limits']> } | null)?.limits;
  const bytes = limits?.transcribeAudioBytes;
  return typeof bytes === 'number' && Number.isInteger(bytes) && bytes > 0 ? bytes : undefined;
}

/**
 * POST /api/extract for a transcript. Used after transcription and when the vet edits the transcript and
 * asks to update the notes (spec section 7). Segments are sent only while they still match the transcript.
 */
export async function extractNotes(
  input: {
    transcript: string;
    preConsultationData: PreConsultationData;
    recordingStartTime: string;
    recordingTime: number;
    segments?: TranscriptSegment[];
  },
  deps: ProcessingDeps,
): Promise<ExtractResult> {
  const preConsultation = compactPreConsultation(input.preConsultationData);
  const extracted = await call(
    deps,
    'extracting',
    '/api/extract',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        transcript: input.transcript,
        ...(preConsultation ? { preConsultationData: preConsultation } : {}),
        recordingMetadata: recordingMetadata(new Date(input.recordingStartTime), input.recordingTime),
        ...(input.segments && input.segments.length > 0 ? { segments: input.segments } : {}),
      }),
    },
    processingFailureMessages.extraction,
  );
  const body = (await extracted.json()) as Partial<ExtractResponse> & Pick<ExtractResponse, 'clinicalData'>;
  return {
    clinicalData: body.clinicalData,
    evidence: body.evidence ?? [],
    safetyFlags: body.safetyFlags ?? [],
    leftOut: body.leftOut ?? [],
  };
}

/**
 * Transcribes then extracts notes for one local recording. Works in the page and in the service worker
 * (no DOM), so a queued recording can be processed by background sync. The local id travels as the
 * Idempotency-Key: a replayed upload returns the first result instead of transcribing twice.
 */
export async function processRecording(
  recording: LocalRecording,
  deps: ProcessingDeps,
): Promise<ProcessingResult> {
  deps.onStage?.('transcribing', null);
  // Past the server's limit the upload would be cut mid-way (a network error, retried for ever): say so
  // now, in the server's own words, and keep the recording.
  const limit = await transcribeLimit(deps);
  if (limit !== undefined && recording.audioBlob.size > limit) {
    throw new ProcessingError(audioTooLargeMessage(limit), 'transcribing', false);
  }
  const form = new FormData();
  form.append(
    'audio',
    new File([recording.audioBlob], uploadFileName(recording), { type: recording.audioBlobType }),
  );
  const preConsultation = compactPreConsultation(recording.preConsultationData);
  if (preConsultation) form.append('preConsultationData', JSON.stringify(preConsultation));
  // A fresh progress id per attempt: a retry must not collide with a run the server may still be finishing.
  const requestId = `${recording.id}-${Date.now().toString(36)}`;
  const stopProgress = followProgress(deps, requestId);
  let transcribed: Response;
  try {
    transcribed = await call(
      deps,
      'transcribing',
      '/api/transcribe',
      { method: 'POST', body: form, headers: { 'Idempotency-Key': recording.id, 'X-Request-Id': requestId } },
      processingFailureMessages.transcription,
    );
  } finally {
    stopProgress();
  }
  const { transcript, transcriptLanguage, segments, termHints } = (await transcribed.json()) as Pick<
    TranscribeResponse,
    'transcript' | 'transcriptLanguage'
  > &
    Partial<Pick<TranscribeResponse, 'segments' | 'termHints'>>;
  const timed = segments?.map(({ start, end, text }) => ({ start, end, text }));

  deps.onStage?.('extracting', null);
  const extracted = await extractNotes(
    {
      transcript,
      preConsultationData: recording.preConsultationData,
      recordingStartTime: recording.recordingStartTime,
      recordingTime: recording.recordingTime,
      ...(timed ? { segments: timed } : {}),
    },
    deps,
  );
  return {
    transcript,
    ...(transcriptLanguage ? { transcriptLanguage } : {}),
    ...(timed ? { segments: timed } : {}),
    ...(termHints && termHints.length > 0 ? { termHints } : {}),
    ...extracted,
  };
}

export function processingErrorMessage(error: unknown): string {
  if (error instanceof ProcessingError || error instanceof ApiError) return error.message;
  return processingFailureMessages.fallback;
}
