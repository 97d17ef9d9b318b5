import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../helpers/auth.js';
import { newPage, waitForServiceWorkerControl } from '../helpers/browser.js';
import { ApiClient } from '../helpers/http.js';
import type { TestServer } from '../helpers/server.js';
import { seedLocalRecording } from '../helpers/local-db.js';
import { startWebApp, webDir } from '../helpers/web-app.js';

/**
 * Issue 19: a vet's first visit on a farm phone's cellular link. The service worker precaches only the
 * app shell and the recorder, the server sends them brotli-compressed, and the whole first visit —
 * page, API calls and precache — stays within 400 KiB on the wire. The recorder then opens offline;
 * pdfmake and its fonts are not fetched until a PDF is made. The review (notes editor, export) is not in
 * the precache either: the recorder fetches it when idle, the worker's runtime cache keeps it, and a
 * processed recording can then be reviewed offline. The precached JavaScript itself (gzip, as counted by
 * `npm run bench:web`) stays within its budget.
 */
const FIRST_VISIT_BUDGET = 400 * 1024;
/**
 * README, Performance: the JavaScript the service worker precaches (what the offline recorder needs), within
 * the issue's budget of 150 KiB gzip (146.0 KiB since the data layer, TanStack Query, left the shell).
 */
const PRECACHED_JS_BUDGET = 150 * 1024;
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startWebApp());
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The body bytes the server sends for a URL with this Accept-Encoding (raw socket: nothing decoded). */
function wireSize(url: string, acceptEncoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve(bytes));
      })
      .on('error', reject);
  });
}

/** The precache manifest injected into the built service worker: its JavaScript files and their gzip sizes. */
function precachedJavaScript(): Array<{ url: string; gzip: number }> {
  const sw = fs.readFileSync(path.join(webDir, 'sw.js'), 'utf8');
  const urls = [...new Set([...sw.matchAll(/"url":"([^"]+\.js)"/g)].map((match) => match[1]!))];
  return urls.map((url) => {
    const file = path.join(webDir, url);
    // The build writes .gz copies of files worth compressing (scripts/precompress.ts); tiny ones go as they are.
    const gzip = fs.existsSync(`${file}.gz`) ? `${file}.gz` : file;
    return { url, gzip: fs.statSync(gzip).size };
  });
}

describe('the precached JavaScript (the build)', () => {
  it('stays within its budget (gzip): the shell and the recorder, without the review, pdfmake or other pages', () => {
    const files = precachedJavaScript();
    const total = files.reduce((sum, file) => sum + file.gzip, 0);
    console.log(`precached JavaScript: ${files.length} files, ${(total / 1024).toFixed(1)} KiB gzip`);
    expect(files.some((file) => /AppPage-[^/]*\.js$/.test(file.url))).toBe(true);
    expect(
      files.filter((file) =>
        /review|pdfmake|vfs_fonts|AdminPage|SettingsPage|HistoryPage|query-/.test(file.url),
      ),
    ).toEqual([]);
    expect(total).toBeLessThanOrEqual(PRECACHED_JS_BUDGET);
  });
});

describe('the recorder page (the build, over HTTP)', () => {
  it('comes with preloads of the recorder chunks on /app only, revalidated, and is not precached', async () => {
    const page = async (route: string) => {
      const response = await fetch(`${server.baseUrl}${route}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      return response.text();
    };
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map(
        (match) => match[1]!,
      );
    // The shell's own chunks are preloaded on every page (Vite); /app adds the recorder's.
    const shell = preloads(await page('/'));
    const recorder = preloads(await page('/app')).filter((file) => !shell.includes(file));
    expect(recorder.some((file) => /^assets\/AppPage-[^/]*\.js$/.test(file))).toBe(true);
    for (const file of recorder) expect(fs.existsSync(path.join(webDir, file)), file).toBe(true);
    expect(preloads(await page('/app/'))).toEqual([...shell, ...recorder]);
    // Everything the recorder preloads is in the precache: the offline recorder needs the same files.
    const precached = new Set(precachedJavaScript().map((file) => file.url));
    for (const file of recorder) expect(precached.has(file), file).toBe(true);
    for (const route of ['/history', '/login', '/no-such-page'])
      expect(preloads(await page(route))).toEqual(shell);
    expect(fs.readFileSync(path.join(webDir, 'sw.js'), 'utf8')).not.toContain('app.html');
  });
});

describe('the recorder page of a signed-in vet (the build, over HTTP)', () => {
  const entities: Record<string, string> = { quot: '"', amp: '&', lt: '<', gt: '>', '#39': "'" };
  const sessionMeta = (html: string) =>
    /<meta name="veldvet-session" content="([^"]*)">/
      .exec(html)?.[1]
      ?.replace(/&(quot|amp|lt|gt|#39);/g, (_, name: string) => entities[name]!);

  it('names the vet the session cookie signs in, so the page need not ask; never cached', async () => {
    const client = new ApiClient(server.baseUrl);
    const account = await registerUser(client, { practiceName: `Karoo & "Co" O'Neil` });
    const signedIn = await client.get('/app');
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
    expect(signedIn.headers.get('vary') ?? '').toMatch(/cookie/i);
    const html = await signedIn.text();
    const confirmed = JSON.parse(sessionMeta(html) ?? 'null') as Record<string, unknown>;
    expect(confirmed).toMatchObject({
      email: account.email,
      practiceName: `Karoo & "Co" O'Neil`,
      isAdmin: 0,
    });
    expect(Object.keys(confirmed).sort()).toEqual(['email', 'id', 'isAdmin', 'practiceName']);
    // The escaped attribute cannot end early: the quotes in the name are character references.
    expect(html).not.toContain('"Co"');
    // Other pages stay the shared, revalidated shell.
    const history = await client.get('/history');
    expect(history.headers.get('cache-control')).toBe('no-cache');
    expect(sessionMeta(await history.text())).toBeUndefined();
  });

  it('gives the plain page without a session, or with a stale one (and drops the stale cookie)', async () => {
    const anonymous = await fetch(`${server.baseUrl}/app`);
    expect(anonymous.headers.get('cache-control')).toBe('no-cache');
    expect(sessionMeta(await anonymous.text())).toBeUndefined();
    const stale = await fetch(`${server.baseUrl}/app`, {
      headers: { cookie: 'veldvet_session=not-a-session' },
    });
    expect(sessionMeta(await stale.text())).toBeUndefined();
    expect(stale.headers.getSetCookie().some((line) => /^veldvet_session=;/.test(line))).toBe(true);
  });
});

describe('the first visit and the precache (Chromium)', () => {
  it('transfers at most 400 KiB including the precache, skips pdfmake, then opens the recorder offline', async () => {
    const { page, context, close } = await newPage(browser, { baseURL: server.baseUrl });
    const registered = await context.request.post('/api/auth/register', {
      data: {
        email: `precache-${Date.now()}@example.co.za`,
        password: 'secret12',
        practiceName: 'Karoo Vets',
      },
    });
    expect(registered.status()).toBe(200);

    // Every request of the page and of its service worker (Chromium reports both on the context).
    const finished: Request[] = [];
    context.on('requestfinished', (request) => finished.push(request));
    const preloadWarnings: string[] = [];
    page.on('console', (message) => /preload/i.test(message.text()) && preloadWarnings.push(message.text()));
    await page.goto('/app');
    await page.getByTestId('record-button').waitFor();
    await waitForServiceWorkerControl(page);
    // The precache is complete once the worker that installed it is active.
    const precached = await page.evaluate(async () => {
      const names = await caches.keys();
      let count = 0;
      for (const name of names.filter((n) => n.includes('precache'))) {
        count += (await (await caches.open(name)).keys()).length;
      }
      return count;
    });
    expect(precached).toBeGreaterThan(5);

    // The review code is not precached; the idle preload puts it in the worker's runtime cache. It counts
    // towards the first visit: it is fetched on the same connection.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const cache = await caches.open('veldvet-assets');
          return (await cache.keys()).some((request) => /\/assets\/review-[^/]*\.js$/.test(request.url));
        }),
      )
      .toBe(true);

    let transferred = 0;
    const urls: string[] = [];
    for (const request of finished) {
      const sizes = await request.sizes();
      // Served from the HTTP cache (the precache re-reading what the page just loaded): nothing on the wire,
      // which Chromium reports as a negative body size.
      transferred += Math.max(0, sizes.responseBodySize + sizes.responseHeadersSize);
      urls.push(new URL(request.url()).pathname);
      // Chromium reports a service worker script's body as 0 bytes: count what the server sends for it.
      if (sizes.responseBodySize === 0 && request.url().endsWith('/sw.js')) {
        // Playwright does not see that request's headers either; Chromium sends its usual Accept-Encoding.
        const accepted = (await request.allHeaders())['accept-encoding'] || 'gzip, deflate, br, zstd';
        transferred += await wireSize(request.url(), accepted);
      }
    }
    console.log(`first visit: ${urls.length} requests, ${(transferred / 1024).toFixed(0)} KiB on the wire`);
    // No session check (the server confirmed the vet in the page itself), and nothing preloaded that the
    // page then fetched again or left unused.
    expect(urls.filter((url) => url === '/api/auth/me')).toHaveLength(0);
    expect(preloadWarnings).toEqual([]);
    expect(urls.some((url) => url.endsWith('/sw.js'))).toBe(true);
    expect(urls.some((url) => /AppPage-.*\.js$/.test(url))).toBe(true);
    expect(urls.filter((url) => /pdfmake|vfs_fonts|AdminPage|SettingsPage/.test(url))).toEqual([]);
    expect(transferred).toBeLessThanOrEqual(FIRST_VISIT_BUDGET);

    // No signal: the installed app still opens on the recorder, and a processed recording opens in review.
    await seedLocalRecording(page, {
      id: 'precacheOfflineReview01',
      recordingTime: 95,
      preConsultationData: { patientName: 'Duma', species: 'Dogs' },
      transcript: 'Duma has been limping on the left fore for two days.',
      transcriptLanguage: 'en',
      clinicalData: {
        subjective: '- Lame left fore for two days',
        objective: '- Swollen left carpus',
        assessment: '- Soft tissue injury',
        plan: '- Rest for a week',
      },
    });
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('record-button').waitFor();
    expect(new URL(page.url()).pathname).toBe('/app');
    await page.getByRole('button', { name: 'View notes' }).first().click();
    await page.getByText('Swollen left carpus').first().waitFor();
    // The account pages are not precached: offline, before their first use, one says why it cannot open.
    await page.goto('/forgot-password');
    await page.getByText('This page needs a connection. Try again when you are online.').waitFor();
    await context.setOffline(false);
    await close();
  });
});
