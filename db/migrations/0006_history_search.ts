import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { searchTextOf } from '../search-text.js';
import { databaseLog } from '../log.js';

/**
 * Issue 19: history and search at ten thousand recordings.
 *
 * - `recordings_history`: the history order (recordedAt desc, createdAt desc, id) per practice, only over
 *   rows not deleted — the list and its keyset pages walk it without sorting, and OFFSET skips index
 *   entries instead of rows.
 * - `searchText`: patient, client and species folded in JavaScript (the same on both databases), indexed by
 *   SQLite FTS5 with the trigram tokenizer (a table kept in step by triggers) or by
 *   PostgreSQL pg_trgm, both of which serve substring matches.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('recordings').addColumn('searchText', 'text').execute();
  await backfillSearchText(db);

  await db.schema
    .createIndex('recordings_history')
    .on('recordings')
    .columns(['practiceId', 'recordedAt desc', 'createdAt desc', 'id'])
    .where(sql.ref('deletedAt'), 'is', null)
    .execute();

  if (isPostgres) {
    await createTrigramIndex(db);
    return;
  }
  // A table of its own, keyed by the recording's id rather than an external-content table on rowid:
  // recordings has no INTEGER PRIMARY KEY, so a VACUUM may renumber its rowids and desynchronise the index.
  await sql`create virtual table recordings_search using fts5(
      "recordingId" unindexed, "searchText", tokenize = 'trigram case_sensitive 1'
    )`.execute(db);
  await sql`create trigger recordings_search_insert after insert on recordings begin
      insert into recordings_search("recordingId", "searchText") values (new.id, new."searchText");
    end`.execute(db);
  await sql`create trigger recordings_search_delete after delete on recordings begin
      delete from recordings_search where "recordingId" = old.id;
    end`.execute(db);
  await sql`create trigger recordings_search_update after update of "searchText" on recordings begin
      delete from recordings_search where "recordingId" = old.id;
      insert into recordings_search("recordingId", "searchText") values (new.id, new."searchText");
    end`.execute(db);
  await sql`insert into recordings_search("recordingId", "searchText") select id, "searchText" from recordings`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (isPostgres) {
    await sql`drop index if exists recordings_search_trgm`.execute(db);
  } else {
    for (const trigger of [
      'recordings_search_insert',
      'recordings_search_delete',
      'recordings_search_update',
    ]) {
      await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
    }
    await sql`drop table if exists recordings_search`.execute(db);
  }
  await db.schema.dropIndex('recordings_history').execute();
  await db.schema.alterTable('recordings').dropColumn('searchText').execute();
}

async function backfillSearchText(db: Kysely<unknown>): Promise<void> {
  const rows = await sql<{
    id: string;
    patientName: string | null;
    clientName: string | null;
    species: string | null;
  }>`
    select id, "patientName", "clientName", species from recordings`.execute(db);
  for (const row of rows.rows) {
    await sql`update recordings set "searchText" = ${searchTextOf(row)} where id = ${row.id}`.execute(db);
  }
}

/**
 * pg_trgm ships with PostgreSQL's contrib and is a trusted extension (any database owner may create it),
 * but a server without contrib must still start: search then scans, correct but slower. The savepoint keeps
 * a refused CREATE EXTENSION from aborting the migration's transaction.
 */
async function createTrigramIndex(db: Kysely<unknown>): Promise<void> {
  const available = await sql<{ n: number }>`
    select count(*)::int as n from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (!available.rows[0]?.n) {
    databaseLog().warn('pg_trgm is not available: recording search will scan instead of using an index');
    return;
  }
  await sql`savepoint pg_trgm_setup`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index recordings_search_trgm on recordings using gin ("searchText" gin_trgm_ops)`.execute(
      db,
    );
    await sql`release savepoint pg_trgm_setup`.execute(db);
  } catch (error) {
    await sql`rollback to savepoint pg_trgm_setup`.execute(db);
    const reason = error instanceof Error ? error.message : String(error);
    databaseLog().warn(`pg_trgm could not be set up (${reason}): recording search will scan`);
  }
}
