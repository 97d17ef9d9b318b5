import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { databaseLog } from './log.js';
import { ensurePrivateDir, preparePrivateSqliteFile } from './file-modes.js';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type MigrationProvider,
} from 'kysely';
import type { Pool } from 'pg';
import { lazily } from '#shared/async.js';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';
import { ResilientSqliteDriver } from './sqlite-driver.js';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Where the data lives, for logs: a file path, or the PostgreSQL URL without its password. */
  location: string;
  close(): Promise<void>;
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/**
 * The `pg` driver, loaded on first use: a SQLite server never needs it, and it (with pg-boss) was ~20 MiB
 * of an idle server's memory (issue 19). Sets the type parsers once: pg hands back timestamptz as Date
 * and bigint counts as strings; the app speaks ISO strings and numbers.
 */
export const loadPg = lazily(async () => {
  const { default: pg } = await import('pg');
  pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, (value) => new Date(value).toISOString());
  pg.types.setTypeParser(pg.types.builtins.TIMESTAMP, (value) => new Date(`${value}Z`).toISOString());
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
  return pg;
});

/**
 * Bounds the server puts on database work (config: PG_* and SQLITE_BUSY_TIMEOUT_MS). Scripts (backup,
 * purge, restore) open the database without them: their long statements are expected.
 */
export interface DatabaseLimits {
  /** PostgreSQL: a statement running longer is cancelled (statement_timeout). */
  statementTimeoutMs: number;
  /** PostgreSQL: a statement waiting longer for a row or table lock gives up (lock_timeout). */
  lockTimeoutMs: number;
  /** PostgreSQL: waiting longer for a pooled connection (or to open one) fails the request. */
  acquireTimeoutMs: number;
  /** PostgreSQL: connections in the pool. */
  poolSize: number;
  /** SQLite: a write waits this long for a lock held by another program, then answers 503. */
  busyTimeoutMs: number;
}

/** Opens the database named by DATABASE_URL, or the SQLite file under the data directory. */
export function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  limits?: DatabaseLimits | undefined;
}): DatabaseHandle {
  const url = options.databaseUrl;
  const limits = options.limits;
  if (url && isPostgresUrl(url)) {
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: () => createPool(url, limits) }),
    });
    return { db, dialect: 'postgres', location: redactUrl(url), close: () => db.destroy() };
  }
  const file = url
    ? path.resolve(url.replace(/^sqlite:(\/\/)?/i, ''))
    : path.join(options.dataDir, 'veldvet.sqlite');
  // Clinical records and password hashes: owner-only folder, database, -wal and -shm (db/file-modes.ts).
  if (url) fs.mkdirSync(path.dirname(file), { recursive: true });
  else ensurePrivateDir(path.dirname(file));
  preparePrivateSqliteFile(file);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  if (!limits) {
    sqlite.pragma('busy_timeout = 5000');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    return { db, dialect: 'sqlite', location: file, close: () => db.destroy() };
  }
  // The server: waits for locks asynchronously and reads beside the writer (db/sqlite-driver.ts).
  sqlite.pragma('busy_timeout = 0');
  const reader = new SQLite(file, { readonly: true });
  reader.pragma('busy_timeout = 200');
  const driver = new ResilientSqliteDriver(sqlite, reader, limits.busyTimeoutMs);
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => driver,
      createIntrospector: (kysely) => new SqliteIntrospector(kysely),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });
  return { db, dialect: 'sqlite', location: file, close: () => db.destroy() };
}

/** The PostgreSQL pool, made when Kysely first needs a connection. */
async function createPool(url: string, limits: DatabaseLimits | undefined): Promise<Pool> {
  const pg = await loadPg();
  const pool = new pg.Pool({
    connectionString: url,
    max: limits?.poolSize ?? 10,
    ...(limits
      ? {
          connectionTimeoutMillis: limits.acquireTimeoutMs,
          statement_timeout: limits.statementTimeoutMs,
          lock_timeout: limits.lockTimeoutMs,
        }
      : {}),
  });
  // A PostgreSQL restart or a dropped link fails the pool's idle connections; pg re-emits that on the
  // pool, and an unheard 'error' event would crash the API. The pool has already discarded the
  // connection, and the next query opens a fresh one, so a log line is all that is needed.
  pool.on('error', (error) => databaseLog().warn(`idle PostgreSQL connection lost: ${error.message}`));
  // A connection lost while checked out (a query in flight) emits 'error' on the client itself, where
  // the pool does not listen; unheard, it would crash the process. The query in flight has already been
  // rejected (its request answers 503) and the pool drops the broken client on release.
  pool.on('connect', (client) => {
    client.on('error', (error) =>
      databaseLog().warn(`PostgreSQL connection lost mid-request: ${error.message}`),
    );
  });
  return pool;
}

const staticMigrations: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: staticMigrations });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${cause}`);
  }
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres';
  }
}
