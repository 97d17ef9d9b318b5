import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot, viewports } from '../helpers/browser.js';
import { fakeMicrophoneArgs, fakeMicrophoneWav } from '../helpers/fake-microphone.js';
import { startFakeEngine, type FakeEngine } from '../helpers/fake-engine.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * A dropped upload while the browser still says 'online', and a busy transcription engine: the recording
 * is retried by itself on the backoff schedule and says truthfully what it waits for. The page's clock is
 * Playwright's (page.clock), so the 10 s and 30 s waits are fast-forwarded, not waited.
 * The engine is tests/helpers/fake-engine.ts: 'busy' becomes a 503 from the product's server.
 */
const webDir = path.resolve('dist/web');
let server: TestServer;
let browser: Browser;
let engine: FakeEngine;

beforeAll(async () => {
  if (!fs.existsSync(path.join(webDir, 'index.html')))
    execFileSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  engine = await startFakeEngine();
  server = await startTestServer({ webDir, env: engine.env });
  browser = await launchBrowser(fakeMicrophoneArgs(fakeMicrophoneWav()));
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await engine?.close();
});

async function recordedRecording(
  viewport: { width: number; height: number } = viewports.desktop,
  beforeLoad?: (page: Page) => Promise<unknown>,
) {
  const test = await newPage(browser, { baseURL: server.baseUrl, viewport });
  await beforeLoad?.(test.page);
  await test.page.clock.install();
  // Background Sync fires at once while online and then forgets the tag, so the registrations are noted.
  await test.page.addInitScript(() => {
    const manager = (
      window as unknown as { SyncManager?: { prototype: { register(tag: string): Promise<void> } } }
    ).SyncManager;
    if (!manager) return;
    const register = manager.prototype.register;
    manager.prototype.register = function (this: unknown, tag: string) {
      ((window as unknown as { syncTags?: string[] }).syncTags ??= []).push(tag);
      return register.call(this, tag);
    };
  });
  const registered = await test.context.request.post('/api/auth/register', {
    data: {
      email: `retry-${Math.random().toString(36).slice(2)}@example.co.za`,
      password: 'secret12',
      practiceName: 'Karoo Vets',
    },
  });
  expect(registered.status()).toBe(200);
  const { page } = test;
  await page.goto('/app');
  await page.getByTestId('record-button').click();
  await page.waitForFunction(
    () => (document.querySelector('[data-testid="timer"]')?.textContent ?? '') >= '00:03',
    undefined,
    { timeout: 20_000, polling: 100 },
  );
  await page.getByTestId('record-button').click();
  await page.getByRole('button', { name: 'End Consultation' }).click();
  await page.getByRole('button', { name: 'Process Recording', exact: true }).waitFor();
  return test;
}

/** The stored retry state of the only local recording, and the page's own clock. */
function retryState(page: Page) {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('VeldVetDB');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => resolve(open.result);
    });
    const rows = await new Promise<
      Array<{ retry?: { failures: number; nextAt: string; reason: string }; isOnlineOnly: boolean }>
    >((resolve) => {
      const request = db.transaction('recordings').objectStore('recordings').getAll();
      request.onsuccess = () => resolve(request.result);
    });
    db.close();
    const retry = rows[0]?.retry;
    const nextAt = retry ? new Date(retry.nextAt) : null;
    return {
      retry,
      isOnlineOnly: rows[0]?.isOnlineOnly,
      now: Date.now(),
      hhmm: nextAt
        ? `${String(nextAt.getHours()).padStart(2, '0')}:${String(nextAt.getMinutes()).padStart(2, '0')}`
        : null,
    };
  });
}

describe('automatic retries of a queued recording', () => {
  it('retries a dropped upload by itself while the browser stays online, and registers Background Sync', async () => {
    const { page, close } = await recordedRecording(viewports.phone);
    let attempts = 0;
    await page.route('**/api/transcribe', async (route) => {
      attempts += 1;
      if (attempts === 1) await route.abort('connectionreset');
      else await route.continue();
    });
    await page.getByRole('button', { name: 'Process Recording', exact: true }).click();
    await page.getByTestId('error-banner').waitFor();
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);

    const state = await retryState(page);
    expect(state.retry).toMatchObject({ failures: 1, reason: 'network' });
    expect(Date.parse(state.retry!.nextAt) - state.now).toBeGreaterThan(8_000);
    expect(Date.parse(state.retry!.nextAt) - state.now).toBeLessThanOrEqual(10_000);
    const status = page.getByTestId('sync-status');
    expect(await status.innerText()).toBe(`Connection lost - retrying at ${state.hhmm}`);
    expect(await page.getByTestId('error-banner').innerText()).toContain(
      `Retrying by itself at ${state.hhmm}.`,
    );
    await screenshot(page, 'recorder-retry-network');

    // Background Sync is asked to run the queue too.
    const tags = await page.evaluate(() => (window as unknown as { syncTags?: string[] }).syncTags ?? []);
    expect(tags).toContain('veldvet-process-queue');

    // Nothing happens before the retry is due; at 10 s it runs by itself.
    expect(attempts).toBe(1);
    await page.clock.fastForward('00:11');
    await page.getByTestId('clinical-notes').waitFor({ timeout: 60_000 });
    expect(attempts).toBe(2);
    expect((await retryState(page)).retry).toBeUndefined();
    await close();
  });

  it("labels a 503 from the engine 'Server busy - retrying at HH:MM', backs off, and processes once the engine is free", async () => {
    engine.mode = 'busy';
    engine.calls = 0;
    const { page, close } = await recordedRecording();
    await page.getByRole('button', { name: 'Process Recording', exact: true }).click();
    await page.getByTestId('error-banner').waitFor({ timeout: 60_000 });
    expect(engine.calls).toBeGreaterThan(0);

    const first = await retryState(page);
    expect(first.retry).toMatchObject({ failures: 1, reason: 'busy' });
    const status = page.getByTestId('sync-status');
    expect(await status.innerText()).toMatch(/^Server busy - retrying at \d\d:\d\d$/);
    expect(await status.innerText()).toBe(`Server busy - retrying at ${first.hhmm}`);
    await page.getByTestId('open-recent').click();
    await page.getByTestId('recent-sidebar').getByText(`Server busy - retrying at ${first.hhmm}`).waitFor();
    await screenshot(page, 'recorder-retry-busy');
    await page.keyboard.press('Escape');

    // Still busy at the first retry: the next wait is longer.
    await page.clock.fastForward(Date.parse(first.retry!.nextAt) - first.now + 1_000);
    await expect.poll(async () => (await retryState(page)).retry?.failures, { timeout: 60_000 }).toBe(2);
    const second = await retryState(page);
    expect(Date.parse(second.retry!.nextAt) - second.now).toBeGreaterThan(
      Date.parse(first.retry!.nextAt) - first.now,
    );
    await page.waitForFunction(
      (label) => document.querySelector('[data-testid="sync-status"]')?.textContent === label,
      `Server busy - retrying at ${second.hhmm}`,
    );

    engine.mode = 'ok';
    await page.clock.fastForward(Date.parse(second.retry!.nextAt) - second.now + 1_000);
    await page.getByTestId('clinical-notes').waitFor({ timeout: 60_000 });
    await close();
  });
  it("labels a recording the server refused 'Failed - tap to retry', and a tap processes it", async () => {
    const { page, close } = await recordedRecording(viewports.phone);
    let attempts = 0;
    await page.route('**/api/transcribe', async (route) => {
      attempts += 1;
      if (attempts === 1)
        await route.fulfill({
          status: 422,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'The audio could not be read' }),
        });
      else await route.continue();
    });
    await page.getByRole('button', { name: 'Process Recording', exact: true }).click();
    await page.getByTestId('error-banner').getByText('The audio could not be read').waitFor();
    // A refusal is not retried by itself: it waits for the vet.
    await page.clock.fastForward('10:00');
    expect(attempts).toBe(1);
    const failed = page.getByRole('button', { name: 'Failed - tap to retry' });
    await failed.waitFor();
    await page.getByTestId('open-recent').click();
    await page.getByTestId('recent-sidebar').getByText('Failed', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await failed.click();
    await page.getByTestId('clinical-notes').waitFor({ timeout: 60_000 });
    expect(attempts).toBe(2);
    await close();
  });
  it("starts the backoff over when the browser comes back 'online': the retry runs at once", async () => {
    const { page, context, close } = await recordedRecording();
    let attempts = 0;
    await page.route('**/api/transcribe', async (route) => {
      attempts += 1;
      if (attempts <= 2) await route.abort('connectionreset');
      else await route.continue();
    });
    await page.getByRole('button', { name: 'Process Recording', exact: true }).click();
    await page.getByTestId('error-banner').waitFor();
    await page.clock.fastForward('00:11');
    await expect.poll(async () => (await retryState(page)).retry?.failures, { timeout: 30_000 }).toBe(2);
    // The next attempt is 30 s away; the connection comes back now and it runs without waiting.
    await context.setOffline(true);
    await page.getByTestId('sync-status').getByText('Offline - waiting to sync').waitFor();
    await context.setOffline(false);
    await page.getByTestId('clinical-notes').waitFor({ timeout: 60_000 });
    expect(attempts).toBe(3);
    await close();
  });
  it("says 'Waiting for Wi-Fi' on cellular in Wi-Fi-only mode, not 'Offline'", async () => {
    // Chromium on Android reports the link type; desktop Chromium does not, so the page is given one.
    const { page, close } = await recordedRecording(viewports.phone, (target) =>
      target.addInitScript(() => {
        const connection = Object.assign(new EventTarget(), { type: 'cellular', effectiveType: '4g' });
        Object.defineProperty(Navigator.prototype, 'connection', { get: () => connection });
      }),
    );
    await page.getByText('Cellular - Processing paused (WiFi-only mode)').waitFor();
    await page.getByRole('button', { name: 'Process Recording', exact: true }).click();
    await page
      .getByText(
        'WiFi-only mode is enabled. Please connect to WiFi to process recordings or disable WiFi-only mode in settings.',
      )
      .waitFor();
    expect(await page.getByTestId('sync-status').innerText()).toBe('Waiting for Wi-Fi');
    await page.getByTestId('open-recent').click();
    await page.getByTestId('recent-sidebar').getByText('Waiting for Wi-Fi', { exact: true }).waitFor();
    await close();
  });
});
