import type { NewRecordingRow } from '../../db/schema.js';

/**
 * The optional columns of a recording row left empty: tests that write thousands of rows straight to the
 * table (scale, query plans) spread this and set only what they vary.
 */
export const EMPTY_RECORDING_FIELDS = {
  breed: null,
  age: null,
  weight: null,
  clientPhone: null,
  clientEmail: null,
  audioData: '',
  audioDuration: 60,
  transcript: null,
  transcriptLanguage: null,
  soapNotes: null,
  consultationType: null,
  parentRecordingId: null,
  deletedAt: null,
  audioBlobKey: null,
  audioSha256: null,
  audioByteSize: null,
  audioMimeType: null,
  idempotencyKey: null,
} satisfies Partial<NewRecordingRow>;
