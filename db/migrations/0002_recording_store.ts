import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types.js';

/**
 * Recording audio moves out of the database into a blob store (the row keeps key, SHA-256, size and type),
 * saves become idempotent on the client's recording id, notes keep every version, and any route can store
 * the outcome of an Idempotency-Key request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { timestamp } = columnTypes(db);

  // One column per statement: SQLite's ALTER TABLE adds a single column at a time.
  const recordingColumns: Array<[string, 'text' | 'integer']> = [
    ['audioBlobKey', 'text'],
    ['audioSha256', 'text'],
    ['audioByteSize', 'integer'],
    ['audioMimeType', 'text'],
    ['idempotencyKey', 'text'],
  ];
  for (const [name, type] of recordingColumns) {
    await db.schema.alterTable('recordings').addColumn(name, type).execute();
  }
  await db.schema
    .alterTable('recordings')
    .addColumn('notesVersion', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // NULLs are distinct in both dialects, so saves without a key never collide.
  await db.schema
    .createIndex('recordings_practice_idempotency_key')
    .on('recordings')
    .columns(['practiceId', 'idempotencyKey'])
    .unique()
    .execute();

  await db.schema
    .createTable('recordingNoteVersions')
    .addColumn('recordingId', 'text', (c) => c.notNull().references('recordings.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('practiceId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('soapNotes', 'text')
    .addColumn('transcript', 'text')
    .addColumn('editedByUserId', 'text')
    .addColumn('editedByEmail', 'text')
    .addColumn('createdAt', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('recording_note_versions_pk', ['recordingId', 'version'])
    .execute();
  // Rows saved before this migration start their history with the notes they have.
  await sql`
    insert into "recordingNoteVersions"
      ("recordingId", "version", "practiceId", "soapNotes", "transcript", "editedByUserId", "createdAt")
    select "id", 1, "practiceId", "soapNotes", "transcript", "practiceId", "updatedAt"
    from "recordings"
  `.execute(db);

  await db.schema
    .createTable('idempotencyKeys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('practiceId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('requestHash', 'text', (c) => c.notNull())
    .addColumn('statusCode', 'integer')
    .addColumn('responseBody', 'text')
    .addColumn('createdAt', timestamp, (c) => c.notNull())
    .addColumn('completedAt', timestamp)
    .execute();
  // The lock: of concurrent requests with one key, exactly one inserts its 'pending' row.
  await db.schema
    .createIndex('idempotency_keys_practice_key_route')
    .on('idempotencyKeys')
    .columns(['practiceId', 'key', 'route'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotencyKeys').execute();
  await db.schema.dropTable('recordingNoteVersions').execute();
  await db.schema.dropIndex('recordings_practice_idempotency_key').execute();
  for (const name of [
    'notesVersion',
    'idempotencyKey',
    'audioMimeType',
    'audioByteSize',
    'audioSha256',
    'audioBlobKey',
  ]) {
    await db.schema.alterTable('recordings').dropColumn(name).execute();
  }
}
