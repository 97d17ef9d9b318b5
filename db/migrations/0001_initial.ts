import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types.js';

/** users, recordings (spec section 3, every field and default), sessions and password resets. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { timestamp, now } = columnTypes(db);

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('passwordHash', 'text', (c) => c.notNull())
    .addColumn('isAdmin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('resetToken', 'text')
    .addColumn('resetTokenExpiry', timestamp)
    .addColumn('practiceName', 'text')
    .addColumn('practicePhone', 'text')
    .addColumn('practiceEmail', 'text')
    .addColumn('practiceEmailPassword', 'text')
    .addColumn('practiceEmailProvider', 'text', (c) => c.notNull().defaultTo('gmail'))
    .addColumn('smtpHost', 'text')
    .addColumn('smtpPort', 'integer')
    .addColumn('smtpSecure', 'integer')
    .addColumn('createdAt', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updatedAt', timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  // Case-insensitive uniqueness: e-mails are stored lower-cased and this index enforces it in both dialects.
  await db.schema
    .createIndex('users_email_lower_unique')
    .on('users')
    .unique()
    .expression(sql`lower(${sql.ref('email')})`)
    .execute();

  await db.schema
    .createTable('recordings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('practiceId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('patientName', 'text', (c) => c.notNull())
    .addColumn('species', 'text')
    .addColumn('breed', 'text')
    .addColumn('age', 'text')
    .addColumn('weight', 'text')
    .addColumn('clientName', 'text')
    .addColumn('clientPhone', 'text')
    .addColumn('clientEmail', 'text')
    .addColumn('recordedAt', timestamp, (c) => c.notNull())
    .addColumn('audioData', 'text', (c) => c.notNull())
    .addColumn('audioDuration', 'integer', (c) => c.notNull())
    .addColumn('audioFormat', 'text', (c) => c.notNull().defaultTo('webm'))
    .addColumn('transcript', 'text')
    .addColumn('transcriptLanguage', 'text')
    .addColumn('soapNotes', 'text')
    .addColumn('consultationType', 'text')
    .addColumn('isFarmMode', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('segmentNumber', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('parentRecordingId', 'text')
    .addColumn('totalSegments', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('createdAt', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updatedAt', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('deletedAt', timestamp)
    .execute();
  await db.schema
    .createIndex('recordings_practice_recorded')
    .on('recordings')
    .columns(['practiceId', 'recordedAt'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expiresAt', timestamp, (c) => c.notNull())
    .addColumn('absoluteExpiresAt', timestamp, (c) => c.notNull())
    .addColumn('createdAt', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('userId').execute();

  await db.schema
    .createTable('passwordResets')
    .addColumn('tokenHash', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expiresAt', timestamp, (c) => c.notNull())
    .addColumn('usedAt', timestamp)
    .addColumn('createdAt', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('password_resets_user').on('passwordResets').column('userId').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['passwordResets', 'sessions', 'recordings', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
