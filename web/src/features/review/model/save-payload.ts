import { isFarmConsultation, type ClinicalData } from '#shared/schemas/clinical';
import type { RecordingMetadataInput } from '#shared/schemas/recordings';
import { recordingMessages } from '#shared/schemas/recordings';
import type { LocalRecording } from '../../../data/local-recording';
import { notesFingerprint } from './notes-draft';

export const SAVE_MISSING_DATA = recordingMessages.missingData;
export const SAVE_FAILED_FALLBACK = 'Failed to save to database';

export class MissingSaveDataError extends Error {
  constructor() {
    super(SAVE_MISSING_DATA);
  }
}

const hasNotes = (notes: ClinicalData | null | undefined): notes is ClinicalData =>
  Boolean(
    notes &&
    [notes.subjective, notes.objective, notes.assessment, notes.plan].some((text) => text.trim() !== ''),
  );

const orNull = (value: string | undefined) => (value && value.trim() !== '' ? value : null);

/** What a save reads from the local recording. */
export type SaveSource = Pick<
  LocalRecording,
  | 'audioBlob'
  | 'recordingStartTime'
  | 'recordingTime'
  | 'preConsultationData'
  | 'transcript'
  | 'segmentNumber'
  | 'totalSegments'
>;

/**
 * The `metadata` of POST /api/recordings/save-upload (spec sections 5 and 7): audio, a start time and
 * clinical notes are required; the patient name falls back to 'Unknown'; the transcript language is sent
 * as 'auto' and the format as 'webm'. Throws MissingSaveDataError when something required is absent.
 */
export function buildSaveMetadata(
  recording: SaveSource,
  notes: ClinicalData | null | undefined,
): RecordingMetadataInput {
  if (
    !recording.audioBlob ||
    recording.audioBlob.size === 0 ||
    !recording.recordingStartTime ||
    !hasNotes(notes)
  ) {
    throw new MissingSaveDataError();
  }
  const pre = recording.preConsultationData;
  const patientName = orNull(notes.patientName) ?? orNull(pre.patientName) ?? 'Unknown';
  return {
    patientName,
    species: orNull(pre.species) ?? orNull(notes.species),
    breed: orNull(pre.breed),
    age: orNull(pre.age),
    weight: orNull(pre.weight),
    clientName: orNull(pre.clientName) ?? orNull(notes.clientName),
    clientPhone: orNull(pre.clientPhone),
    clientEmail: orNull(pre.clientEmail),
    recordedAt: new Date(recording.recordingStartTime).toISOString(),
    audioDuration: Math.max(0, Math.round(recording.recordingTime)),
    audioFormat: 'webm',
    transcript: recording.transcript ?? null,
    transcriptLanguage: 'auto',
    soapNotes: notes,
    consultationType: orNull(pre.consultationType) ?? orNull(notes.consultationType),
    isFarmMode: isFarmConsultation(pre.consultationType),
    segmentNumber: recording.segmentNumber ?? 1,
    totalSegments: recording.totalSegments ?? 1,
    // parentRecordingId is a local id here; the server only knows its own ids, so it is not sent.
  };
}

export type SavePlan =
  | { kind: 'create' }
  | { kind: 'update'; serverId: string; baseVersion: number | undefined }
  | { kind: 'up-to-date'; serverId: string };

/**
 * Saving happens once per recording (spec section 4): the first save creates the server record; after
 * that the returned id is reused and only changed notes are sent (PUT notes), never a second recording.
 */
export function planSave(
  recording: Pick<
    LocalRecording,
    'serverRecordingId' | 'serverNotesVersion' | 'serverSavedFingerprint' | 'transcript'
  >,
  notes: ClinicalData,
): SavePlan {
  if (!recording.serverRecordingId) return { kind: 'create' };
  if (recording.serverSavedFingerprint === notesFingerprint(notes, recording.transcript)) {
    return { kind: 'up-to-date', serverId: recording.serverRecordingId };
  }
  return { kind: 'update', serverId: recording.serverRecordingId, baseVersion: recording.serverNotesVersion };
}

/** The spec's inline save error: the server's text when there is one, else 'Failed to save to database'. */
export function saveErrorMessage(error: unknown): string {
  if (error instanceof MissingSaveDataError) return error.message;
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return SAVE_FAILED_FALLBACK;
}
