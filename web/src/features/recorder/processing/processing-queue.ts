import type { LocalRecording } from '../model/local-recording';
import type { LocalRecordingStore } from '../storage/local-db';
import { toReviewFlags } from '../../review/model/safety-flags';
import type { ProcessingResult } from './process-recording';

/** Background Sync tag the page registers when processing has to wait for a connection. */
export const BACKGROUND_SYNC_TAG = 'veldvet-process-queue';

/** Recordings waiting for a connection to be processed, oldest first. */
export async function queuedRecordings(store: LocalRecordingStore): Promise<LocalRecording[]> {
  return (await store.awaitingProcessing()).filter((recording) => recording.isOnlineOnly);
}

/** Writes a processing result onto the local recording: the one place both page and worker do this. */
export async function applyProcessingResult(
  store: LocalRecordingStore,
  id: string,
  result: ProcessingResult,
): Promise<void> {
  await store.update(id, {
    transcript: result.transcript,
    ...(result.transcriptLanguage ? { transcriptLanguage: result.transcriptLanguage } : {}),
    clinicalData: result.clinicalData,
    // Evidence and safety flags of this extraction; earlier acknowledgements were of other notes.
    transcriptSegments: result.segments,
    evidence: result.evidence,
    leftOut: result.leftOut,
    safetyFlags: toReviewFlags(result.safetyFlags, result.clinicalData),
    acknowledgedFlags: [],
    processedAt: new Date().toISOString(),
    needsProcessing: false,
    isOnlineOnly: false,
    processingError: undefined,
    retry: undefined,
  });
}
