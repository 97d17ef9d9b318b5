import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/database.js';

/**
 * The server's SQLite driver keeps prepared statements by SQL text (issue 19). A kept statement must
 * still answer like a fresh one: after the schema changes under it, and when it is run again with other
 * parameters, in and out of transactions.
 */
describe('SQLite prepared-statement cache', () => {
  let handle: DatabaseHandle | undefined;
  let dataDir: string | undefined;

  function open(): DatabaseHandle {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veldvet-statements-'));
    handle = openDatabase({
      dataDir,
      limits: {
        statementTimeoutMs: 1000,
        lockTimeoutMs: 1000,
        acquireTimeoutMs: 1000,
        poolSize: 1,
        busyTimeoutMs: 1000,
      },
    });
    return handle;
  }

  afterEach(async () => {
    await handle?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers a repeated query with the current rows and parameters', async () => {
    const { db } = open();
    await sql`create table notes (id integer primary key, body text)`.execute(db);
    const bodyOf = async (id: number) =>
      (await sql<{ body: string }>`select body from notes where id = ${id}`.execute(db)).rows[0]?.body;
    for (let id = 1; id <= 3; id += 1)
      await sql`insert into notes (id, body) values (${id}, ${`note ${id}`})`.execute(db);
    expect(await bodyOf(1)).toBe('note 1');
    expect(await bodyOf(3)).toBe('note 3');
    await db.transaction().execute(async (trx) => {
      await sql`update notes set body = ${'edited'} where id = ${3}`.execute(trx);
    });
    expect(await bodyOf(3)).toBe('edited');
    expect(await bodyOf(4)).toBeUndefined();
  });

  it('sees a column added after the statement was first prepared', async () => {
    const { db } = open();
    await sql`create table notes (id integer primary key, body text)`.execute(db);
    await sql`insert into notes (id, body) values (1, 'first')`.execute(db);
    const everything = () =>
      db
        .selectFrom('notes' as never)
        .selectAll()
        .execute();
    expect(await everything()).toEqual([{ id: 1, body: 'first' }]);
    await sql`alter table notes add column author text`.execute(db);
    await sql`update notes set author = 'Dr Botha'`.execute(db);
    expect(await everything()).toEqual([{ id: 1, body: 'first', author: 'Dr Botha' }]);
  });

  it('keeps working past the cache bound, with hundreds of distinct queries', async () => {
    const { db } = open();
    await sql`create table notes (id integer primary key, body text)`.execute(db);
    await sql`insert into notes (id, body) values (1, 'only')`.execute(db);
    for (let n = 0; n < 600; n += 1) {
      const { rows } = await sql<{
        body: string;
        n: number;
      }>`select body, ${sql.lit(n)} as n from notes`.execute(db);
      expect(rows).toEqual([{ body: 'only', n }]);
    }
  });
});
