import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, NewRecordingRow, RecordingRow } from '../../db/schema.js';

/** Every column but the legacy inline audio, which can be megabytes and is never needed for listing. */
const LISTED_COLUMNS = [
  'id',
  'practiceId',
  'patientName',
  'species',
  'breed',
  'age',
  'weight',
  'clientName',
  'clientPhone',
  'clientEmail',
  'recordedAt',
  'audioDuration',
  'audioFormat',
  'transcript',
  'transcriptLanguage',
  'soapNotes',
  'consultationType',
  'isFarmMode',
  'segmentNumber',
  'parentRecordingId',
  'totalSegments',
  'createdAt',
  'updatedAt',
  'deletedAt',
  'audioBlobKey',
  'audioSha256',
  'audioByteSize',
  'audioMimeType',
  'idempotencyKey',
  'notesVersion',
] as const;

export type RecordingListRow = Omit<RecordingRow, 'audioData'>;

/** `%`, `_` and the escape itself are literal in a search term. */
function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * Recording rows. Every query takes the practice id and excludes soft-deleted rows unless it says otherwise:
 * one practice can never reach another's recordings through this repository.
 */
export function recordingsRepository(db: Kysely<Database>) {
  return {
    async insert(row: NewRecordingRow, trx: Kysely<Database> | Transaction<Database> = db): Promise<void> {
      await trx.insertInto('recordings').values(row).execute();
    },

    async findActive(practiceId: string, id: string): Promise<RecordingListRow | undefined> {
      return db
        .selectFrom('recordings')
        .select(LISTED_COLUMNS)
        .where('practiceId', '=', practiceId)
        .where('id', '=', id)
        .where('deletedAt', 'is', null)
        .executeTakeFirst();
    },

    /** Deleted rows too: a replayed save of a deleted recording must not create it again. */
    async findByIdempotencyKey(practiceId: string, key: string): Promise<RecordingListRow | undefined> {
      return db
        .selectFrom('recordings')
        .select(LISTED_COLUMNS)
        .where('practiceId', '=', practiceId)
        .where('idempotencyKey', '=', key)
        .executeTakeFirst();
    },

    /** Only legacy rows still carry base64 audio in audioData. */
    async findInlineAudio(practiceId: string, id: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('recordings')
        .select('audioData')
        .where('practiceId', '=', practiceId)
        .where('id', '=', id)
        .where('deletedAt', 'is', null)
        .executeTakeFirst();
      return row?.audioData;
    },

    async history(practiceId: string, limit: number, offset: number): Promise<RecordingListRow[]> {
      return db
        .selectFrom('recordings')
        .select(LISTED_COLUMNS)
        .where('practiceId', '=', practiceId)
        .where('deletedAt', 'is', null)
        .orderBy('recordedAt', 'desc')
        .orderBy('createdAt', 'desc')
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    /** Case-insensitive contains on patient, client or species. */
    async search(practiceId: string, term: string, limit: number): Promise<RecordingListRow[]> {
      const pattern = likePattern(term);
      const matches = (column: 'patientName' | 'clientName' | 'species') =>
        sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
      return db
        .selectFrom('recordings')
        .select(LISTED_COLUMNS)
        .where('practiceId', '=', practiceId)
        .where('deletedAt', 'is', null)
        .where((eb) => eb.or([matches('patientName'), matches('clientName'), matches('species')]))
        .orderBy('recordedAt', 'desc')
        .orderBy('createdAt', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** True when a row was soft-deleted now (false: unknown, another practice's, or already deleted). */
    async softDelete(practiceId: string, id: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('recordings')
        .set({ deletedAt: now, updatedAt: now })
        .where('practiceId', '=', practiceId)
        .where('id', '=', id)
        .where('deletedAt', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Compare-and-set of the notes: succeeds only if the row is still at `fromVersion`, so of two concurrent
     * editors exactly one wins and the other is told, instead of one edit silently replacing the other.
     */
    async updateNotes(
      trx: Transaction<Database>,
      update: {
        practiceId: string;
        id: string;
        fromVersion: number;
        soapNotes: string;
        transcript: string | null;
        now: string;
      },
    ): Promise<boolean> {
      const result = await trx
        .updateTable('recordings')
        .set({
          soapNotes: update.soapNotes,
          transcript: update.transcript,
          notesVersion: update.fromVersion + 1,
          updatedAt: update.now,
        })
        .where('practiceId', '=', update.practiceId)
        .where('id', '=', update.id)
        .where('deletedAt', 'is', null)
        .where('notesVersion', '=', update.fromVersion)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

export type RecordingsRepository = ReturnType<typeof recordingsRepository>;
