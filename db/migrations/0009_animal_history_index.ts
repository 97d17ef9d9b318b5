import { sql, type Kysely } from 'kysely';

/**
 * Issue 19 regression from issue 20: 0008 created `recordings_animal_history` (practiceId, farmKey,
 * animalTagKey, recordedAt desc) over every live row. Since practiceId leads it, PostgreSQL's planner walked
 * it for every practice-wide history page and search and sorted what it read, instead of walking
 * `recordings_history` in order (EXPLAIN ANALYZE of page 1 at 10k rows: 17–110 ms instead of 0.1 ms).
 *
 * Rebuilt here over animal rows only, which no practice-wide list can use, with the animal history's whole
 * order (createdAt desc after recordedAt desc) so that query reads it without sorting either. The only
 * query meant for it, herdVisitsRepository.animalHistory, writes `"herdRole" = 'animal'` as a literal: a
 * partial index is used only when the query's WHERE implies the index's, which SQLite proves from the SQL
 * text. A database that ran 0008 after it briefly made the index partial in place gets the same index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists recordings_animal_history`.execute(db);
  await db.schema
    .createIndex('recordings_animal_history')
    .on('recordings')
    .columns(['practiceId', 'farmKey', 'animalTagKey', 'recordedAt desc', 'createdAt desc'])
    .where(sql<boolean>`"deletedAt" is null and "herdRole" = 'animal'`)
    .execute();
}

/** Back to 0008's index, as 0008 creates it. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('recordings_animal_history').execute();
  await db.schema
    .createIndex('recordings_animal_history')
    .on('recordings')
    .columns(['practiceId', 'farmKey', 'animalTagKey', 'recordedAt desc'])
    .where(sql.ref('deletedAt'), 'is', null)
    .execute();
}
