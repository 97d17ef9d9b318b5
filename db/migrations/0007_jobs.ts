import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.js';

/**
 * Issue 17, part 2: transcription jobs that outlive the process that accepted them. With PostgreSQL,
 * pg-boss (its own schema) hands the work to any API or worker process; this table holds what the
 * client reads back through GET /api/transcribe/progress/:id, whichever process runs the job. The
 * in-process runner (SQLite) keeps progress in memory and does not use it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { timestamp } = columnTypes(db);
  // No foreign key: a job row is a short-lived working record, removed with its practice by the purge's age rule.
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('practiceId', 'text', (c) => c.notNull())
    /** The id the client chose (X-Request-Id) or was given; unique per practice. */
    .addColumn('clientId', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('stage', 'text', (c) => c.notNull())
    .addColumn('percent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('piecesDone', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('piecesTotal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('audioSeconds', 'real')
    .addColumn('error', 'text')
    .addColumn('errorStatus', 'integer')
    .addColumn('result', 'text')
    .addColumn('input', 'text', (c) => c.notNull())
    .addColumn('audioKey', 'text')
    .addColumn('requestId', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('finishedBy', 'text')
    .addColumn('createdAt', timestamp, (c) => c.notNull())
    .addColumn('updatedAt', timestamp, (c) => c.notNull())
    .addUniqueConstraint('jobs_practice_client', ['practiceId', 'clientId'])
    .execute();
  await db.schema.createIndex('jobs_updated').on('jobs').column('updatedAt').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
