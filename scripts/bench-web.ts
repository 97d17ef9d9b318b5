/**
 * `npm run bench:web` (issue 19): what a farm phone pays for the PWA, measured on the built app
 * (dist/web; `npm run build` first) in Debian's Chromium:
 *
 * - the first visit to /app signed in: requests and bytes on the wire, service-worker precache included;
 * - the precache: entries, raw size, brotli/gzip size, and the gzip size of its JavaScript;
 * - the recorder's open time offline (installed app, no signal) and on "lie-fi" (network up, API silent),
 *   median of several reloads, from navigation start to the record button.
 *
 * Budgets (README, Performance): first visit ≤ 400 KiB, recorder JS ≤ 150 KiB gzip, open < 1 s.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, newPage, waitForServiceWorkerControl } from '../tests/helpers/browser.js';
import { startTestServer } from '../tests/helpers/server.js';

const webDir = path.resolve('dist/web');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
if (!fs.existsSync(path.join(webDir, 'sw.js'))) {
  console.error('dist/web is missing: run `npm run build` first');
  process.exit(1);
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const sizeOf = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : Number.NaN);

/** The precache manifest as injected into sw.js. */
function precacheEntries(): string[] {
  const sw = fs.readFileSync(path.join(webDir, 'sw.js'), 'utf8');
  return [...new Set([...sw.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]!))];
}

async function recorderOpenMs(page: Page): Promise<number> {
  await page.reload();
  await page.getByTestId('record-button').waitFor();
  return page.evaluate(() => performance.now());
}

const server = await startTestServer({ webDir });
const browser = await launchBrowser();
try {
  const { page, context, close } = await newPage(browser, { baseURL: server.baseUrl });
  await context.request.post('/api/auth/register', {
    data: {
      email: `bench-web-${Date.now()}@example.co.za`,
      password: 'secret12',
      practiceName: 'Bench Vets',
    },
  });
  let requests = 0;
  let onWire = 0;
  context.on('requestfinished', (request) => {
    requests += 1;
    void request.sizes().then((sizes) => {
      onWire += Math.max(0, sizes.responseBodySize + sizes.responseHeadersSize);
    });
  });
  await page.goto('/app');
  await page.getByTestId('record-button').waitFor();
  await waitForServiceWorkerControl(page);
  await page.waitForLoadState('networkidle');
  // Chromium reports the service worker script's body as 0 bytes; it travels brotli-compressed.
  onWire += sizeOf(path.join(webDir, 'sw.js.br'));

  const entries = precacheEntries();
  const files = entries.map((url) => path.join(webDir, url));
  const raw = files.reduce((sum, file) => sum + sizeOf(file), 0);
  const compressed = files.reduce((sum, file) => {
    const br = sizeOf(`${file}.br`);
    return sum + (Number.isNaN(br) ? sizeOf(file) : br);
  }, 0);
  const jsGzip = files
    .filter((file) => file.endsWith('.js'))
    .reduce(
      (sum, file) => sum + (Number.isNaN(sizeOf(`${file}.gz`)) ? sizeOf(file) : sizeOf(`${file}.gz`)),
      0,
    );
  const allAssets = fs.readdirSync(path.join(webDir, 'assets')).filter((name) => /\.(js|css)$/.test(name));
  const allRaw = allAssets.reduce((sum, name) => sum + sizeOf(path.join(webDir, 'assets', name)), 0);

  console.log('VeldVet PWA (dist/web) in Chromium');
  console.log(
    `first visit to /app, signed in:   ${requests} requests, ${kib(onWire)} on the wire (budget 400 KiB)`,
  );
  console.log(
    `precache:                         ${entries.length} entries, ${kib(raw)} raw, ${kib(compressed)} brotli ` +
      `(all JS/CSS of the build: ${allAssets.length} files, ${kib(allRaw)} raw)`,
  );
  console.log(
    `precached JavaScript (gzip):      ${kib(jsGzip)} (budget 150 KiB) + sw.js ${kib(sizeOf(path.join(webDir, 'sw.js.gz')))}`,
  );

  await context.setOffline(true);
  const offline: number[] = [];
  for (let i = 0; i < RUNS; i += 1) offline.push(await recorderOpenMs(page));
  await context.setOffline(false);
  console.log(
    `recorder opens offline:           median ${median(offline).toFixed(0)} ms over ${RUNS} reloads (budget 1000 ms)`,
  );

  // Lie-fi: the network is up, the API never answers (context.route also sees the worker's requests).
  // The held requests are answered (aborted) at the end: left pending, Playwright rejects them when the page
  // closes, an unhandled rejection that failed one run in two.
  const held: Array<{ abort: () => Promise<void> }> = [];
  await context.route('**/api/**', (route) => {
    held.push(route);
  });
  const lieFi: number[] = [];
  for (let i = 0; i < RUNS; i += 1) lieFi.push(await recorderOpenMs(page));
  console.log(
    `recorder opens, API silent:       median ${median(lieFi).toFixed(0)} ms over ${RUNS} reloads (budget 1000 ms)`,
  );
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await Promise.all(held.map((route) => route.abort().catch(() => undefined)));
  await close();
} finally {
  await browser.close();
  await server.close();
}
