/**
 * A Kysely driver for better-sqlite3 that keeps the API responsive when something outside the server holds
 * the database's write lock (an operator's sqlite3 shell, `npm run purge` from cron):
 *
 * - Reads outside a transaction go to a second, read-only connection. In WAL mode readers never wait for
 *   the writer, so they no longer queue behind a write that is waiting for the lock.
 * - better-sqlite3 is synchronous: SQLite's own busy timeout would block the whole event loop (every
 *   request of every practice) while a write waits. The writer's busy timeout is therefore 0, and a
 *   refused write is retried with timers, up to `busyTimeoutMs`; then `DatabaseBusyError` (a 503).
 * - Transactions start with BEGIN IMMEDIATE, so the write lock is taken (and retried) before any work is
 *   done; a transaction never fails halfway for want of the lock.
 */
import type Database from 'better-sqlite3';
import {
  CompiledQuery,
  SelectQueryNode,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { DatabaseBusyError } from './errors.js';

type SqliteDatabase = Database.Database;

const RETRY_FIRST_MS = 5;
const RETRY_MAX_MS = 100;

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED' || code === 'SQLITE_BUSY_SNAPSHOT';
}

/**
 * Prepared statements by SQL text, per connection: the API sends the same few dozen queries over and over,
 * and preparing one again costs as much as running a short one (issue 19). Bounded, least recently used
 * out first, for queries whose text varies (IN lists of different lengths).
 */
const STATEMENT_CACHE_SIZE = 256;
const statementCaches = new WeakMap<SqliteDatabase, Map<string, Database.Statement>>();

function prepared(db: SqliteDatabase, sql: string): Database.Statement {
  let cache = statementCaches.get(db);
  if (!cache) statementCaches.set(db, (cache = new Map()));
  let statement = cache.get(sql);
  if (statement) {
    cache.delete(sql);
  } else {
    statement = db.prepare(sql);
    if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  }
  cache.set(sql, statement);
  return statement;
}

function run(db: SqliteDatabase, query: CompiledQuery): QueryResult<unknown> {
  const statement = prepared(db, query.sql);
  const parameters = query.parameters as unknown[];
  if (statement.reader) return { rows: statement.all(parameters) };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

/** One-at-a-time access to the writer connection (SQLite has a single writer anyway). */
class Mutex {
  private tail: Promise<void> = Promise.resolve();

  async lock(): Promise<() => void> {
    let unlock!: () => void;
    const next = new Promise<void>((resolve) => (unlock = resolve));
    const previous = this.tail;
    this.tail = previous.then(() => next);
    await previous;
    return unlock;
  }
}

export class ResilientSqliteDriver implements Driver {
  private readonly writerMutex = new Mutex();

  constructor(
    private readonly writer: SqliteDatabase,
    /** The same file opened read-only; the writer itself for an in-memory database. */
    private readonly reader: SqliteDatabase,
    private readonly busyTimeoutMs: number,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this);
  }

  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings): Promise<void> {
    const routed = connection as RoutedConnection;
    routed.unlockWriter = await this.writerMutex.lock();
    try {
      await this.withBusyRetry(() => run(this.writer, CompiledQuery.raw('begin immediate')));
    } catch (error) {
      routed.releaseWriter();
      throw error;
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const routed = connection as RoutedConnection;
    try {
      await this.withBusyRetry(() => run(this.writer, CompiledQuery.raw('commit')));
    } catch (error) {
      // A failed commit leaves the transaction open; end it so the writer is usable again.
      if (this.writer.inTransaction) run(this.writer, CompiledQuery.raw('rollback'));
      throw error;
    } finally {
      routed.releaseWriter();
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const routed = connection as RoutedConnection;
    try {
      if (this.writer.inTransaction) run(this.writer, CompiledQuery.raw('rollback'));
    } finally {
      routed.releaseWriter();
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as RoutedConnection).releaseWriter();
  }

  async destroy(): Promise<void> {
    if (this.reader !== this.writer) this.reader.close();
    this.writer.close();
  }

  /** Runs a query outside any transaction: reads on the reader, writes under the writer lock. */
  async executeAlone(query: CompiledQuery): Promise<QueryResult<unknown>> {
    if (SelectQueryNode.is(query.query)) return run(this.reader, query);
    const unlock = await this.writerMutex.lock();
    try {
      return await this.withBusyRetry(() => run(this.writer, query));
    } finally {
      unlock();
    }
  }

  executeInTransaction(query: CompiledQuery): QueryResult<unknown> {
    return run(this.writer, query);
  }

  private async withBusyRetry<T>(work: () => T): Promise<T> {
    const deadline = Date.now() + this.busyTimeoutMs;
    let pause = RETRY_FIRST_MS;
    for (;;) {
      try {
        return work();
      } catch (error) {
        if (!isBusy(error)) throw error;
        if (Date.now() + pause > deadline) throw new DatabaseBusyError(error);
        await new Promise((resolve) => setTimeout(resolve, pause));
        pause = Math.min(pause * 2, RETRY_MAX_MS);
      }
    }
  }
}

class RoutedConnection implements DatabaseConnection {
  unlockWriter: (() => void) | undefined;

  constructor(private readonly driver: ResilientSqliteDriver) {}

  releaseWriter(): void {
    const unlock = this.unlockWriter;
    this.unlockWriter = undefined;
    unlock?.();
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = this.unlockWriter
      ? this.driver.executeInTransaction(query)
      : await this.driver.executeAlone(query);
    return result as QueryResult<R>;
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not used with SQLite');
  }
}
