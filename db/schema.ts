import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';

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

export interface Database {
  users: UsersTable;
  recordings: RecordingsTable;
  sessions: SessionsTable;
  passwordResets: PasswordResetsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type RecordingRow = Selectable<RecordingsTable>;
export type NewRecordingRow = Insertable<RecordingsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type PasswordResetRow = Selectable<PasswordResetsTable>;
