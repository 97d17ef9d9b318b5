import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioTooLargeMessage } from '#shared/format/audio-limit.js';
import { launchBrowser, newPage, screenshot, viewports } from '../helpers/browser.js';
import { fakeMicrophoneArgs, fakeMicrophoneWav } from '../helpers/fake-microphone.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * Issue 14: past the server's limit POST /api/transcribe answers 413 and cuts the upload mid-way, so a
 * browser sees a network error instead of the message (and keeps retrying). The PWA reads the limit from
 * GET /api/health and refuses the recording before uploading, with the server's own words.
 */
const webDir = path.resolve('dist/web');
const LIMIT = 4_000; // a few seconds of Opus are well over this
let server: TestServer;
let browser: Browser;
const uploads: string[] = [];

beforeAll(async () => {
  if (!fs.existsSync(path.join(webDir, 'index.html')))
    execFileSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  server = await startTestServer({
    webDir,
    env: { MAX_AUDIO_BYTES: String(LIMIT), OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' },
    onRequest: (request) => {
      if (request.method === 'POST' && new URL(request.url).pathname === '/api/transcribe')
        uploads.push(request.url);
    },
  });
  browser = await launchBrowser(fakeMicrophoneArgs(fakeMicrophoneWav()));
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('a recording over the server limit', () => {
  it('is refused in the PWA with the server text, before any upload', async () => {
    const { page, context, close, unexpectedErrors } = await newPage(browser, {
      baseURL: server.baseUrl,
      viewport: viewports.phone,
    });
    const registered = await context.request.post('/api/auth/register', {
      data: {
        email: `limit-${Math.random().toString(36).slice(2)}@example.co.za`,
        password: 'secret12',
        practiceName: 'Karoo Vets',
      },
    });
    expect(registered.status()).toBe(200);
    await page.goto('/app');
    await page.getByTestId('record-button').click();
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="timer"]')?.textContent ?? '') >= '00:03',
      undefined,
      {
        timeout: 30_000,
        polling: 100,
      },
    );
    await page.getByTestId('record-button').click();
    await page.getByRole('button', { name: 'End Consultation' }).click();
    await page.getByRole('button', { name: 'Process Recording', exact: true }).click();

    const banner = page.getByTestId('error-banner');
    await banner.waitFor({ timeout: 30_000 });
    expect(await banner.innerText()).toContain(audioTooLargeMessage(LIMIT));
    expect(audioTooLargeMessage(LIMIT)).toBe('The audio file is too large (limit 4 kB)');
    expect(uploads).toEqual([]);
    await screenshot(page, 'upload-limit-phone');
    expect(unexpectedErrors()).toEqual([]);
    await close();
  });
});
