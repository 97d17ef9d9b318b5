import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import type { Database, NewRecordingRow, RecordingRow } from '../../db/schema.js';
import { foldForSearch, searchTextOf } from '../../db/search-text.js';
import type { HistoryCursor } from '#shared/schemas/recordings.js';

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

/** Herd-visit columns (0008) are read by api/repositories/herd-visits.ts, not here. */
export type RecordingListRow = Omit<
  RecordingRow,
  'audioData' | 'searchText' | 'herdRole' | 'animalTag' | 'animalTagKey' | 'farmKey' | 'herdData'
>;

/** What a history or search list shows (issue 19: cards only; details are fetched when one is opened). */
const CARD_COLUMNS = [
  'id',
  'patientName',
  'species',
  'breed',
  'clientName',
  'consultationType',
  'recordedAt',
  'createdAt',
  'audioDuration',
  'isFarmMode',
  'notesVersion',
] as const;

export type RecordingCardRow = Pick<RecordingRow, (typeof CARD_COLUMNS)[number]>;

/** Where the next history page starts: `offset` rows in (spec), or after a row (keyset). */
export type HistoryPosition = { offset: number } | { after: HistoryCursor };

/** `%`, `_` and the escape itself are literal in a search term. */
function likePattern(folded: string): string {
  return `%${folded.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** An FTS5 phrase: the term as one quoted string (quotes doubled), which the trigram tokenizer matches as a substring. */
function ftsPhrase(folded: string): string {
  return `"${folded.replace(/"/g, '""')}"`;
}

/** The trigram indexes (FTS5 trigram, pg_trgm) can only serve terms of three characters or more. */
const TRIGRAM = 3;
/** Up to this many FTS5 matches, search reads them by id; beyond, it walks the history index (see search). */
const RARE_MATCHES = 200;

/**
 * Recording rows. Every query takes the practice id and excludes soft-deleted rows unless it says otherwise:
 * one practice can never reach another's recordings through this repository.
 */
export function recordingsRepository(db: Kysely<Database>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  /**
   * SQLite search for a term FTS5 matches in few recordings: their cards, read by id. The CROSS JOIN keeps
   * the planner from walking recordings_history against the list for its order instead, which would cost
   * the whole practice's index.
   */
  async function readCardsOfMatches(practiceId: string, phrase: string, limit: number) {
    const { rows } = await sql<{ recordingId: string }>`
      select "recordingId" from recordings_search where recordings_search match ${phrase}`.execute(db);
    const ids = JSON.stringify(rows.map((row) => row.recordingId));
    return db
      .selectFrom(sql<{ value: string }>`json_each(${ids})`.as('matched'))
      .crossJoin('recordings')
      .select(CARD_COLUMNS.map((column) => `recordings.${column}` as const))
      .whereRef('recordings.id', '=', 'matched.value')
      .where('recordings.practiceId', '=', practiceId)
      .where('recordings.deletedAt', 'is', null)
      .orderBy('recordings.recordedAt', 'desc')
      .orderBy('recordings.createdAt', 'desc')
      .orderBy('recordings.id')
      .limit(limit)
      .execute();
  }
  return {
    async insert(row: NewRecordingRow, trx: Kysely<Database> | Transaction<Database> = db): Promise<void> {
      await trx
        .insertInto('recordings')
        .values({ ...row, searchText: searchTextOf(row) })
        .execute();
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

    /**
     * A page of history in the spec's order, cards only. Both forms walk recordings_history (practiceId,
     * recordedAt desc, createdAt desc, id) where deletedAt is null, so nothing is sorted: a keyset page
     * seeks straight to its first row; an offset page skips index entries and then reads only its own rows
     * (on SQLite from the index itself, which holds the cards).
     */
    async history(practiceId: string, limit: number, position: HistoryPosition): Promise<RecordingCardRow[]> {
      const ordered = (query: ReturnType<typeof active>) =>
        query.orderBy('recordedAt', 'desc').orderBy('createdAt', 'desc').orderBy('id');
      const active = () =>
        db.selectFrom('recordings').where('practiceId', '=', practiceId).where('deletedAt', 'is', null);
      if ('after' in position) {
        const { recordedAt, createdAt, id } = position.after;
        // Rows after (recordedAt, createdAt, id) in an order that is descending, descending, ascending.
        // The leading `recordedAt <=` gives the planner a range to seek to.
        return ordered(active())
          .select(CARD_COLUMNS)
          .where('recordedAt', '<=', recordedAt)
          .where((eb) =>
            eb.or([
              eb('recordedAt', '<', recordedAt),
              eb('createdAt', '<', createdAt),
              eb.and([eb('createdAt', '=', createdAt), eb('id', '>', id)]),
            ]),
          )
          .limit(limit)
          .execute();
      }
      // SQLite: the cards are in recordings_history (0010), so skipping entries and reading the page never
      // touches a row.
      if (position.offset === 0 || !isPostgres) {
        return ordered(active()).select(CARD_COLUMNS).limit(limit).offset(position.offset).execute();
      }
      // PostgreSQL: the page's ids from the index, then only those rows. A derived table joined once: as
      // `id IN (subquery)` PostgreSQL may run the subquery per outer row.
      const page = ordered(active()).select('id').limit(limit).offset(position.offset).as('page');
      return db
        .selectFrom(page)
        .innerJoin('recordings', 'recordings.id', 'page.id')
        .select(CARD_COLUMNS.map((column) => `recordings.${column}` as const))
        .orderBy('recordings.recordedAt', 'desc')
        .orderBy('recordings.createdAt', 'desc')
        .orderBy('recordings.id')
        .execute();
    },

    /**
     * Contains on patient, client or species, with Unicode case folding identical on both databases: the
     * folded `searchText` column against the folded term, newest first.
     *
     * PostgreSQL: a LIKE that its pg_trgm index serves. SQLite: `recordings_history` carries `searchText`
     * and the cards (0010), so walking it in the list's order and testing each entry finds the first page of
     * a common name without reading a row. A term matched by only a few recordings would make that walk
     * cover the whole practice, so for terms of three characters or more FTS5's trigram index is asked
     * first, and when it knows of at most RARE_MATCHES recordings (in any practice) those are read by id.
     */
    async search(practiceId: string, term: string, limit: number): Promise<RecordingCardRow[]> {
      const folded = foldForSearch(term);
      if (!isPostgres && [...folded].length >= TRIGRAM) {
        const phrase = ftsPhrase(folded);
        const { rows } = await sql<{ matches: number }>`
          select count(*) as matches from
            (select rowid from recordings_search where recordings_search match ${phrase} limit ${RARE_MATCHES + 1})`.execute(
          db,
        );
        const matches = rows[0]?.matches ?? 0;
        if (matches === 0) return [];
        if (matches <= RARE_MATCHES) return readCardsOfMatches(practiceId, phrase, limit);
      }
      const contains = isPostgres
        ? sql<boolean>`${sql.ref('searchText')} like ${likePattern(folded)}`
        : sql<boolean>`instr(${sql.ref('searchText')}, ${folded}) > 0`;
      return db
        .selectFrom('recordings')
        .select(CARD_COLUMNS)
        .where('practiceId', '=', practiceId)
        .where('deletedAt', 'is', null)
        .where(contains)
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
