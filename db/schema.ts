import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Timestamps travel as ISO-8601 UTC strings in both dialects: SQLite stores them as text, PostgreSQL as
 * timestamptz that the pg driver is told to hand back as ISO strings (see dialect.ts).
 */
type Timestamp = string;

export interface UsersTable {
  id: string;
  email: string;
  passwordHash: string;
  isAdmin: ColumnType<number, number | undefined, number>;
  /** Kept for the spec's shape; reset tokens live hashed in passwordResets, never here. */
  resetToken: string | null;
  resetTokenExpiry: Timestamp | null;
  practiceName: string | null;
  practicePhone: string | null;
  practiceEmail: string | null;
  practiceEmailPassword: string | null;
  practiceEmailProvider: ColumnType<string, string | undefined, string>;
  smtpHost: string | null;
  smtpPort: number | null;
  smtpSecure: number | null;
  createdAt: ColumnType<Timestamp, Timestamp | undefined, never>;
  updatedAt: Timestamp;
  /** Years records are kept after the patient's last consultation (SAVC minimum 3; default 7). */
  retentionYears: ColumnType<number, number | undefined, number>;
  /** 1 blocks the retention purge for this practice (litigation, inquiry). */
  legalHold: ColumnType<number, number | undefined, number>;
  // 0004_practice_settings (issue 7). practiceEmailPassword and whatsappAccessToken hold sealed secrets.
  whatsappPhoneNumberId: ColumnType<string | null, string | null | undefined, string | null>;
  whatsappAccessToken: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0005_practice_vocabulary (issue 18): terms for the transcription prompt. */
  practiceVocabulary: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface RecordingsTable {
  id: string;
  practiceId: string;
  patientName: string;
  species: string | null;
  breed: string | null;
  age: string | null;
  weight: string | null;
  clientName: string | null;
  clientPhone: string | null;
  clientEmail: string | null;
  recordedAt: Timestamp;
  audioData: string;
  audioDuration: number;
  audioFormat: ColumnType<string, string | undefined, string>;
  transcript: string | null;
  transcriptLanguage: string | null;
  /** JSON text of the clinical notes. */
  soapNotes: string | null;
  consultationType: string | null;
  isFarmMode: ColumnType<number, number | undefined, number>;
  segmentNumber: ColumnType<number, number | undefined, number>;
  parentRecordingId: string | null;
  totalSegments: ColumnType<number, number | undefined, number>;
  createdAt: ColumnType<Timestamp, Timestamp | undefined, never>;
  updatedAt: Timestamp;
  deletedAt: Timestamp | null;
  // 0002_recording_store: the audio lives in the blob store; audioData is '' for such rows.
  /** Key in the blob store (fs or s3); null only for rows whose audio is still inline base64. */
  audioBlobKey: string | null;
  /** Hex SHA-256 of the audio bytes, checked on write and before every read. */
  audioSha256: string | null;
  audioByteSize: number | null;
  /** What GET /api/recordings/{id}/audio answers with, e.g. audio/webm. */
  audioMimeType: string | null;
  /** The client's recording id (Idempotency-Key of the save); unique per practice. */
  idempotencyKey: string | null;
  /** The latest version in recordingNoteVersions; updates compare-and-set on it. */
  notesVersion: ColumnType<number, number | undefined, number>;
  /**
   * 0006_history_search (issue 19): patient, client and species case-folded (db/search-text.ts), written by
   * the repository; what search compares, indexed by FTS5 trigram (SQLite) or pg_trgm (PostgreSQL).
   */
  searchText: ColumnType<string | null, string | null | undefined, string | null>;
  // 0008_herd_visits (issue 20): a herd visit ('visit') and its animals ('animal', parentRecordingId → visit).
  herdRole: ColumnType<
    'visit' | 'animal' | null,
    'visit' | 'animal' | null | undefined,
    'visit' | 'animal' | null
  >;
  /** The animal's ear tag or number as spoken ('231'); null for other rows. */
  animalTag: ColumnType<string | null, string | null | undefined, string | null>;
  /** tagKey(animalTag): what the animal's history compares. */
  animalTagKey: ColumnType<string | null, string | null | undefined, string | null>;
  /** The farm (client name), case-folded as search folds it. */
  farmKey: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON: an animal's key, kind, name and treatments, or a visit's group name, size and group treatments. */
  herdData: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Every state the notes of a recording have had: clinical records are never silently overwritten. */
export interface RecordingNoteVersionsTable {
  recordingId: string;
  /** 1 at the first save, +1 per change. */
  version: number;
  practiceId: string;
  /** JSON text, as recordings.soapNotes. */
  soapNotes: string | null;
  transcript: string | null;
  /** Who wrote this version; a snapshot of the e-mail so it still says who after an address change. */
  editedByUserId: string | null;
  editedByEmail: string | null;
  createdAt: Timestamp;
}

/** Stored outcomes of requests sent with an Idempotency-Key (api/http/idempotency.ts). */
export interface IdempotencyKeysTable {
  id: string;
  practiceId: string;
  key: string;
  /** A name chosen by the route, e.g. 'recordings.save'; the key is unique per practice and route. */
  route: string;
  /** SHA-256 of what makes the request what it is; a reuse with another request is refused. */
  requestHash: string;
  /** Null while the first request is still running ('pending'). */
  statusCode: number | null;
  /** JSON text of the response body, once completed. */
  responseBody: string | null;
  /** When the current holder took the key; a pending row older than its lease may be taken over. */
  createdAt: Timestamp;
  completedAt: Timestamp | null;
}

/** Lucia-style sessions: the id is the SHA-256 of the cookie token, so a leaked table grants nothing. */
export interface SessionsTable {
  id: string;
  userId: string;
  /** Sliding idle expiry. */
  expiresAt: Timestamp;
  /** Absolute expiry, fixed at sign-in. */
  absoluteExpiresAt: Timestamp;
  createdAt: Timestamp;
}

export interface PasswordResetsTable {
  /** SHA-256 of the token sent by e-mail. */
  tokenHash: string;
  userId: string;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
  createdAt: Timestamp;
}

/** Append-only (database triggers refuse UPDATE and DELETE). No foreign keys: entries outlive their subjects. */
export interface AuditLogTable {
  id: Generated<number>;
  /** UTC, ISO-8601. */
  occurredAt: Timestamp;
  /** Null for anonymous events, e.g. a failed sign-in with an unknown address. */
  actorId: string | null;
  /** Snapshot, so an entry still says who after the account is deleted. */
  actorEmail: string | null;
  /** The practice (user) whose data the event concerns. */
  practiceId: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  /** JSON object; secrets are stripped before it is written. */
  details: ColumnType<string, string | undefined, never>;
  clientAddress: string | null;
}

/** One row per counted attempt (failed sign-in, reset request), for sliding-window rate limits. */
export interface RateLimitEventsTable {
  id: string;
  bucket: string;
  /** SHA-256 of bucket and key (an e-mail or client address), so the table holds neither. */
  keyHash: string;
  occurredAt: Timestamp;
}

/** 0007_jobs (issue 17): a transcription job shared through pg-boss, as its client reads it back. */
export interface JobsTable {
  id: string;
  practiceId: string;
  clientId: string;
  kind: string;
  stage: string;
  percent: ColumnType<number, number | undefined, number>;
  piecesDone: ColumnType<number, number | undefined, number>;
  piecesTotal: ColumnType<number, number | undefined, number>;
  audioSeconds: number | null;
  error: string | null;
  errorStatus: number | null;
  /** JSON of the transcription once done. */
  result: string | null;
  /** JSON of what the job needs besides its audio (pre-consultation hints, vocabulary). */
  input: string;
  /** The audio in the blob store. */
  audioKey: string | null;
  requestId: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  /** The process that finished it (at most one: finishing is conditional on the job still running). */
  finishedBy: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface Database {
  users: UsersTable;
  recordings: RecordingsTable;
  sessions: SessionsTable;
  passwordResets: PasswordResetsTable;
  recordingNoteVersions: RecordingNoteVersionsTable;
  idempotencyKeys: IdempotencyKeysTable;
  auditLog: AuditLogTable;
  rateLimitEvents: RateLimitEventsTable;
  jobs: JobsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type RecordingRow = Selectable<RecordingsTable>;
export type NewRecordingRow = Insertable<RecordingsTable>;
export type RecordingNoteVersionRow = Selectable<RecordingNoteVersionsTable>;
export type IdempotencyKeyRow = Selectable<IdempotencyKeysTable>;
export type SessionRow = Selectable<SessionsTable>;
export type PasswordResetRow = Selectable<PasswordResetsTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
