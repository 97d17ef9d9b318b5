import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';

/** The few column types that differ between SQLite and PostgreSQL, chosen from the connection's adapter. */
export function columnTypes(db: Kysely<unknown>): {
  timestamp: 'text' | 'timestamptz';
  now: RawBuilder<unknown>;
} {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return isPostgres
    ? { timestamp: 'timestamptz', now: sql`CURRENT_TIMESTAMP` }
    : // ISO-8601 with milliseconds and Z, the same text the application writes.
      { timestamp: 'text', now: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` };
}
