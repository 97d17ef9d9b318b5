/**
 * `npm run bench:lighthouse` (issue 19): Lighthouse's mobile preset (simulated slow 4G, 4× CPU slowdown,
 * Moto G-sized screen) on the built PWA, in Debian's Chromium:
 *
 * - the landing page (/), signed out;
 * - the recorder (/app), signed in as a freshly registered vet (the session cookie travels as an extra header).
 *
 * Builds nothing: it starts the compiled server (`node dist-server/main.js`, what `npm start` runs) on a
 * throw-away data folder, so `npm run build` first. Each page is measured LIGHTHOUSE_RUNS times (default 3)
 * with a fresh profile per run (Lighthouse clears storage: a first visit, service worker not yet installed);
 * prints the median performance score, FCP, LCP, TBT, CLS and the opportunities of the median run.
 * LIGHTHOUSE_JSON=DIR also writes every report as JSON there.
 *
 * The metrics are simulated from one real load (Lantern), so they move with machine load far less than wall
 * clocks do, but TBT still grows on a busy machine: compare figures from the same run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { chromiumPath } from '../tests/helpers/browser.js';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const jsonDir = process.env.LIGHTHOUSE_JSON;
const serverScript = path.resolve('dist-server/main.js');
for (const file of [serverScript, path.resolve('dist/web/index.html')]) {
  if (!fs.existsSync(file)) {
    console.error(`${path.relative('.', file)} is missing: run \`npm run build\` first`);
    process.exit(1);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The compiled server on a free port and its own data folder; resolves with its base URL. */
async function startServer(): Promise<{ baseUrl: string; child: ChildProcess; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veldvet-lighthouse-'));
  // SQLite in the data folder, whatever the caller's shell says.
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, [serverScript], {
    env: {
      ...env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      RETENTION_PURGE_INTERVAL_HOURS: '0',
      // One request line per asset would only add work to what is measured.
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!.replace('localhost', '127.0.0.1'));
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
  });
  return { baseUrl, child, dataDir };
}

/** Registers a vet (which signs them in) and returns the session cookie as a Cookie header value. */
async function signedInCookie(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({
      email: `lighthouse-${Date.now()}@example.co.za`,
      password: 'secret12',
      practiceName: 'Lighthouse Vets',
    }),
  });
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
  if (!response.ok || cookies.length === 0)
    throw new Error(`registration failed: ${response.status} ${await response.text()}`);
  return cookies.join('; ');
}

interface Page {
  name: string;
  path: string;
  extraHeaders?: Record<string, string>;
}

interface Summary {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  lhr: Result;
}

const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

function summarise(lhr: Result): Summary {
  return {
    score: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
    fcp: numeric(lhr, 'first-contentful-paint'),
    lcp: numeric(lhr, 'largest-contentful-paint'),
    tbt: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    lhr,
  };
}

/** Opportunities (estimated savings) and the diagnostics that failed, worst first. */
function findings(lhr: Result): string[] {
  const lines: Array<{ weight: number; text: string }> = [];
  for (const audit of Object.values(lhr.audits)) {
    if (audit.score === null || audit.score >= 0.9) continue;
    if (!['opportunity', 'table', 'list'].includes(audit.details?.type ?? '')) continue;
    const details = audit.details as { overallSavingsMs?: number; overallSavingsBytes?: number };
    const ms = details.overallSavingsMs ?? 0;
    const bytes = details.overallSavingsBytes ?? 0;
    const saving = [ms > 0 ? `${ms.toFixed(0)} ms` : '', bytes > 0 ? `${(bytes / 1024).toFixed(0)} KiB` : '']
      .filter(Boolean)
      .join(', ');
    const value = audit.displayValue ? ` — ${audit.displayValue}` : '';
    lines.push({
      weight: ms + bytes / 1024,
      text: `${audit.id}${saving ? ` (saves ${saving})` : ''}${value}`,
    });
  }
  return lines.sort((a, b) => b.weight - a.weight).map((line) => line.text);
}

const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
  ],
  logLevel: 'silent',
});
try {
  const cookie = await signedInCookie(server.baseUrl);
  const pages: Page[] = [
    { name: 'landing (/)', path: '/' },
    { name: 'recorder (/app), signed in', path: '/app', extraHeaders: { Cookie: cookie } },
  ];
  console.log(`Lighthouse ${RUNS}× per page, mobile preset, ${chromiumPath}, server ${server.baseUrl}`);
  for (const page of pages) {
    const runs: Summary[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const flags: Flags = {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        ...(page.extraHeaders ? { extraHeaders: page.extraHeaders } : {}),
      };
      // On a loaded machine a load can miss Lighthouse's paint deadline (NO_FCP): that run is taken again.
      let result = await lighthouse(`${server.baseUrl}${page.path}`, flags);
      for (let retry = 0; retry < 2 && result?.lhr.runtimeError; retry += 1) {
        console.log(`  ${page.name}: ${result.lhr.runtimeError.code}, run ${run + 1} taken again`);
        result = await lighthouse(`${server.baseUrl}${page.path}`, flags);
      }
      if (!result) throw new Error('Lighthouse returned nothing');
      if (result.lhr.runtimeError) throw new Error(`${page.name}: ${result.lhr.runtimeError.message}`);
      const finalUrl = result.lhr.finalDisplayedUrl;
      if (!finalUrl.endsWith(page.path))
        throw new Error(`${page.name}: ended on ${finalUrl} (not signed in?)`);
      runs.push(summarise(result.lhr));
      if (jsonDir) {
        fs.mkdirSync(jsonDir, { recursive: true });
        const file = `${page.path === '/' ? 'landing' : page.path.slice(1)}-${run + 1}.json`;
        fs.writeFileSync(path.join(jsonDir, file), JSON.stringify(result.lhr));
      }
    }
    const score = median(runs.map((run) => run.score));
    const medianRun = runs.find((run) => run.score === score)!;
    console.log(`\n${page.name}: performance ${score} (runs ${runs.map((run) => run.score).join(', ')})`);
    console.log(
      `  FCP ${(median(runs.map((run) => run.fcp)) / 1000).toFixed(2)} s · ` +
        `LCP ${(median(runs.map((run) => run.lcp)) / 1000).toFixed(2)} s · ` +
        `TBT ${median(runs.map((run) => run.tbt)).toFixed(0)} ms · ` +
        `CLS ${median(runs.map((run) => run.cls)).toFixed(3)}`,
    );
    const top = findings(medianRun.lhr).slice(0, 8);
    if (top.length > 0)
      console.log(`  opportunities (median run):\n${top.map((line) => `    - ${line}`).join('\n')}`);
  }
} finally {
  chrome.kill();
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}
