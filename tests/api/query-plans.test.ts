import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type LogEvent } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { herdVisitsRepository } from '../../api/repositories/herd-visits.js';
import { recordingsRepository } from '../../api/repositories/recordings.js';
import { migrations } from '../../db/migrations/index.js';
import type { Database, NewRecordingRow } from '../../db/schema.js';
import { searchTextOf } from '../../db/search-text.js';
import { registerUser } from '../helpers/auth.js';
import { EMPTY_RECORDING_FIELDS } from '../helpers/recording-rows.js';
import { ApiClient } from '../helpers/http.js';
import { dialects, startTestServer, type TestServer } from '../helpers/server.js';

/**
 * Which index each list query is planned through, on a practice of 10,000 recordings (issue 19's scale) and
 * a few hundred herd animals. Migration 0008's `recordings_animal_history` once covered every live row with
 * practiceId leading: PostgreSQL then walked it for every history page and search and sorted the whole
 * practice (~100× slower) whenever its statistics were older than the rows (a database filled after its
 * migrations ran, before ANALYZE: a restore, an import, a server without autovacuum). 0009 rebuilt it over
 * animal rows only. Plans, never timings: which index a query names is stable, how long it takes on a shared
 * machine is not.
 */
const RECORDINGS = 10_000;
const FARMS = ['graham botha', 'sarel cilliers', 'van der merwe boerdery'];
const TAGS_PER_FARM = 100;
const ANIMAL_INDEX = 'recordings_animal_history';

describe.each(dialects)('query plans at 10k recordings (%s)', (dialect) => {
  let server: TestServer;
  let practiceId: string;
  /** A second connection whose Kysely keeps every compiled query, so the repositories' own SQL is explained. */
  let observed: Kysely<Database>;
  const captured: CompiledQuery[] = [];

  /** The plan of the last query `run` sent, as one text (PostgreSQL EXPLAIN / SQLite EXPLAIN QUERY PLAN). */
  async function planOf(run: () => Promise<unknown>): Promise<string> {
    captured.length = 0;
    await run();
    const query = captured.at(-1);
    expect(query, 'the repository sent no query').toBeDefined();
    const explain = dialect === 'postgres' ? 'EXPLAIN' : 'EXPLAIN QUERY PLAN';
    const { rows } = await observed.executeQuery<Record<string, unknown>>(
      CompiledQuery.raw(`${explain} ${query!.sql}`, [...query!.parameters]),
    );
    return rows.map((row) => String(row['QUERY PLAN'] ?? row['detail'])).join('\n');
  }

  async function indexDefinition(): Promise<string | undefined> {
    const db = server.services.database.db;
    const { rows } =
      dialect === 'postgres'
        ? await sql<{ definition: string }>`
            select indexdef as definition from pg_indexes where indexname = ${ANIMAL_INDEX}`.execute(db)
        : await sql<{ definition: string }>`
            select sql as definition from sqlite_master where type = 'index' and name = ${ANIMAL_INDEX}`.execute(
            db,
          );
    return rows[0]?.definition;
  }

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    const api = new ApiClient(server.baseUrl);
    practiceId = (await registerUser(api)).user.id;

    const start = Date.parse('2023-01-01T00:00:00.000Z');
    const created = Date.parse('2026-01-01T00:00:00.000Z');
    const patients = ['Bella', 'Max', 'Daisy', 'Müller', 'Kwagga', 'Snuffels', 'Tessa', 'Zeus'];
    const clients = ['Van der Merwe', 'Botha', 'Nel', 'Pretorius', 'Du Plessis', 'Naidoo'];
    const row = (i: number, herd?: { farm: string; tag: string }): NewRecordingRow => {
      // Spread over three years in whole minutes, like the bench's seed; ties on recordedAt happen.
      const recordedAt = new Date(start + ((i * 7919) % (3 * 365 * 24 * 60)) * 60_000).toISOString();
      const stamp = new Date(created + i).toISOString();
      const fields = {
        patientName: herd ? `Ooi ${herd.tag}` : patients[i % patients.length]!,
        clientName: herd ? herd.farm : clients[i % clients.length]!,
        species: herd ? 'Sheep' : 'Dogs',
        animalTag: herd?.tag ?? null,
      };
      return {
        id: `plan-${String(i).padStart(6, '0')}`,
        practiceId,
        ...fields,
        searchText: searchTextOf(fields),
        ...EMPTY_RECORDING_FIELDS,
        recordedAt,
        createdAt: stamp,
        updatedAt: stamp,
        ...(herd
          ? { herdRole: 'animal' as const, farmKey: herd.farm, animalTagKey: herd.tag }
          : { herdRole: null, farmKey: null, animalTagKey: null }),
      };
    };
    const rows = Array.from({ length: RECORDINGS }, (_, i) => row(i));
    FARMS.forEach((farm, f) => {
      for (let t = 0; t < TAGS_PER_FARM; t += 1) {
        rows.push(row(RECORDINGS + f * TAGS_PER_FARM + t, { farm, tag: String(200 + t) }));
      }
    });
    const db = server.services.database.db;
    // The first plans are those of a table filled after its migrations ran and not analysed since, which is
    // when the planner chose 0008's index; autovacuum must not analyse it behind the test's back.
    if (dialect === 'postgres') {
      await sql`alter table recordings set (autovacuum_enabled = false)`.execute(db);
    }
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 500) {
        await trx
          .insertInto('recordings')
          .values(rows.slice(i, i + 500))
          .execute();
      }
    });

    const log = (event: LogEvent) => {
      if (event.level === 'query') captured.push(event.query);
    };
    observed = new Kysely<Database>({
      dialect:
        dialect === 'postgres'
          ? new PostgresDialect({
              pool: new pg.Pool({ connectionString: server.config.DATABASE_URL, max: 1 }),
            })
          : new SqliteDialect({ database: new SQLite(path.join(server.dataDir, 'veldvet.sqlite')) }),
      log,
    });
  });
  afterAll(async () => {
    await observed?.destroy();
    await server?.close();
  });

  /** History (first page, a keyset page, the last page by offset) and search, each planned once. */
  async function listPlans(): Promise<Record<string, string>> {
    const recordings = recordingsRepository(observed);
    return {
      pageOne: await planOf(() => recordings.history(practiceId, 20, { offset: 0 })),
      cursor: await planOf(() =>
        recordings.history(practiceId, 20, {
          after: {
            recordedAt: '2024-06-01T00:00:00.000Z',
            createdAt: '2026-01-01T00:00:00.000Z',
            id: 'plan',
          },
        }),
      ),
      lastPage: await planOf(() => recordings.history(practiceId, 20, { offset: RECORDINGS - 20 })),
      searchBella: await planOf(() => recordings.search(practiceId, 'bella', 50)),
      searchShort: await planOf(() => recordings.search(practiceId, 'mü', 50)),
      // A farm's 100 animals: few enough matches that search reads them by id.
      searchRare: await planOf(() => recordings.search(practiceId, 'graham', 50)),
    };
  }

  async function expectListsAndAnimalHistoryOnTheirIndexes(): Promise<void> {
    const plans = await listPlans();
    for (const [name, plan] of Object.entries(plans)) expect(plan, name).not.toContain(ANIMAL_INDEX);
    // The first page and a keyset page walk recordings_history in the list's order (issue 19).
    expect(plans['pageOne']).toContain('recordings_history');
    expect(plans['cursor']).toContain('recordings_history');
    if (dialect === 'sqlite') {
      // 0010: the cards and searchText are in the index, so history and a common name never read a row
      // and never sort; a rare term is read by id from FTS5's matches instead of walking the practice.
      for (const name of ['pageOne', 'cursor', 'lastPage', 'searchBella', 'searchShort']) {
        expect(plans[name], name).toMatch(/COVERING INDEX recordings_history/);
        expect(plans[name], name).not.toMatch(/TEMP B-TREE/);
      }
      expect(plans['searchRare']).toMatch(/SCAN matched VIRTUAL TABLE/);
      expect(plans['searchRare']).toMatch(/\(id=\?\)/);
      expect(plans['searchRare']).not.toContain('recordings_history');
    }

    const animal = await planOf(() =>
      herdVisitsRepository(observed).animalHistory(practiceId, 'graham botha', '231'),
    );
    expect(animal).toContain(ANIMAL_INDEX);
    // SQLite says when it sorts; the index holds recordedAt desc, createdAt desc, so it need not.
    if (dialect === 'sqlite') expect(animal).not.toMatch(/TEMP B-TREE/);
  }

  it('plans history and search without the animal-history index, and an animal’s history through it, as loaded', async () => {
    await expectListsAndAnimalHistoryOnTheirIndexes();
  });

  it('plans them the same once the table is analysed', async () => {
    await sql`analyze recordings`.execute(server.services.database.db);
    await expectListsAndAnimalHistoryOnTheirIndexes();
  });

  it('0009 rebuilds the animal-history index over animal rows only on a populated database, and its down() restores 0008’s', async () => {
    const migrator = new Migrator({
      db: server.services.database.db,
      provider: { getMigrations: async () => migrations },
    });
    const down = await migrator.migrateTo('0008_herd_visits');
    expect(down.error).toBeUndefined();
    expect(down.results?.map((r) => [r.migrationName, r.direction, r.status])).toEqual([
      ['0010_covering_history', 'Down', 'Success'],
      ['0009_animal_history_index', 'Down', 'Success'],
    ]);
    const before = await indexDefinition();
    expect(before).toMatch(/"deletedAt" is null/i);
    expect(before).not.toMatch(/herdRole/);

    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(up.results?.map((r) => r.migrationName)).toContain('0009_animal_history_index');
    const after = await indexDefinition();
    expect(after).toMatch(/"herdRole"\)? = 'animal'/);
    expect(after).toMatch(/"createdAt" desc/i);
  });
});
