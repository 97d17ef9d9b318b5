import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Issue 19: history and search read only the index on SQLite.
 *
 * 0006's `recordings_history` held the list's order but not its cards, so every card read its row — and
 * `consultationType`, `createdAt` and `notesVersion` sit after the transcript and the notes, on overflow
 * pages. Search walked the index in order against FTS5's list of ids and read the row of every match
 * (0.6–1.1 ms a query at 10k rows; p95 35 ms at 10 connections). Here the same index also carries the card
 * columns and `searchText`: a page of history and a search for a common name are read from the index alone
 * (0.15–0.3 ms), and a rare term goes through FTS5 instead (api/repositories/recordings.ts).
 *
 * SQLite only: PostgreSQL serves search from its pg_trgm GIN index and plans history on 0006's index; a
 * second practice-leading index there is the kind of choice its planner got wrong before (0009).
 */
const CARD_COLUMNS = [
  'searchText',
  'patientName',
  'species',
  'breed',
  'clientName',
  'consultationType',
  'audioDuration',
  'isFarmMode',
  'notesVersion',
  // Always null in this partial index, but SQLite counts an index as covering only if it holds every column
  // the query names, its WHERE included.
  'deletedAt',
];
const ORDER = ['practiceId', 'recordedAt desc', 'createdAt desc', 'id'];

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

async function rebuildHistoryIndex(db: Kysely<unknown>, columns: string[]): Promise<void> {
  await db.schema.dropIndex('recordings_history').execute();
  await db.schema
    .createIndex('recordings_history')
    .on('recordings')
    .columns(columns)
    .where(sql.ref('deletedAt'), 'is', null)
    .execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) await rebuildHistoryIndex(db, [...ORDER, ...CARD_COLUMNS]);
}

/** Back to 0006's index. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) await rebuildHistoryIndex(db, ORDER);
}
