import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot } from '../helpers/browser.js';
import { fakeMicrophoneArgs, fakeMicrophoneWav } from '../helpers/fake-microphone.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { startWhisperPeer, peerTranscriptionEnv, type WhisperPeer } from '../peers/whisper-peer.js';
import { readLocalRecordings } from '../helpers/local-db.js';

/**
 * Farm reality: the vet taps Process with no signal. The recording waits, durable, and is processed by
 * itself once the connection returns — uploaded exactly once, whatever the retries.
 */
const webDir = path.resolve('dist/web');
let peer: WhisperPeer;
let server: TestServer;
let browser: Browser;
const transcribeUploads: string[] = [];

beforeAll(async () => {
  if (!fs.existsSync(path.join(webDir, 'index.html')))
    execFileSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  peer = await startWhisperPeer({ threads: 2, beamSize: 1 });
  server = await startTestServer({
    webDir,
    env: {
      ...peerTranscriptionEnv(peer),
    },
    onRequest: (request) => {
      if (request.method === 'POST' && new URL(request.url).pathname === '/api/transcribe') {
        transcribeUploads.push(request.headers.get('idempotency-key') ?? '');
      }
    },
  });
  browser = await launchBrowser(fakeMicrophoneArgs(fakeMicrophoneWav('dev-02', 12)));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await peer?.close();
});

/** What VeldVetDB holds, read in the page. */
async function localRecordings(
  page: Page,
): Promise<Array<{ needsProcessing: boolean; isOnlineOnly: boolean; transcriptLength: number }>> {
  const rows = await readLocalRecordings<{
    needsProcessing: boolean;
    isOnlineOnly: boolean;
    transcript?: string;
  }>(page);
  return rows.map((row) => ({
    needsProcessing: row.needsProcessing,
    isOnlineOnly: row.isOnlineOnly,
    transcriptLength: (row.transcript ?? '').length,
  }));
}

describe('offline processing queue in Chromium', () => {
  it('queues Process while offline and uploads exactly once when the connection returns', async () => {
    const { page, context, close } = await newPage(browser, { baseURL: server.baseUrl });
    const registered = await context.request.post('/api/auth/register', {
      data: { email: `queue-${Date.now()}@example.co.za`, password: 'secret12', practiceName: 'Karoo Vets' },
    });
    expect(registered.status()).toBe(200);
    await page.goto('/app');
    await page.getByTestId('record-button').click();
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="timer"]')?.textContent ?? '') >= '00:05',
    );
    await page.getByTestId('record-button').click();
    await page.getByRole('button', { name: 'End Consultation' }).click();
    await page.getByRole('button', { name: 'Process Recording', exact: true }).waitFor();

    await context.setOffline(true);
    await page.getByText('Offline - Recordings saved locally').waitFor();
    await page.getByRole('button', { name: 'Process Recording', exact: true }).click();
    await page
      .getByText("You're offline. Recording will be processed when connection is restored.")
      .waitFor();
    expect(await localRecordings(page)).toEqual([
      { needsProcessing: true, isOnlineOnly: true, transcriptLength: 0 },
    ]);
    await screenshot(page, 'recorder-offline-queued');
    expect(transcribeUploads).toEqual([]);

    // The queue survives a reload while offline (the shell comes from the service worker cache).
    await page.reload();
    await page.getByTestId('session-item').waitFor();

    await context.setOffline(false);
    // Back online: the queue runs by itself; the recording gets its transcript and notes.
    await expect
      .poll(
        async () =>
          (await localRecordings(page)).map(
            (row) => row.needsProcessing === false && row.transcriptLength > 10,
          ),
        {
          timeout: 120_000,
          interval: 500,
        },
      )
      .toEqual([true]);
    // Going offline and online again, or reopening the app, must not send it a second time.
    await context.setOffline(true);
    await context.setOffline(false);
    await page.reload();
    await page.getByTestId('session-item').waitFor();
    await page.waitForTimeout(1500);
    expect(transcribeUploads).toHaveLength(1);
    expect(transcribeUploads[0]).toMatch(/^[A-Za-z0-9_-]{21}$/);
    await close();
  });
});
