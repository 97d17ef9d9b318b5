import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types.js';

/**
 * Issue 8, security: per-practice retention and legal hold on users, an append-only audit log, and the
 * sign-in / password-reset attempt log the rate limiter counts in (in the database so that limits
 * survive restarts and hold across several server instances).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { timestamp } = columnTypes(db);
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  // SA Veterinary Council: at least 3 years from the last consultation; 7 is the product's default.
  await db.schema
    .alterTable('users')
    .addColumn('retentionYears', 'integer', (c) => c.notNull().defaultTo(7))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('legalHold', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // No foreign keys on purpose: entries must outlive the users and recordings they mention.
  await db.schema
    .createTable('auditLog')
    .addColumn('id', isPostgres ? 'serial' : 'integer', (c) =>
      isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('occurredAt', timestamp, (c) => c.notNull())
    .addColumn('actorId', 'text')
    .addColumn('actorEmail', 'text')
    .addColumn('practiceId', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('targetType', 'text')
    .addColumn('targetId', 'text')
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('clientAddress', 'text')
    .execute();
  await db.schema.createIndex('audit_log_occurred').on('auditLog').column('occurredAt').execute();
  await db.schema.createIndex('audit_log_actor').on('auditLog').columns(['actorId', 'occurredAt']).execute();
  await db.schema.createIndex('audit_log_action').on('auditLog').columns(['action', 'occurredAt']).execute();

  // Append-only is enforced by the database itself, not only by the absence of an update method.
  if (isPostgres) {
    await sql`CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'auditLog is append-only'; END $$`.execute(db);
    await sql`CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON "auditLog"
      FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`.execute(db);
  } else {
    await sql`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON "auditLog"
      BEGIN SELECT RAISE(ABORT, 'auditLog is append-only'); END`.execute(db);
    await sql`CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON "auditLog"
      BEGIN SELECT RAISE(ABORT, 'auditLog is append-only'); END`.execute(db);
  }

  // One row per counted attempt; the key is a SHA-256 so no e-mail or IP address sits in this table.
  await db.schema
    .createTable('rateLimitEvents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('keyHash', 'text', (c) => c.notNull())
    .addColumn('occurredAt', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limit_events_key')
    .on('rateLimitEvents')
    .columns(['bucket', 'keyHash', 'occurredAt'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.dropTable('rateLimitEvents').execute();
  await db.schema.dropTable('auditLog').execute();
  if (isPostgres) await sql`DROP FUNCTION IF EXISTS audit_log_append_only()`.execute(db);
  await db.schema.alterTable('users').dropColumn('legalHold').execute();
  await db.schema.alterTable('users').dropColumn('retentionYears').execute();
}
