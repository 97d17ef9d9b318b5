/**
 * `npm run bench:api` (issue 19): the API with one practice of 10,000 recordings, on SQLite and on
 * PostgreSQL, under 1, 10 and 50 connections — history (first, middle, last page; by offset and by
 * cursor), search, get one, save, extract, health — next to a bare Hono handler measured in the same run.
 * On two shared cores absolute figures drift; the ratios to the bare handler are the comparable part.
 *
 *   npm run bench:api                                  both databases, 3 s per measurement
 *   npm run bench:api -- --dialects sqlite --seconds 5
 *   npm run bench:api -- --root /path/to/other/checkout   the same load on another version (before/after)
 *   npm run bench:api -- --dialects postgres --practices 100 --rows 1000   one of 100 practices × 1k
 *   npm run bench:api -- --dialects postgres --vacuum off   pages not yet all-visible (autovacuum not run)
 *
 * Prints p50/p95/p99 latency (ms, exact, from every response), requests per second and the bare handler's
 * req/s divided by the endpoint's at the same concurrency (the cost relative to doing nothing; latency
 * ratios are meaningless against a bare handler's ~20 µs), the compressed response size, then EXPLAIN of
 * history and search.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? args[at + 1]! : fallback;
};
const seconds = Number(arg('seconds', '3'));
const rows = Number(arg('rows', '10000'));
const practices = Number(arg('practices', '1'));
const root = path.resolve(arg('root', '.'));
const dialects = arg('dialects', 'sqlite,postgres').split(',');
const connectionCounts = arg('connections', '1,10,50').split(',').map(Number);
const vacuum = arg('vacuum', 'on');

interface Ready {
  port: number;
  cookie?: string;
  sampleId?: string;
  keyset?: boolean;
}

interface Figures {
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  errors: number;
  bytes: number;
}

/**
 * Starts scripts/bench-api-server.ts; resolves with its READY line and the EXPLAIN lines before it. Its
 * stdout (the API's request log) goes to a file, as a server's log would: read through a pipe by this
 * process, every request line would be parsed beside the load generator and charged to the API.
 */
async function startServer(
  serverArgs: string[],
): Promise<{ child: ChildProcess; ready: Ready; explain: string[] }> {
  const script = path.join(import.meta.dirname, 'bench-api-server.ts');
  const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'veldvet-bench-api-')), 'stdout.log');
  const out = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...serverArgs], {
    stdio: ['ignore', out, 'inherit'],
  });
  fs.closeSync(out);
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const lines = fs.readFileSync(logFile, 'utf8').split('\n');
    const ready = lines.find((line) => line.startsWith('READY '));
    if (ready) {
      const explain = lines.filter((line) => line.startsWith('EXPLAIN ')).map((line) => line.slice(8));
      return { child, ready: JSON.parse(ready.slice(6)) as Ready, explain };
    }
    if (exited !== undefined) throw new Error(`bench server exited with ${exited}`);
  }
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(
  url: string,
  connections: number,
  request: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {},
): Promise<Figures> {
  const latencies: number[] = [];
  let bytes = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration: seconds,
        method: request.method ?? 'GET',
        headers: { 'accept-encoding': 'br, gzip', ...request.headers },
        ...(request.body ? { body: request.body } : {}),
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, _status, resBytes, responseTime) => {
      latencies.push(responseTime);
      bytes = resBytes;
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: latencies.length / seconds,
    errors: result.errors + result.timeouts + result.non2xx,
    bytes,
  };
}

const fmt = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));

function row(name: string, connections: number, figures: Figures, bare: Figures | undefined): string {
  const rpsRatio = bare && figures.rps > 0 ? `${(bare.rps / figures.rps).toFixed(1)}×` : bare ? '—' : '';
  return [
    name.padEnd(34),
    String(connections).padStart(3),
    fmt(figures.p50).padStart(8),
    fmt(figures.p95).padStart(8),
    fmt(figures.p99).padStart(8),
    figures.rps.toFixed(0).padStart(7),
    rpsRatio.padStart(9),
    String(figures.bytes).padStart(7),
    figures.errors ? `  ${figures.errors} errors` : '',
    figures.rps === 0 ? `  (no answer within ${seconds} s)` : '',
  ].join(' ');
}

const header = [
  'endpoint'.padEnd(34),
  'con',
  'p50 ms'.padStart(8),
  'p95 ms'.padStart(8),
  'p99 ms'.padStart(8),
  'req/s'.padStart(7),
  'bare÷this'.padStart(9),
  'bytes'.padStart(7),
].join(' ');

const EXTRACT_WORDS = 1000;
const extractTranscript = Array.from(
  { length: Math.ceil(EXTRACT_WORDS / 20) },
  () => 'The cow has been lame on the left hind since yesterday, temperature 39.4, eating well, no wound. ',
)
  .join('')
  .split(' ')
  .slice(0, EXTRACT_WORDS)
  .join(' ');

function saveBody(): string {
  return JSON.stringify({
    patientName: 'Bench Bella',
    species: 'Dogs',
    clientName: 'Botha',
    recordedAt: '2026-03-01T08:30:00.000Z',
    audioData: Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(4000, 7)]).toString(
      'base64',
    ),
    audioDuration: 30,
    audioFormat: 'webm',
    transcript: 'The dog is lame on the left fore.',
    soapNotes: {
      subjective: '- Lame on the left fore',
      objective: '',
      assessment: '- Sprain',
      plan: '- Rest',
    },
  });
}

async function benchDialect(dialect: string): Promise<void> {
  const shape =
    practices > 1
      ? `${practices} practices × ${rows} recordings, the first measured`
      : `${rows} recordings in one practice`;
  const vacuumed = dialect === 'postgres' ? (vacuum === 'on' ? ', vacuumed' : ', not vacuumed') : '';
  console.log(`\n== ${dialect}: ${shape}${vacuumed} (code at ${root}) ==`);
  const seedStart = Date.now();
  const bare = await startServer(['--bare']);
  const api = await startServer([
    '--root',
    root,
    '--dialect',
    dialect,
    '--rows',
    String(rows),
    '--practices',
    String(practices),
    '--vacuum',
    vacuum,
  ]);
  console.log(`seeded and started in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);
  const base = `http://127.0.0.1:${api.ready.port}`;
  const auth = { cookie: api.ready.cookie ?? '' };

  const cursorAt = async (offset: number): Promise<string | undefined> => {
    if (!api.ready.keyset) return undefined;
    const response = await fetch(`${base}/api/recordings/history?limit=20&offset=${offset - 20}`, {
      headers: auth,
    });
    return ((await response.json()) as { nextCursor?: string }).nextCursor ?? undefined;
  };
  const middle = Math.floor(rows / 2);
  const last = rows - 20;
  const [middleCursor, lastCursor] = [await cursorAt(middle), await cursorAt(last)];

  const scenarios: Array<[string, string, Parameters<typeof measure>[2]]> = [
    ['health', '/api/health', {}],
    ['history page 1', '/api/recordings/history?limit=20&offset=0', { headers: auth }],
    [`history offset ${middle}`, `/api/recordings/history?limit=20&offset=${middle}`, { headers: auth }],
    [`history offset ${last}`, `/api/recordings/history?limit=20&offset=${last}`, { headers: auth }],
    ...(middleCursor && lastCursor
      ? ([
          [
            `history cursor @${middle}`,
            `/api/recordings/history?limit=20&cursor=${middleCursor}`,
            { headers: auth },
          ],
          [
            `history cursor @${last} (last)`,
            `/api/recordings/history?limit=20&cursor=${lastCursor}`,
            { headers: auth },
          ],
        ] as Array<[string, string, Parameters<typeof measure>[2]]>)
      : []),
    ['search "bella"', '/api/recordings/search?q=bella', { headers: auth }],
    ['search "van der m"', `/api/recordings/search?q=${encodeURIComponent('van der m')}`, { headers: auth }],
    ['get one', `/api/recordings/${api.ready.sampleId}`, { headers: auth }],
    [
      'save',
      '/api/recordings/save',
      { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: saveBody() },
    ],
    [
      `extract ${EXTRACT_WORDS} words`,
      '/api/extract',
      {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ transcript: extractTranscript }),
      },
    ],
  ];

  console.log(header);
  for (const connections of connectionCounts) {
    const bareFigures = await measure(`http://127.0.0.1:${bare.ready.port}/`, connections);
    console.log(row('bare Hono', connections, bareFigures, undefined));
    for (const [name, url, request] of scenarios) {
      console.log(row(name, connections, await measure(`${base}${url}`, connections, request), bareFigures));
    }
  }
  console.log(`\nEXPLAIN (${dialect})`);
  for (const line of api.explain) console.log(`  ${line}`);
  await stopServer(api.child);
  await stopServer(bare.child);
}

for (const dialect of dialects) await benchDialect(dialect);
