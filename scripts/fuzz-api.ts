/**
 * npm run fuzz:api [-- --max-examples N] [--seed S] [--phases examples,coverage,fuzzing,stateful]
 *
 * Starts the real app on a temporary SQLite database, registers an account and makes it an admin (so the
 * admin routes are fuzzed too), then runs schemathesis (tests/peers/schemathesis/requirements.txt, in a
 * venv under .cache/) against /api/openapi.json with that session cookie: generated, negative and stateful
 * (link-following) cases, checking for server errors and for responses that break the documented schema.
 * Exit 0 when schemathesis found nothing. Prints the number of cases run and the time taken.
 *
 * Left out: POST /api/auth/logout (it would end the fuzzer's own session and turn every later case into a
 * 401) and the audio routes' multipart upload bodies, which schemathesis cannot build as real audio.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from '../api/app.js';
import { loadConfig } from '../api/config.js';
import { createServices } from '../api/services/index.js';
import { migrateToLatest, openDatabase } from '../db/database.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
const requirements = path.join(repoRoot, 'tests/peers/schemathesis/requirements.txt');
const venv = path.join(repoRoot, '.cache/schemathesis/venv');
const schemathesis = path.join(venv, 'bin', 'schemathesis');

/** Creates the venv and installs the pinned requirements, again only when requirements.txt changed. */
function ensureSchemathesis(): void {
  const stamp = path.join(venv, '.requirements.sha256');
  const wanted = createHash('sha256').update(fs.readFileSync(requirements)).digest('hex');
  if (fs.existsSync(schemathesis) && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === wanted)
    return;
  console.log('[fuzz] installing schemathesis into .cache/schemathesis/venv');
  if (!fs.existsSync(path.join(venv, 'bin', 'python'))) {
    execFileSync(process.env.PYTHON ?? 'python3', ['-m', 'venv', venv], { stdio: 'inherit' });
  }
  execFileSync(
    path.join(venv, 'bin', 'pip'),
    ['install', '--disable-pip-version-check', '-q', '-r', requirements],
    {
      stdio: 'inherit',
    },
  );
  fs.writeFileSync(stamp, wanted);
}

/** Runs schemathesis with its output on our terminal; returns its exit code and the number of cases it ran. */
async function runSchemathesis(args: string[]): Promise<{ code: number; cases: number }> {
  let output = '';
  const code = await new Promise<number>((resolve, reject) => {
    // Run inside .cache/ so schemathesis's own crash cache (.schemathesis/) never lands in the work tree.
    const child = spawn(schemathesis, ['run', ...args], {
      cwd: path.join(repoRoot, '.cache/schemathesis'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk);
    });
    child.on('error', reject);
    child.on('close', (exit) => resolve(exit ?? 1));
  });
  // The summary line reads "Test cases:\n  1422 generated, 1422 passed" (or "..., 4 found 4 unique failures").
  const cases = Number(/Test cases:\s*\n\s*(\d+) generated/.exec(output)?.[1] ?? 0);
  return { code, cases };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      'max-examples': { type: 'string', default: '50' },
      seed: { type: 'string', default: '8' },
      phases: { type: 'string', default: 'examples,coverage,fuzzing,stateful' },
      workers: { type: 'string', default: '2' },
    },
  });
  ensureSchemathesis();

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veldvet-fuzz-'));
  const reportDir = path.join(repoRoot, '.cache/schemathesis/report');
  fs.rmSync(reportDir, { recursive: true, force: true });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '0',
    RETENTION_PURGE_INTERVAL_HOURS: '0',
  });
  const database = openDatabase({ dataDir: config.dataDir });
  await migrateToLatest(database.db);
  const services = createServices({ config, database });
  const app = createApp({ services });
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  try {
    const email = 'fuzz-admin@example.co.za';
    const registered = await fetch(`${baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'fuzz-password-1', practiceName: 'Fuzz Vet Clinic' }),
    });
    const cookie = registered.headers.getSetCookie()[0]?.split(';')[0];
    if (!registered.ok || !cookie)
      throw new Error(`Could not register the fuzzing account (${registered.status})`);
    await services.admin.bootstrapAdmin({ email });

    const started = Date.now();
    const common = [
      `${baseUrl}/api/openapi.json`,
      '--url',
      baseUrl,
      '--checks',
      'not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance',
      '--phases',
      values.phases,
      '--max-examples',
      values['max-examples'],
      '--seed',
      values.seed,
      '--workers',
      values.workers,
      '--report',
      'junit',
      '--no-color',
    ];
    // Pass 1, signed in as an admin: everything except the routes that end or replace the session
    // (register and login rotate it, logout ends it), which would turn the rest of the run into 401s.
    const signedIn = await runSchemathesis([
      ...common,
      '--exclude-path-regex',
      '^/api/auth/(register|login|logout)$',
      '--header',
      `Cookie: ${cookie}`,
      '--report-dir',
      path.join(reportDir, 'signed-in'),
    ]);
    // Pass 2, anonymous: the whole API again, which must answer 401/403 or its public results as documented.
    const anonymous = await runSchemathesis([...common, '--report-dir', path.join(reportDir, 'anonymous')]);
    const seconds = Math.round((Date.now() - started) / 1000);
    const cases = signedIn.cases + anonymous.cases;
    console.log(
      `[fuzz] ${cases} test cases (${signedIn.cases} signed in, ${anonymous.cases} anonymous) in ${seconds}s; ` +
        `schemathesis exit codes ${signedIn.code}/${anonymous.code}; reports in ${path.relative(repoRoot, reportDir)}`,
    );
    return signedIn.code || anonymous.code;
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`fuzz:api failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
