import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, screenshot, viewports, type TestPage } from '../helpers/browser.js';
import { fakeMicrophoneArgs, fakeMicrophoneWav } from '../helpers/fake-microphone.js';
import type { TestServer } from '../helpers/server.js';
import { startWebApp } from '../helpers/web-app.js';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startWebApp(fakeMicrophoneArgs(fakeMicrophoneWav())));
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A signed-in vet on /app, with a fresh browser profile. */
async function signedInRecorder(
  viewport: { width: number; height: number } = viewports.desktop,
): Promise<TestPage> {
  const test = await newPage(browser, { baseURL: server.baseUrl, viewport });
  const response = await test.context.request.post('/api/auth/register', {
    data: {
      email: `rec-${Math.random().toString(36).slice(2)}@example.co.za`,
      password: 'secret12',
      practiceName: 'Karoo Vets',
    },
  });
  expect(response.status()).toBe(200);
  await test.page.goto('/app');
  await test.page.getByTestId('record-button').waitFor();
  return test;
}

const recordButton = (page: Page) => page.getByTestId('record-button');
const timerSeconds = async (page: Page) => {
  const [minutes, seconds] = (await page.getByTestId('timer').innerText()).split(':').map(Number);
  return minutes! * 60 + seconds!;
};
const parseDuration = (text: string) => {
  const [minutes, seconds] = text.trim().split(':').map(Number);
  return minutes! * 60 + seconds!;
};

interface StoredRecording {
  id: string;
  segmentNumber: number;
  totalSegments: number;
  parentRecordingId?: string;
  recordingTime: number;
  decodedSeconds: number;
}

/** Reads VeldVetDB in the page and decodes each stored recording's audio, proving it is playable. */
function storedRecordings(page: Page): Promise<StoredRecording[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('VeldVetDB');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => resolve(open.result);
    });
    const rows = await new Promise<Array<Record<string, unknown> & { audioBlob: Blob }>>((resolve) => {
      const request = db.transaction('recordings').objectStore('recordings').getAll();
      request.onsuccess = () => resolve(request.result);
    });
    db.close();
    const context = new AudioContext();
    const result = [];
    for (const row of rows) {
      const buffer = await context.decodeAudioData(await row.audioBlob.arrayBuffer());
      result.push({
        id: row.id as string,
        segmentNumber: row.segmentNumber as number,
        totalSegments: row.totalSegments as number,
        parentRecordingId: row.parentRecordingId as string | undefined,
        recordingTime: row.recordingTime as number,
        decodedSeconds: buffer.duration,
      });
    }
    return result.sort((a, b) => a.segmentNumber - b.segmentNumber);
  });
}

async function waitForTimer(page: Page, seconds: number) {
  await page.waitForFunction(
    (target) => {
      const text = document.querySelector('[data-testid="timer"]')?.textContent ?? '00:00';
      const [m, s] = text.split(':').map(Number);
      return m! * 60 + s! >= target;
    },
    seconds,
    { timeout: 20_000, polling: 100 },
  );
}

describe('recorder in Chromium with a real WAV on the fake microphone', () => {
  it('records, pauses, resumes and stops; the recording plays and is listed with its duration', async () => {
    const { page, close, unexpectedErrors } = await signedInRecorder();
    await page.getByText('Tap to Record').waitFor();
    await screenshot(page, 'recorder-ready');

    await recordButton(page).click();
    await page.getByText('Tap to Pause').waitFor();
    await page.getByText('Recording...').waitFor();
    await waitForTimer(page, 3);
    await screenshot(page, 'recorder-recording');

    await recordButton(page).click(); // pause
    await page.getByText('PAUSED - Tap to Resume').waitFor();
    const pausedAt = await timerSeconds(page);
    await page.waitForTimeout(2000);
    expect(await timerSeconds(page)).toBe(pausedAt); // the timer stands still while paused
    await screenshot(page, 'recorder-paused');

    await recordButton(page).click(); // resume
    await page.getByText('Tap to Pause').waitFor();
    await waitForTimer(page, pausedAt + 2);
    await recordButton(page).click(); // pause again, then end
    await page.getByRole('button', { name: 'End Consultation' }).click();

    await page.getByText('Recording Preview').waitFor();
    await page.getByRole('button', { name: 'Process Recording', exact: true }).waitFor();
    await screenshot(page, 'recorder-recorded');

    // The stored audio really decodes and has the recorded length (pauses excluded).
    const [stored] = await storedRecordings(page);
    const audioSeconds = stored!.decodedSeconds;
    expect(audioSeconds).toBeGreaterThanOrEqual(pausedAt + 1);
    expect(audioSeconds).toBeLessThanOrEqual(pausedAt + 4);

    const items = page.getByTestId('session-item');
    expect(await items.count()).toBe(1);
    expect(await page.getByTestId('session-count').innerText()).toBe('1 recording(s)');
    const listed = parseDuration(await page.getByTestId('session-duration').innerText());
    expect(Math.abs(listed - audioSeconds)).toBeLessThanOrEqual(1.5);
    expect(unexpectedErrors()).toEqual([]);
    await close();
  });

  it('offers an interrupted recording back after a reload mid-recording, losing only the chunk in progress', async () => {
    const { page, close } = await signedInRecorder();
    await recordButton(page).click();
    await waitForTimer(page, 5);
    const shown = await timerSeconds(page);
    await page.reload();
    await page.getByTestId('interrupted').waitFor();
    const recovered = parseDuration(await page.getByTestId('interrupted-duration').innerText());
    expect(recovered).toBeGreaterThanOrEqual(shown - 1);
    await screenshot(page, 'recorder-interrupted');

    await page.getByRole('button', { name: 'Recover recording' }).click();
    await page.getByText('Recording Preview').waitFor();
    const [recoveredRecording] = await storedRecordings(page);
    // Chunks are 1000 ms (spec): the one being recorded when the page died is lost. The timer starts when
    // MediaRecorder is asked to start, some tens of ms before audio flows, so the audio kept can fall a
    // little short of 'shown − 1' (3.96 s at a shown 5 s in one CI run); half a second covers that.
    expect(recoveredRecording!.decodedSeconds).toBeGreaterThanOrEqual(shown - 1.5);
    expect(await page.getByTestId('session-item').count()).toBe(1);
    await close();
  });

  it('splits a Farm Visit into linked segments at the configured length', async () => {
    const { page, close } = await signedInRecorder(viewports.phone);
    await page.evaluate(() => localStorage.setItem('veldvet:farm-segment-seconds', '3'));
    await page.getByRole('button', { name: /Pre-Consultation Details/ }).click();
    await page.getByLabel('Patient Name').fill('Bessie');
    await page.getByLabel('Consultation Type').selectOption('Farm Visit');
    await page.getByText('Farm Mode Active').waitFor();
    await page.getByText('30-minute auto-segmentation enabled').waitFor();
    await page.getByText('Optimized for remote farm visits').waitFor();
    await screenshot(page, 'recorder-farm-ready');

    await recordButton(page).click();
    await page.getByText('Farm Visit Recording - Segment 1').waitFor();
    await page.getByText('Farm Visit Recording - Segment 2').waitFor({ timeout: 15_000 });
    await waitForTimer(page, 8);
    await recordButton(page).click();
    await page.getByText('(PAUSED)').waitFor();
    const size = await recordButton(page).evaluate((element) => (element as HTMLElement).offsetWidth);
    expect(size).toBe(225);
    await screenshot(page, 'recorder-farm-paused');
    await page.getByRole('button', { name: 'End Consultation' }).click();
    await page.getByText('Recording Preview').waitFor();

    const segments = await storedRecordings(page);
    expect(segments.length).toBeGreaterThanOrEqual(3);
    const parent = segments[0]!;
    expect(parent.parentRecordingId).toBeUndefined();
    for (const [index, segment] of segments.entries()) {
      expect(segment.segmentNumber).toBe(index + 1);
      expect(segment.totalSegments).toBe(segments.length);
      if (index > 0) expect(segment.parentRecordingId).toBe(parent.id);
      // Full segments hold the configured 3 s (±1 s of tick granularity); the last one whatever was left.
      if (index < segments.length - 1) expect(segment.decodedSeconds).toBeGreaterThanOrEqual(2);
      else expect(segment.decodedSeconds).toBeGreaterThan(0);
    }
    await close();
  });

  it("opens the Recent Recordings sidebar with 'h' and closes it with Escape", async () => {
    const { page, close } = await signedInRecorder();
    const sidebar = page.getByTestId('recent-sidebar');
    await page.keyboard.press('h');
    await sidebar.getByText('Recent Recordings').waitFor({ state: 'visible' });
    await sidebar.getByText('No recordings found').waitFor();
    expect(await sidebar.getByText('0 recordings').isVisible()).toBe(true);
    await screenshot(page, 'recorder-sidebar');
    await page.keyboard.press('Escape');
    await sidebar.waitFor({ state: 'hidden' });
    await close();
  });
});
