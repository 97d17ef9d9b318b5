import type { Kysely, Transaction } from 'kysely';
import type { Database, RecordingNoteVersionRow } from '../../db/schema.js';

/** The append-only history of a recording's notes. Rows are inserted, never updated or deleted. */
export function noteVersionsRepository(db: Kysely<Database>) {
  return {
    async insert(
      row: RecordingNoteVersionRow,
      trx: Kysely<Database> | Transaction<Database> = db,
    ): Promise<void> {
      await trx.insertInto('recordingNoteVersions').values(row).execute();
    },

    /** Oldest first; scoped by practice as well as recording. */
    async list(practiceId: string, recordingId: string): Promise<RecordingNoteVersionRow[]> {
      return db
        .selectFrom('recordingNoteVersions')
        .selectAll()
        .where('practiceId', '=', practiceId)
        .where('recordingId', '=', recordingId)
        .orderBy('version')
        .execute();
    },
  };
}

export type NoteVersionsRepository = ReturnType<typeof noteVersionsRepository>;
