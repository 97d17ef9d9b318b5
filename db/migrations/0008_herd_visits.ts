import { sql, type Kysely } from 'kysely';

/**
 * Issue 20: herd and flock visits. One recording holds the visit (herdRole 'visit', the audio and the group
 * notes); one row per animal (herdRole 'animal') points at it through parentRecordingId, without audio of
 * its own. Each animal row carries its ear tag as spoken (animalTag, searchable in History through
 * searchText) and folded for comparison (animalTagKey), and the farm (clientName folded, farmKey), so that
 * 'all records of ewe 231 at this farm' is one indexed query. herdData holds the structured treatments
 * (JSON). Migrations run in name order (0007 is the jobs table).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  for (const column of ['herdRole', 'animalTag', 'animalTagKey', 'farmKey', 'herdData']) {
    await db.schema.alterTable('recordings').addColumn(column, 'text').execute();
  }
  await db.schema
    .createIndex('recordings_animal_history')
    .on('recordings')
    .columns(['practiceId', 'farmKey', 'animalTagKey', 'recordedAt desc'])
    // As shipped, so that every database that ran 0008 holds the same index: over all live rows, which
    // PostgreSQL's planner then chose for every practice-wide history page and search. 0009 rebuilds it over
    // animal rows only.
    .where(sql.ref('deletedAt'), 'is', null)
    .execute();
  await db.schema
    .createIndex('recordings_parent')
    .on('recordings')
    .columns(['practiceId', 'parentRecordingId'])
    .where(sql.ref('parentRecordingId'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('recordings_parent').execute();
  await db.schema.dropIndex('recordings_animal_history').execute();
  for (const column of ['herdData', 'farmKey', 'animalTagKey', 'animalTag', 'herdRole']) {
    await db.schema.alterTable('recordings').dropColumn(column).execute();
  }
}
