import { useState } from 'react';
import { ApiError } from '../../lib/api';
import { localData } from '../../data/browser';
import type { LocalRecording } from '../../data/local-recording';
import { extractNotes, ProcessingError } from '../../data/processing/process-recording';
import { toReviewFlags } from '../../data/review-flags';
import { transcriptUpdateError } from './model/transcript-editor';

/**
 * 'Update Clinical Notes': re-extracts notes from the edited transcript and stores both locally. Evidence
 * and flags are replaced with the new extraction's; the audio timings are dropped because the recognised
 * segments no longer describe the edited text.
 */
export function useTranscriptUpdate(recording: LocalRecording) {
  const [updating, setUpdating] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function update(transcript: string): Promise<boolean> {
    if (updating) return false;
    setUpdating(true);
    setError(null);
    try {
      const result = await extractNotes(
        {
          transcript,
          preConsultationData: recording.preConsultationData,
          recordingStartTime: recording.recordingStartTime,
          recordingTime: recording.recordingTime,
        },
        { fetch: (input, init) => fetch(input, init) },
      );
      await localData().recordings.update(recording.id, {
        transcript,
        clinicalData: result.clinicalData,
        evidence: result.evidence,
        leftOut: result.leftOut,
        safetyFlags: toReviewFlags(result.safetyFlags, result.clinicalData),
        acknowledgedFlags: [],
        transcriptSegments: undefined,
        needsProcessing: false,
        processedAt: new Date().toISOString(),
      });
      return true;
    } catch (cause) {
      const serverError =
        cause instanceof ProcessingError || cause instanceof ApiError ? cause.message : null;
      // 'Extraction failed' is the processing fallback, not a server message: show the update's own fallback.
      setError(transcriptUpdateError(serverError === 'Extraction failed' ? null : serverError));
      return false;
    } finally {
      setUpdating(false);
    }
  }

  return { updating, error, update };
}
