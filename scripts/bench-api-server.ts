/**
 * The server side of `npm run bench:api` (scripts/bench-api.ts starts it as a child process, so the load
 * generator and the server do not share an event loop). Two modes:
 *
 *   --bare                          a bare Hono handler, the yardstick every figure is divided by
 *   --root DIR --dialect D --rows N the VeldVet API from checkout DIR on SQLite or PostgreSQL, one practice
 *                                   seeded with N recordings, plus EXPLAIN of its history and search queries;
 *   [--practices P]                 P practices of N recordings each, the first one measured
 *   [--vacuum off]                  PostgreSQL: skip the VACUUM after seeding (pages not yet all-visible)
 *
 * Prints `EXPLAIN …` lines, then one `READY {json}` line; runs until killed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import SQLite from 'better-sqlite3';
import { Hono } from 'hono';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, sql, type LogEvent } from 'kysely';
import pg from 'pg';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? args[at + 1]! : fallback;
};

function listen(fetch: (request: Request) => Response | Promise<Response>): Promise<number> {
  return new Promise((resolve) => {
    const server = serve({ fetch, hostname: '127.0.0.1', port: 0 }, () =>
      resolve((server.address() as AddressInfo).port),
    );
  });
}

// --- seeding -------------------------------------------------------------------------------------------

const PATIENTS = [
  'Bella',
  'Max',
  'Daisy',
  'Rocky',
  'Bruno',
  'Lady',
  'Simba',
  'Kaiser',
  'Tessa',
  'Blitz',
  'Skollie',
  'Wolfie',
  'Bokkie',
  'Snuffels',
  'Ounooi',
  'Rooibos',
  'Kwagga',
  'Tiger',
  'Müller',
  'Blommetjie',
  'Kleintjie',
  'Sterretjie',
  'Brakkie',
  'Duchess',
  'Zeus',
  'Luna',
  'Coco',
  'Nala',
  'Shaka',
  'Jasper',
  'Môre',
  'Koffie',
  'Piet',
  'Sannie',
  'Trompie',
  'Vlekkie',
  'Fluffy',
  'Ginger',
  'Patches',
  'Buddy',
];
const CLIENTS = [
  'Van der Merwe',
  'Botha',
  'Nel',
  'Pretorius',
  'Du Plessis',
  'Steyn',
  'Jansen van Rensburg',
  'Coetzee',
  'Naidoo',
  'Dlamini',
  'Ndlovu',
  'Smith',
  'Müller',
  'Le Roux',
  'Venter',
  'Fourie',
  'Kruger',
  'Erasmus',
  'Swanepoel',
  'Mahlangu',
  'Khumalo',
  'Olivier',
  'Visser',
  'Meyer',
];
const SPECIES = ['Dogs', 'Cats', 'Cattle', 'Sheep', 'Horses', 'Goats'];
const SENTENCE =
  'Die koei het gister begin mank loop op die linker agterbeen, temperature 39.4, eetlus is goed maar sy ' +
  'staan weg van die trop. On palpation there is heat and swelling above the hoof, no wound visible. ';

/** A deterministic pseudo-random sequence, so every run seeds the same data. */
function prng(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

function seedRows(practiceId: string, count: number, practiceIndex = 0) {
  const random = prng(42 + practiceIndex);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const start = Date.parse('2023-01-01T00:00:00.000Z');
  const span = 3 * 365 * 24 * 3600 * 1000;
  const created = Date.parse('2026-01-01T00:00:00.000Z');
  const transcript = SENTENCE.repeat(20); // ~700 words, a ten-minute consultation
  const soapNotes = JSON.stringify({
    subjective: `- ${SENTENCE.repeat(2)}`,
    objective: `- ${SENTENCE.repeat(3)}`,
    assessment: '- Hoof abscess, left hind',
    plan: '- Pare and drain, poultice 3 days, meloxicam 0.5 mg/kg SC once',
  });
  return Array.from({ length: count }, (_, i) => {
    // Whole minutes, so recordedAt ties happen as they do when clinics enter times by hand.
    const recordedAt = new Date(start + Math.floor((random() * span) / 60_000) * 60_000).toISOString();
    const stamp = new Date(created + i).toISOString();
    return {
      id: `bench-${practiceIndex}-${i.toString().padStart(6, '0')}-${Math.floor(random() * 1e9).toString(36)}`,
      practiceId,
      patientName: `${pick(PATIENTS)}${random() < 0.3 ? ` ${Math.floor(random() * 100)}` : ''}`,
      species: pick(SPECIES),
      breed: random() < 0.5 ? 'Bonsmara' : null,
      age: '3 years',
      weight: '420 kg',
      clientName: pick(CLIENTS),
      clientPhone: '082 123 4567',
      clientEmail: null,
      recordedAt,
      audioData: '',
      audioDuration: 600,
      audioFormat: 'webm',
      transcript,
      transcriptLanguage: 'af',
      soapNotes,
      consultationType: pick(['Herd visit', 'Lameness', 'Vaccination', null]),
      isFarmMode: 1,
      segmentNumber: 1,
      parentRecordingId: null,
      totalSegments: 1,
      createdAt: stamp,
      updatedAt: stamp,
      deletedAt: null,
      audioBlobKey: null,
      audioSha256: null,
      audioByteSize: null,
      audioMimeType: 'audio/webm',
      idempotencyKey: null,
      notesVersion: 1,
    };
  });
}

// --- the API ---------------------------------------------------------------------------------------------

async function runApi(): Promise<void> {
  const root = path.resolve(arg('root', '.'));
  const dialect = arg('dialect', 'sqlite');
  const rows = Number(arg('rows', '10000'));
  // Other practices sharing the database (issue 19: 100 × 1k on PostgreSQL): every query must stay on the
  // measured practice's rows, whatever the table holds besides.
  const practices = Number(arg('practices', '1'));
  const load = (file: string) => import(path.join(root, file));
  const { createApp } = await load('api/app.ts');
  const { loadConfig, databaseLimits } = await load('api/config.ts');
  const { createServices } = await load('api/services/index.ts');
  const { migrateToLatest, openDatabase } = await load('db/database.ts');
  const { recordingsRepository } = await load('api/repositories/recordings.ts');
  const keyset = fs.existsSync(path.join(root, 'db', 'search-text.ts'));

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veldvet-bench-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => undefined as unknown;
  if (dialect === 'postgres') {
    const { createPostgresDatabase } = await import('../tests/helpers/postgres.js');
    const created = await createPostgresDatabase('veldvet_bench');
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '0',
    SIGNUPS_PER_ADDRESS_PER_HOUR: '100000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  // Opened as the server opens it (api/lifecycle.ts): on SQLite the limits choose the server's own driver.
  const database = openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    ...(databaseLimits ? { limits: databaseLimits(config) } : {}),
  });
  await migrateToLatest(database.db);
  const services = createServices({ config, database });
  const app = createApp({ services });

  const register = async (index: number) => {
    const registered: Response = await app.request('/api/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: index === 0 ? 'bench@example.co.za' : `bench-${index}@example.co.za`,
        password: 'secret12',
        practiceName: index === 0 ? 'Bench Vets' : `Bench Vets ${index}`,
      }),
    });
    const cookie = registered.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const { user } = (await registered.json()) as { user: { id: string } };
    return { cookie, practiceId: user.id };
  };

  const repository = recordingsRepository(database.db);
  const seed = async (practiceId: string, index: number) => {
    const rowsOfPractice = seedRows(practiceId, rows, index);
    for (let i = 0; i < rowsOfPractice.length; i += 500) {
      await database.db.transaction().execute(async (trx: unknown) => {
        for (const row of rowsOfPractice.slice(i, i + 500)) await repository.insert(row, trx);
      });
    }
    return rowsOfPractice;
  };
  const { cookie, practiceId } = await register(0);
  const user = { id: practiceId };
  const all = await seed(practiceId, 0);
  for (let index = 1; index < practices; index += 1) await seed((await register(index)).practiceId, index);
  const sample = all[Math.floor(rows / 2)]!;
  // A production PostgreSQL's autovacuum (on by default; off on this machine's test server) vacuums a
  // table soon after a thousand inserts, which marks its pages all-visible: index-only scans then read no
  // rows. Plain VACUUM does that and nothing more — the planner's column statistics stay as seeded.
  if (dialect === 'postgres' && arg('vacuum', 'on') === 'on') {
    await sql`vacuum recordings`.execute(database.db);
  }

  await explain({ dialect, dataDir, databaseUrl, practiceId: user.id, rows, keyset, recordingsRepository });

  const port = await listen(app.fetch);
  console.log(`READY ${JSON.stringify({ port, cookie, practiceId: user.id, sampleId: sample.id, keyset })}`);
  const stop = async () => {
    await database.close();
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

/**
 * EXPLAIN of the queries the repository really sends: a second connection whose Kysely logs every
 * compiled query runs the repository's own history and search, and each captured query is explained.
 */
async function explain(options: {
  dialect: string;
  dataDir: string;
  databaseUrl: string | undefined;
  practiceId: string;
  rows: number;
  keyset: boolean;
  recordingsRepository: (db: Kysely<never>) => Record<string, (...a: unknown[]) => Promise<unknown>>;
}): Promise<void> {
  const captured: CompiledQuery[] = [];
  const log = (event: LogEvent) => {
    if (event.level === 'query') captured.push(event.query);
  };
  const isPg = options.dialect === 'postgres';
  const sqlite = isPg ? undefined : new SQLite(path.join(options.dataDir, 'veldvet.sqlite'));
  const pool = isPg ? new pg.Pool({ connectionString: options.databaseUrl, max: 1 }) : undefined;
  const db = new Kysely<never>({
    dialect: isPg ? new PostgresDialect({ pool: pool! }) : new SqliteDialect({ database: sqlite! }),
    log,
  });
  const repository = options.recordingsRepository(db);
  const lastOffset = options.rows - 20;
  const cases: Array<[string, () => Promise<unknown>]> = [
    ['history page 1', () => repository.history!(options.practiceId, 20, options.keyset ? { offset: 0 } : 0)],
    [
      `history offset ${lastOffset}`,
      () => repository.history!(options.practiceId, 20, options.keyset ? { offset: lastOffset } : lastOffset),
    ],
    ['search "bella"', () => repository.search!(options.practiceId, 'bella', 50)],
    ['search "mü"', () => repository.search!(options.practiceId, 'mü', 50)],
  ];
  if (options.keyset) {
    cases.splice(2, 0, [
      'history cursor (last page)',
      () =>
        repository.history!(options.practiceId, 20, {
          after: {
            recordedAt: '2023-01-02T00:00:00.000Z',
            createdAt: '2026-01-01T00:00:00.000Z',
            id: 'bench',
          },
        }),
    ]);
  }
  for (const [label, run] of cases) {
    captured.length = 0;
    await run();
    const query = captured.at(-1);
    if (!query) continue;
    const plan = isPg
      ? (
          await pool!.query(
            `EXPLAIN (ANALYZE, COSTS OFF, BUFFERS) ${query.sql}`,
            query.parameters as unknown[],
          )
        ).rows.map((row: Record<string, string>) => row['QUERY PLAN']!)
      : (
          sqlite!
            .prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
            .all(...(query.parameters as unknown[])) as Array<{
            detail: string;
          }>
        ).map((row) => row.detail);
    console.log(`EXPLAIN ${options.dialect} ${label}`);
    for (const line of plan) console.log(`EXPLAIN   ${line}`);
  }
  await db.destroy();
}

// Last, so every constant above is initialised before it runs.
if (args.includes('--bare')) {
  const app = new Hono();
  app.get('/', (c) => c.json({ ok: true }));
  const port = await listen(app.fetch);
  console.log(`READY ${JSON.stringify({ port })}`);
} else {
  await runApi();
}
