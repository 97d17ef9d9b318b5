import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port.js';

/**
 * Issue 19: `npm start` runs the compiled server (scripts/build-server.ts: one esbuild bundle) with plain
 * node instead of TypeScript under tsx. The bundle must boot, migrate, and answer like the sources do.
 */
const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const bundle = path.join(repoRoot, 'dist-server', 'main.js');
let child: ChildProcess | undefined;
let dataDir: string;
let baseUrl: string;
let cookie = '';
/** The packages the server imported, as record-package-imports.mjs reports them on stderr. */
const recordPackageImports = path.join(repoRoot, 'tests', 'helpers', 'record-package-imports.mjs');
const importedPackages = () => new Set([...output.matchAll(/^\[package\] (\S+)$/gm)].map((m) => m[1]));
/** What the server wrote: stderr (forwarded too) and its log lines on stdout, to see that nothing fell back. */
let output = '';

beforeAll(async () => {
  execFileSync(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'scripts', 'build-server.ts')], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veldvet-compiled-'));
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ['--import', recordPackageImports, bundle], {
    cwd: dataDir,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    const shown = chunk
      .toString()
      .split('\n')
      .filter((line) => !line.startsWith('[package] '))
      .join('\n');
    if (shown.trim()) process.stderr.write(shown);
  });
  await new Promise<void>((resolve, reject) => {
    child!.once('exit', (code) => reject(new Error(`compiled server exited with ${code}`)));
    child!.stdout!.on('data', (chunk: Buffer) => {
      // Log lines (pino, JSON on stdout at NODE_ENV=production) are read too.
      output += chunk.toString();
      if (chunk.toString().includes('listening on')) resolve();
    });
  });
});

afterAll(() => {
  child?.removeAllListeners('exit');
  child?.kill('SIGKILL');
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the compiled server (npm start)', () => {
  it('is plain JavaScript next to the whisper.cpp host it forks', () => {
    expect(fs.existsSync(bundle)).toBe(true);
    expect(fs.existsSync(path.join(repoRoot, 'dist-server', 'host.js'))).toBe(true);
    expect(fs.existsSync(path.join(repoRoot, 'dist-server', 'embedded-worker.js'))).toBe(true);
  });

  it('idles without the packages a SQLite practice on the embedded notes never uses (issue 19, idle RSS)', () => {
    const imported = importedPackages();
    // The recorder works: the hook sees the packages that are loaded at boot.
    expect(imported).toContain('hono');
    expect(imported).toContain('better-sqlite3');
    for (const unused of ['pg', 'pg-boss', 'openai', 'nodemailer', '@aws-sdk/client-s3'])
      expect(imported).not.toContain(unused);
  });

  it('boots, migrates its database and serves the API', async () => {
    const health = await fetch(`${baseUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { ok: boolean }).ok).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'veldvet.sqlite'))).toBe(true);

    const registered = await fetch(`${baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'compiled@example.co.za',
        password: 'secret12',
        practiceName: 'Karoo Vets',
      }),
    });
    expect(registered.status).toBe(200);
    cookie = registered.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const history = await fetch(`${baseUrl}/api/recordings/history`, { headers: { cookie } });
    expect(history.status).toBe(200);
    expect(await history.json()).toEqual({ recordings: [], nextCursor: null });
  });

  it('extracts notes on its worker thread, not inline on the event loop (issue 14)', async () => {
    const response = await fetch(`${baseUrl}/api/extract`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ transcript: 'The cow has been coughing for two days. Temperature 39.5.' }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { clinicalData: { objective: string } };
    expect(body.clinicalData.objective).toMatch(/39\.5/);
    expect(output).not.toMatch(/extracting inline/);
  });
});
