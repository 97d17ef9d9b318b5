import { z } from 'zod';
import { withoutControlCharacters } from './control-characters.js';
import {
  ClinicalDataSchema,
  LegacyClinicalDataSchema,
  MAX_TRANSCRIPT_CHARS,
  StoredClinicalDataSchema,
} from './clinical.js';

export const recordingMessages = {
  /** Spec section 5: audio, a start time and clinical notes are required to save. */
  missingData: 'Missing required data to save',
  audioDataNotString: 'audioData must be a string',
  badBase64: 'audioData is not valid base64',
  recordedAtInvalid:
    'recordedAt must be an ISO 8601 date-time with a time zone, e.g. 2025-03-01T08:30:00.000Z',
  soapNotesInvalid: 'soapNotes must be an object of clinical notes',
  searchRequired: 'Search term is required',
  notFound: 'Recording not found',
  parentNotFound: 'parentRecordingId does not name a recording of this practice',
  transitCorrupted: 'The audio was corrupted in transit (SHA-256 mismatch); please try again',
  audioChanged: 'This recording was already saved with different audio',
  deleted: 'This recording has been deleted',
  notesConflict: 'The notes were changed in the meantime; reload them and try again',
  integrity: 'Stored audio failed its integrity check',
  audioMissing: 'Stored audio is missing',
  noAudio: 'No audio is stored for this recording',
  storeFailed: 'The audio could not be stored; please try again',
  uploadForm: "Send multipart/form-data with an 'audio' file and a 'metadata' JSON field",
  metadataInvalid: 'metadata must be a JSON object',
} as const;

/** The 413 text of every recording save, naming the audio limit (MAX_UPLOAD_BYTES). */
export function recordingTooLarge(maxAudioBytes: number): string {
  return `The recording is too large (limit ${(maxAudioBytes / 1_000_000).toFixed(1)} MB)`;
}

const MISSING = recordingMessages.missingData;
const isAbsent = (input: unknown) => input === undefined || input === null;

/** Spec section 5: these are the server's to set. */
const notAccepted = (field: string) =>
  z
    .unknown()
    .refine((value) => value === undefined, { error: `${field} is set by the server and cannot be sent` })
    .optional()
    .describe('Not accepted: set by the server');

const serverOwnedFields = {
  id: notAccepted('id'),
  createdAt: notAccepted('createdAt'),
  updatedAt: notAccepted('updatedAt'),
  deletedAt: notAccepted('deletedAt'),
};

const optionalText = (max: number) => z.string().trim().max(max).nullish();
/** The client may send age and weight as numbers; the columns are text. */
const optionalTextOrNumber = (max: number) =>
  z
    .union([z.string().trim().max(max), z.number()])
    .nullish()
    .transform((value) => (typeof value === 'number' ? String(value) : value));

/**
 * Notes as sent: any mix of the SOAP and the older fields (each optional), at least one of them non-empty.
 * This is StoredClinicalDataSchema's widest branch; its narrower first branches would strip the fields of a
 * partial note.
 */
const soapNotesShape = ClinicalDataSchema.partial().extend(LegacyClinicalDataSchema.shape).shape;
const hasSomeText = (notes: Record<string, unknown>) =>
  Object.values(notes).some((value) => typeof value === 'string' && value.trim() !== '');

export const soapNotesInputSchema = z
  .object(soapNotesShape, {
    error: (issue) => (isAbsent(issue.input) ? MISSING : recordingMessages.soapNotesInvalid),
  })
  .refine(hasSomeText, { error: MISSING });

const recordingFields = {
  recordedAt: z.iso.datetime({
    offset: true,
    error: (issue) => (isAbsent(issue.input) ? MISSING : recordingMessages.recordedAtInvalid),
  }),
  soapNotes: soapNotesInputSchema,
  /** Empty or missing becomes 'Unknown' (spec section 5). */
  patientName: optionalText(200),
  species: optionalText(100),
  breed: optionalText(200),
  age: optionalTextOrNumber(100),
  weight: optionalTextOrNumber(100),
  clientName: optionalText(200),
  clientPhone: optionalText(50),
  clientEmail: optionalText(320),
  /** Whole seconds; defaults to 0. */
  audioDuration: z
    .number()
    .min(0)
    .max(24 * 3600)
    .optional(),
  /** Defaults to webm (spec). The served Content-Type comes from the bytes, not from this. */
  audioFormat: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,10}$/, 'audioFormat must be a short name such as webm')
    .optional(),
  transcript: z.string().max(MAX_TRANSCRIPT_CHARS).nullish(),
  transcriptLanguage: optionalText(20),
  consultationType: optionalText(100),
  isFarmMode: z.union([z.boolean(), z.literal(0), z.literal(1)]).optional(),
  segmentNumber: z.number().int().min(1).max(1000).optional(),
  parentRecordingId: optionalText(100),
  totalSegments: z.number().int().min(1).max(1000).optional(),
  /** Optional hex SHA-256 of the audio as the client has it; a mismatch on arrival is refused with 422. */
  audioSha256: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'audioSha256 must be 64 hex digits')
    .optional(),
};

/**
 * POST /api/recordings/save (spec section 7). Keys are checked in this order, so a forbidden field or a
 * mistyped audioData is reported before a missing one.
 */
export const saveRecordingRequestSchema = z.object({
  ...serverOwnedFields,
  audioData: z
    .string({ error: (issue) => (isAbsent(issue.input) ? MISSING : recordingMessages.audioDataNotString) })
    .min(1, MISSING)
    .describe('The audio as base64, without a data: prefix (one is tolerated)'),
  ...recordingFields,
});

/** The `metadata` field of POST /api/recordings/save-upload: the same fields as the JSON save minus audioData. */
export const uploadMetadataSchema = z.object({ ...serverOwnedFields, ...recordingFields });

export type SaveRecordingRequest = z.infer<typeof saveRecordingRequestSchema>;
export type RecordingMetadataInput = z.infer<typeof uploadMetadataSchema>;

export const recordingSchema = z.object({
  id: z.string(),
  practiceId: z.string(),
  patientName: z.string(),
  species: z.string().nullable(),
  breed: z.string().nullable(),
  age: z.string().nullable(),
  weight: z.string().nullable(),
  clientName: z.string().nullable(),
  clientPhone: z.string().nullable(),
  clientEmail: z.string().nullable(),
  recordedAt: z.string(),
  audioDuration: z.number().int(),
  audioFormat: z.string(),
  transcript: z.string().nullable(),
  transcriptLanguage: z.string().nullable(),
  /** Parsed; null when the record has none. */
  soapNotes: StoredClinicalDataSchema.nullable(),
  consultationType: z.string().nullable(),
  isFarmMode: z.number().int(),
  segmentNumber: z.number().int(),
  parentRecordingId: z.string().nullable(),
  totalSegments: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
  /** The client's recording id the save was sent with (Idempotency-Key), if any. */
  idempotencyKey: z.string().nullable(),
  /** Current notes version; send it back as baseVersion when updating the notes. */
  notesVersion: z.number().int(),
  /** GET it for playback; supports HTTP Range. */
  audioUrl: z.string(),
  audioMimeType: z.string().nullable(),
  audioByteSize: z.number().int().nullable(),
  audioSha256: z.string().nullable(),
});
export type RecordingView = z.infer<typeof recordingSchema>;

export const saveRecordingResponseSchema = z.object({
  success: z.literal(true),
  recording: recordingSchema.pick({
    id: true,
    idempotencyKey: true,
    patientName: true,
    recordedAt: true,
    createdAt: true,
    updatedAt: true,
    notesVersion: true,
    audioUrl: true,
    audioMimeType: true,
    audioByteSize: true,
    audioSha256: true,
  }),
});
export type SaveRecordingResponse = z.infer<typeof saveRecordingResponseSchema>;

/**
 * A recording as the history list and search show it (issue 19: a list of full records with transcripts
 * and notes was ~190 KB for 20 rows). Everything else comes from GET /api/recordings/{id} when one is opened.
 */
export const recordingCardSchema = recordingSchema.pick({
  id: true,
  patientName: true,
  species: true,
  breed: true,
  clientName: true,
  consultationType: true,
  recordedAt: true,
  createdAt: true,
  audioDuration: true,
  isFarmMode: true,
  notesVersion: true,
});
export type RecordingCardView = z.infer<typeof recordingCardSchema>;

export const recordingListResponseSchema = z.object({
  recordings: z.array(recordingCardSchema),
  /**
   * History only: pass as `cursor` to get the page after this one (keyset pagination: as fast on page 500
   * as on page 1); null when this page was not full. Search answers null.
   */
  nextCursor: z.string().nullable(),
});
export type RecordingListResponse = z.infer<typeof recordingListResponseSchema>;
export const recordingResponseSchema = z.object({ recording: recordingSchema });

/** The position after a history row, in its order (recordedAt desc, createdAt desc, id). Opaque to clients. */
export interface HistoryCursor {
  recordedAt: string;
  createdAt: string;
  id: string;
}

const CURSOR_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z$/;

export function encodeHistoryCursor(cursor: HistoryCursor): string {
  const json = JSON.stringify([cursor.recordedAt, cursor.createdAt, cursor.id]);
  return btoa(String.fromCharCode(...new TextEncoder().encode(json)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** undefined for anything encodeHistoryCursor did not produce. */
export function decodeHistoryCursor(text: string): HistoryCursor | undefined {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const parsed: unknown = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0))),
    );
    if (!Array.isArray(parsed) || parsed.length !== 3) return undefined;
    const [recordedAt, createdAt, id] = parsed as unknown[];
    if (typeof recordedAt !== 'string' || !CURSOR_TIMESTAMP.test(recordedAt)) return undefined;
    if (typeof createdAt !== 'string' || !CURSOR_TIMESTAMP.test(createdAt)) return undefined;
    if (typeof id !== 'string' || id.length === 0 || id.length > 100) return undefined;
    return { recordedAt, createdAt, id };
  } catch {
    return undefined;
  }
}

export const historyQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** Spec section 7: page * 20. Still served (from the index), but `cursor` is the fast way to page on. */
  offset: z.coerce.number().int().min(0).default(0),
  /** The previous page's nextCursor; when present, offset is ignored. */
  cursor: z
    .string()
    .max(400)
    .refine((value) => decodeHistoryCursor(value) !== undefined, {
      error: 'cursor is not a valid history cursor',
    })
    .optional(),
});

export const searchQuerySchema = z.object({
  q: z
    .string({ error: recordingMessages.searchRequired })
    .trim()
    .min(1, recordingMessages.searchRequired)
    .max(200, 'Search term is too long')
    .refine(...withoutControlCharacters('q')),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const recordingIdParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(100)
    .refine(...withoutControlCharacters('id')),
});

export const updateNotesRequestSchema = z.object({
  soapNotes: soapNotesInputSchema,
  /** Omitted: the transcript stays as it is. */
  transcript: z.string().max(MAX_TRANSCRIPT_CHARS).nullish(),
  /** The notesVersion the edit started from; if the notes moved on since, 409 instead of overwriting. */
  baseVersion: z.number().int().min(1).optional(),
});
export type UpdateNotesRequest = z.infer<typeof updateNotesRequestSchema>;

export const updateNotesResponseSchema = z.object({ success: z.literal(true), recording: recordingSchema });

export const noteVersionSchema = z.object({
  version: z.number().int(),
  soapNotes: StoredClinicalDataSchema.nullable(),
  transcript: z.string().nullable(),
  editedBy: z.object({ id: z.string().nullable(), email: z.string().nullable() }),
  createdAt: z.string(),
});
export type NoteVersionView = z.infer<typeof noteVersionSchema>;
export const noteVersionsResponseSchema = z.object({ versions: z.array(noteVersionSchema) });
