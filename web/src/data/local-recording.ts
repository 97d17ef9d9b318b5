import { isFarmConsultation } from '#shared/schemas/consultation.js';
import type {
  BulletEvidence,
  ClinicalData,
  LeftOutLine,
  PreConsultationData,
  SafetyFlag,
  StoredClinicalData,
  TranscriptSegment,
} from '#shared/schemas/clinical.js';
import type { HerdVisitNotes } from '#shared/schemas/herd.js';
import type { TermHint } from '#shared/schemas/transcript-suggestions.js';
import type { RetryState } from './processing/retry-schedule.js';

/**
 * A recording kept in the browser (spec section 3, 'Local recording'), dates as ISO strings. Fields after
 * isOnlineOnly go beyond the spec: farm-mode segment links, the server id once saved, and the last
 * processing error so a failed item says so.
 */
export interface LocalRecording {
  id: string;
  audioBlob: Blob;
  audioBlobType: string;
  recordingTime: number;
  recordingStartTime: string;
  preConsultationData: PreConsultationData;
  transcript?: string;
  transcriptLanguage?: string;
  clinicalData?: ClinicalData | StoredClinicalData;
  processedAt?: string;
  needsProcessing: boolean;
  isOnlineOnly: boolean;
  segmentNumber?: number;
  totalSegments?: number;
  parentRecordingId?: string;
  serverRecordingId?: string;
  processingError?: string;
  /** A queued recording's automatic retries after a dropped upload or a busy server (backoff). */
  retry?: RetryState;
  /** Timed transcript pieces from /api/transcribe, sent to /api/extract so evidence carries audio times. */
  transcriptSegments?: TranscriptSegment[];
  /** POST /api/transcribe's term hints, sent with the edited transcript for its suggestions. */
  termHints?: TermHint[];
  /** Where each bullet came from in the transcript (POST /api/extract). */
  evidence?: BulletEvidence[];
  /** Utterances the extractor left out of the notes, with reasons; the vet can move one into a section. */
  leftOut?: LeftOutLine[];
  /** The extractor's warnings, each with the text of the bullet it was raised on. */
  safetyFlags?: Array<SafetyFlag & { bullet: string }>;
  /** Keys of safety flags the vet has acknowledged. */
  acknowledgedFlags?: string[];
  /** The server's notes version after the last save, sent back as baseVersion. */
  serverNotesVersion?: number;
  /** Fingerprint of the notes + transcript last saved to the server: equal means '✓ Saved'. */
  serverSavedFingerprint?: string;
  /** Herd Visit (issue 20, features/herd): the reviewed split into group and animals. */
  herdVisit?: HerdVisitNotes;
  /** The visit's server id once saved with its animals (POST /api/herd-visits). */
  herdServerVisitId?: string;
  /** Fingerprint of the herd split last saved: equal means '✓ Saved'. */
  herdSavedFingerprint?: string;
}

/** Audio as captured, from a finished segment or from the journal of an interrupted one. */
export interface CapturedAudio {
  id: string;
  audio: Blob;
  /** The recorder's chosen type; the blob's own type wins when it has one. */
  mimeType?: string;
  recordedSeconds: number;
  startedAt: string;
  segmentNumber: number;
  parentRecordingId?: string;
}

/** Spec section 9: the default audio format. */
export const DEFAULT_AUDIO_TYPE = 'audio/webm';

/**
 * The one way a captured recording becomes a local recording, whether it was stopped normally, closed by a
 * farm segment roll-over, or recovered after a crash:
 * - isFarmMode is derived from the consultation type (spec section 3: 'true exactly when consultationType
 *   is Farm Visit'; Herd Visit is a farm consultation too), never copied from what the form once held;
 * - audioBlobType is the blob's type, else the recorder's, else webm (spec section 9);
 * - totalSegments starts at 1 (spec section 9's default); the consultation's true count is written to all
 *   its segments when it ends (`linkSegments` on stop, `RecordingsStore.endConsultation` on recovery).
 */
export function newLocalRecording(captured: CapturedAudio, preConsultationData: PreConsultationData): LocalRecording {
  return {
    id: captured.id,
    audioBlob: captured.audio,
    audioBlobType: captured.audio.type || captured.mimeType || DEFAULT_AUDIO_TYPE,
    recordingTime: captured.recordedSeconds,
    recordingStartTime: captured.startedAt,
    preConsultationData: {
      ...preConsultationData,
      isFarmMode: isFarmConsultation(preConsultationData.consultationType),
    },
    needsProcessing: true,
    isOnlineOnly: false,
    segmentNumber: captured.segmentNumber,
    totalSegments: 1,
    ...(captured.parentRecordingId ? { parentRecordingId: captured.parentRecordingId } : {}),
  };
}
