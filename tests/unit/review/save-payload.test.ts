import { describe, expect, it } from 'vitest';
import type { ClinicalData } from '#shared/schemas/clinical.js';
import { uploadMetadataSchema } from '#shared/schemas/recordings.js';
import { notesFingerprint } from '../../../web/src/features/review/model/notes-draft.js';
import {
  buildSaveMetadata,
  MissingSaveDataError,
  planSave,
  SAVE_FAILED_FALLBACK,
  saveErrorMessage,
} from '../../../web/src/features/review/model/save-payload.js';
import { ApiError } from '../../../web/src/lib/api.js';

const notes: ClinicalData = {
  subjective: 'Lame',
  objective: '',
  assessment: 'Abscess',
  plan: 'Pare the hoof',
};
const recording = {
  audioBlob: new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/webm' }),
  recordingStartTime: '2025-03-01T08:30:00.000Z',
  recordingTime: 125.6,
  preConsultationData: {
    clientName: 'Piet',
    species: 'Cattle' as const,
    consultationType: 'Farm Visit' as const,
    breed: '',
  },
  transcript: 'The cow is lame.',
  segmentNumber: 2,
  totalSegments: 3,
};

describe('save payload', () => {
  it('builds the spec fields: patient Unknown, language auto, format webm', () => {
    const metadata = buildSaveMetadata(recording, notes);
    expect(metadata).toMatchObject({
      patientName: 'Unknown',
      clientName: 'Piet',
      species: 'Cattle',
      breed: null,
      recordedAt: '2025-03-01T08:30:00.000Z',
      audioDuration: 126,
      audioFormat: 'webm',
      transcript: 'The cow is lame.',
      transcriptLanguage: 'auto',
      soapNotes: notes,
      consultationType: 'Farm Visit',
      isFarmMode: true,
      segmentNumber: 2,
      totalSegments: 3,
    });
    // What the client builds is what the server accepts.
    expect(uploadMetadataSchema.safeParse(metadata).success).toBe(true);
  });

  it('prefers the patient name from the notes, then the pre-consultation form', () => {
    expect(buildSaveMetadata(recording, { ...notes, patientName: 'Bessie' }).patientName).toBe('Bessie');
    const withForm = { ...recording, preConsultationData: { patientName: 'Daisy' } };
    expect(buildSaveMetadata(withForm, notes).patientName).toBe('Daisy');
  });

  it("refuses without audio, start time or notes: 'Missing required data to save'", () => {
    const cases = [
      () => buildSaveMetadata({ ...recording, audioBlob: new Blob([]) }, notes),
      () => buildSaveMetadata({ ...recording, recordingStartTime: '' }, notes),
      () => buildSaveMetadata(recording, null),
      () => buildSaveMetadata(recording, { subjective: ' ', objective: '', assessment: '', plan: '' }),
    ];
    for (const attempt of cases) {
      expect(attempt).toThrow(MissingSaveDataError);
      expect(attempt).toThrow('Missing required data to save');
    }
  });
});

describe('saving once per recording', () => {
  it('creates the first time, then updates with the stored id, and is saved when nothing changed', () => {
    expect(planSave({ transcript: 't' }, notes)).toEqual({ kind: 'create' });
    const saved = {
      serverRecordingId: 'srv-1',
      serverNotesVersion: 1,
      serverSavedFingerprint: notesFingerprint(notes, 't'),
      transcript: 't',
    };
    expect(planSave(saved, notes)).toEqual({ kind: 'up-to-date', serverId: 'srv-1' });
    expect(planSave(saved, { ...notes, plan: 'Pare and block' })).toEqual({
      kind: 'update',
      serverId: 'srv-1',
      baseVersion: 1,
    });
    expect(planSave({ ...saved, transcript: 'edited' }, notes).kind).toBe('update');
  });

  it('reports the server error, else the spec fallback', () => {
    expect(saveErrorMessage(new ApiError(400, 'Missing required data to save'))).toBe(
      '400: Missing required data to save',
    );
    expect(saveErrorMessage(new MissingSaveDataError())).toBe('Missing required data to save');
    expect(saveErrorMessage('boom')).toBe(SAVE_FAILED_FALLBACK);
    expect(SAVE_FAILED_FALLBACK).toBe('Failed to save to database');
  });
});
