import type { ClinicalData, PreConsultationData } from '../../../../../shared/schemas/clinical';
import { recordingMetadata } from '../../../../../shared/format/recording-metadata';
import { ApiError, NetworkError } from '../../../lib/api';
import type { LocalRecording } from '../model/local-recording';

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
}

export class ProcessingError extends Error {
  constructor(
    message: string,
    readonly stage: ProcessingStage,
    /** True when the failure was the network, so the recording should wait in the queue. */
    readonly retryable: boolean,
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
  const entries = Object.entries(data).filter(([, value]) => value !== undefined && value !== null && value !== '');
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
    // 5xx and 429 are worth another try later; 4xx means this request will never work as sent.
    const retryable = response.status >= 500 || response.status === 429;
    throw new ProcessingError(await failureText(response, fallback), stage, retryable);
  }
  return response;
}

/**
 * Transcribes then extracts notes for one local recording. Works in the page and in the service worker
 * (no DOM), so a queued recording can be processed by background sync. The local id travels as the
 * Idempotency-Key: a replayed upload returns the first result instead of transcribing twice.
 */
export async function processRecording(recording: LocalRecording, deps: ProcessingDeps): Promise<ProcessingResult> {
  deps.onStage?.('transcribing', null);
  const form = new FormData();
  form.append('audio', new File([recording.audioBlob], uploadFileName(recording), { type: recording.audioBlobType }));
  const preConsultation = compactPreConsultation(recording.preConsultationData);
  if (preConsultation) form.append('preConsultationData', JSON.stringify(preConsultation));
  const transcribed = await call(
    deps,
    'transcribing',
    '/api/transcribe',
    { method: 'POST', body: form, headers: { 'Idempotency-Key': recording.id } },
    processingFailureMessages.transcription,
  );
  const { transcript, transcriptLanguage } = (await transcribed.json()) as { transcript: string; transcriptLanguage?: string };

  deps.onStage?.('extracting', null);
  const extracted = await call(
    deps,
    'extracting',
    '/api/extract',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        transcript,
        ...(preConsultation ? { preConsultationData: preConsultation } : {}),
        recordingMetadata: recordingMetadata(new Date(recording.recordingStartTime), recording.recordingTime),
      }),
    },
    processingFailureMessages.extraction,
  );
  const { clinicalData } = (await extracted.json()) as { clinicalData: ClinicalData };
  return { transcript, ...(transcriptLanguage ? { transcriptLanguage } : {}), clinicalData };
}

export function processingErrorMessage(error: unknown): string {
  if (error instanceof ProcessingError || error instanceof ApiError) return error.message;
  return processingFailureMessages.fallback;
}
