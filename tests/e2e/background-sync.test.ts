import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, waitForServiceWorkerControl } from '../helpers/browser.js';
import { startFakeEngine, type FakeEngine } from '../helpers/fake-engine.js';
import { fakeMicrophoneArgs, fakeMicrophoneWav } from '../helpers/fake-microphone.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { readLocalRecordings } from '../helpers/local-db.js';

/**
 * Background Sync with no page open: the vet queued a recording offline and closed the app; when the
 * connection returns, the service worker processes it itself (sw/sw.ts → processQueueInWorker, the same
 * processOne the page uses), reading the Wi-Fi-only setting from IndexedDB.
 */
const webDir = path.resolve('dist/web');
let server: TestServer;
let browser: Browser;
let engine: FakeEngine;
const transcribeUploads: string[] = [];

beforeAll(async () => {
  if (!fs.existsSync(path.join(webDir, 'index.html')))
    execFileSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  engine = await startFakeEngine();
  server = await startTestServer({
    webDir,
    env: engine.env,
    onRequest: (request) => {
      if (request.method === 'POST' && new URL(request.url).pathname === '/api/transcribe') {
        transcribeUploads.push(request.headers.get('idempotency-key') ?? '');
      }
    },
  });
  browser = await launchBrowser(fakeMicrophoneArgs(fakeMicrophoneWav()));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await engine?.close();
});

async function localRecordings(page: Page) {
  const rows = await readLocalRecordings<{
    id: string;
    needsProcessing: boolean;
    isOnlineOnly: boolean;
    transcript?: string;
  }>(page);
  return rows.map((row) => ({
    id: row.id,
    needsProcessing: row.needsProcessing,
    isOnlineOnly: row.isOnlineOnly,
    transcriptLength: (row.transcript ?? '').length,
  }));
}

describe('Background Sync in the service worker (Chromium)', () => {
  it('processes a queued recording with no page open when the connection returns', async () => {
    const { page, context, close } = await newPage(browser, { baseURL: server.baseUrl });
    const registered = await context.request.post('/api/auth/register', {
      data: { email: `sync-${Date.now()}@example.co.za`, password: 'secret12', practiceName: 'Karoo Vets' },
    });
    expect(registered.status()).toBe(200);
    await page.goto('/app');
    await waitForServiceWorkerControl(page);
    await page.getByTestId('record-button').click();
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="timer"]')?.textContent ?? '') >= '00:03',
      undefined,
      { timeout: 20_000, polling: 100 },
    );
    await page.getByTestId('record-button').click();
    await page.getByRole('button', { name: 'End Consultation' }).click();
    await page.getByRole('button', { name: 'Process Recording', exact: true }).waitFor();

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Process Recording', exact: true }).click();
    await page
      .getByText("You're offline. Recording will be processed when connection is restored.")
      .waitFor();
    const [queued] = await localRecordings(page);
    expect(queued).toMatchObject({ needsProcessing: true, isOnlineOnly: true });

    // The vet leaves the app: no window of its origin remains, so the worker cannot hand the work to a page.
    const cdp = await context.newCDPSession(page);
    const registrations: Array<{ registrationId: string; scopeURL: string }> = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: typeof registrations }) =>
      registrations.push(...event.registrations),
    );
    await cdp.send('ServiceWorker.enable');
    await page.goto('about:blank');
    await context.setOffline(false);

    // Chromium fires the registered sync once online; if it has not within a few seconds, fire it as the
    // browser would (DevTools' 'Sync' button).
    const fired = await expect
      .poll(() => transcribeUploads.length, { timeout: 8_000, interval: 250 })
      .toBeGreaterThan(0)
      .then(() => true)
      .catch(() => false);
    if (!fired) {
      const registration = registrations.find((candidate) => candidate.scopeURL.startsWith(server.baseUrl));
      expect(registration).toBeDefined();
      await cdp.send('ServiceWorker.dispatchSyncEvent', {
        origin: server.baseUrl,
        registrationId: registration!.registrationId,
        tag: 'veldvet-process-queue',
        lastChance: false,
      });
    }
    await expect.poll(() => transcribeUploads.length, { timeout: 60_000, interval: 250 }).toBeGreaterThan(0);
    expect(new Set(transcribeUploads)).toEqual(new Set([queued!.id]));

    // Back in the app: the notes are there, made while it was closed.
    await page.goto(`${server.baseUrl}/app`);
    await expect
      .poll(async () => (await localRecordings(page))[0], { timeout: 60_000, interval: 500 })
      .toMatchObject({ needsProcessing: false, isOnlineOnly: false });
    expect((await localRecordings(page))[0]!.transcriptLength).toBeGreaterThan(10);
    await close();
  });
});
