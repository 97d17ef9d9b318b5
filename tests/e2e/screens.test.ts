import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeAudio, saveBody } from '../api/recordings-fixtures.js';
import { registerUser } from '../helpers/auth.js';
import { artifactsDir, horizontalOverflow, launchBrowser, newPage } from '../helpers/browser.js';
import { startFakeEngine, type FakeEngine } from '../helpers/fake-engine.js';
import { fakeMicrophoneArgs, fakeMicrophoneWav } from '../helpers/fake-microphone.js';
import { ApiClient } from '../helpers/http.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * The recorder, review, history and admin screens at 360, 390 and 1280 px: what a vet sees on a small
 * phone, a common phone and the clinic desktop. Layout checks that a screenshot would show (nothing off
 * screen, labels visible, equal action buttons, the preview's real duration), and full-page screenshots
 * to look at (SCREENS_DIR, else tests/.artifacts).
 */
const webDir = path.resolve('dist/web');
const screensDir = process.env.SCREENS_DIR ?? artifactsDir;
let engine: FakeEngine;
let server: TestServer;
let browser: Browser;
let admin: { email: string; password: string };

beforeAll(async () => {
  if (!fs.existsSync(path.join(webDir, 'index.html')))
    execFileSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  engine = await startFakeEngine();
  server = await startTestServer({ webDir, env: engine.env });
  browser = await launchBrowser(fakeMicrophoneArgs(fakeMicrophoneWav()));

  const api = new ApiClient(server.baseUrl);
  const registered = await registerUser(api, {
    practiceName: 'Karoo Vet Clinic',
    password: 'secret12',
    email: 'dr.annemarie.vanderwesthuizen@karoovetclinic.co.za',
  });
  await server.services.database.db
    .updateTable('users')
    .set({ isAdmin: 1 })
    .where('id', '=', registered.user.id)
    .execute();
  admin = { email: registered.email, password: 'secret12' };
  const patients = [
    ['Bella', 'Dogs', 'Labrador', 'Sick animal'],
    ['Bles', 'Horses', 'Boerperd', 'Routine check'],
    ['Witkop', 'Cattle', 'Nguni', 'Pregnancy diagnosis'],
  ] as const;
  for (const [index, [patientName, species, breed, consultationType]] of patients.entries()) {
    const saved = await api.post(
      '/api/recordings/save',
      saveBody(fakeAudio('webm', 4000, index + 1), { patientName, species, breed, consultationType }),
    );
    expect(saved.status).toBe(200);
  }
  for (const practiceName of ['Bosveld Dierekliniek', 'Overberg Large Animal Practice']) {
    await registerUser(new ApiClient(server.baseUrl), { practiceName });
  }
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await engine?.close();
});

async function shot(page: Page, name: string) {
  fs.mkdirSync(screensDir, { recursive: true });
  await page.screenshot({
    path: path.join(screensDir, `${name}.png`),
    fullPage: true,
    animations: 'disabled',
  });
}

/** Widths of the element's own box, for 'these buttons are the same size'. */
const widths = (page: Page, selector: string) =>
  page.$$eval(selector, (elements) => elements.map((element) => element.getBoundingClientRect().width));

const widthsOfViewport = [360, 390, 1280] as const;

describe.each(widthsOfViewport)('screens at %i px', (width) => {
  const viewport = { width, height: width === 1280 ? 800 : 844 };
  const phone = width < 600;

  async function signedIn() {
    const test = await newPage(browser, {
      baseURL: server.baseUrl,
      viewport,
      ...(phone ? { hasTouch: true, isMobile: true } : {}),
    });
    const login = await test.context.request.post('/api/auth/login', { data: admin });
    expect(login.status()).toBe(200);
    return test;
  }

  it('recorder and review: header labels, preview duration, even action buttons, nothing off screen', async () => {
    const { page, close } = await signedIn();
    await page.goto('/app');
    await page.getByTestId('record-button').waitFor();
    await shot(page, `recorder-ready-${width}`);

    // Every header action has a visible text label, not an icon alone.
    for (const name of ['Admin', 'History', 'Settings', 'Logout']) {
      const label = page.getByRole('banner').getByText(name, { exact: true });
      const box = await label.boundingBox();
      expect(box?.width ?? 0, `${name} label`).toBeGreaterThan(10);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    }

    await page.getByRole('button', { name: /Pre-Consultation Details/ }).click();
    await page.getByLabel('Patient Name').fill('Bella');
    await page.getByLabel('Species').selectOption('Dogs');
    await page.getByTestId('record-button').click();
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="timer"]')?.textContent ?? '') >= '00:03',
      undefined,
      { timeout: 20_000, polling: 100 },
    );
    await page.getByTestId('record-button').click();
    await page.getByRole('button', { name: 'End Consultation' }).click();
    await page.getByRole('button', { name: 'Process Recording', exact: true }).waitFor();

    // The preview knows the recording's length at once (WebM from MediaRecorder has none in its header).
    await page.waitForFunction(
      () => {
        const audio = document.querySelector<HTMLAudioElement>('[data-testid="preview-audio"]');
        return Boolean(audio && Number.isFinite(audio.duration) && audio.duration > 1);
      },
      undefined,
      { timeout: 10_000 },
    );
    await page.evaluate(
      () =>
        new Promise((resolve) => {
          const audio = document.querySelector<HTMLAudioElement>('[data-testid="preview-audio"]')!;
          if (audio.currentTime === 0) resolve(null);
          else audio.addEventListener('seeked', () => resolve(null), { once: true });
        }),
    );
    expect(
      await page.$eval('[data-testid="preview-audio"]', (a) => (a as HTMLAudioElement).currentTime),
    ).toBe(0);

    const actionWidths = await widths(page, '[data-testid="recording-actions"] > button');
    expect(actionWidths).toHaveLength(3);
    for (const other of actionWidths) expect(Math.abs(other - actionWidths[0]!)).toBeLessThanOrEqual(1);
    expect(await horizontalOverflow(page)).toBe(0);
    await shot(page, `recorder-recorded-${width}`);

    await page.getByTestId('open-recent').click();
    await page.getByRole('heading', { name: 'Recent Recordings' }).waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="recent-sidebar"]')?.getBoundingClientRect().left === 0,
    );
    // The status pill is as tall as its one line of text, not stretched to the item.
    const pill = await page.getByTestId('recent-sidebar').getByText('Not processed').boundingBox();
    expect(pill!.height).toBeLessThan(30);
    await shot(page, `recorder-sidebar-${width}`);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Process Recording', exact: true }).click();
    await page.getByTestId('clinical-notes').waitFor({ timeout: 60_000 });
    expect(await horizontalOverflow(page)).toBe(0);
    await shot(page, `review-${width}`);
    await close();
  });

  it('history: the search placeholder fits, nothing off screen', async () => {
    const { page, close } = await signedIn();
    await page.goto('/history');
    await page.getByText('Witkop').waitFor();
    const search = page.getByPlaceholder('Search by patient name, client, or species...');
    const fits = await search.evaluate((input) => {
      const style = getComputedStyle(input);
      const placeholder = getComputedStyle(input, '::placeholder');
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${placeholder.fontWeight} ${placeholder.fontSize} ${placeholder.fontFamily}`;
      const text = context.measureText((input as HTMLInputElement).placeholder).width;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text, room };
    });
    expect(fits.text).toBeLessThanOrEqual(fits.room);
    expect(await horizontalOverflow(page)).toBe(0);
    await shot(page, `history-${width}`);
    await close();
  });

  it('admin: every user’s Make Admin and Delete are on screen', async () => {
    const { page, close } = await signedIn();
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
    await page.getByText('Loading users...').waitFor({ state: 'detached' });
    await page.getByText('Bosveld Dierekliniek').first().waitFor();
    const rows = page.locator('[data-testid="user-row"]');
    expect(await rows.count()).toBeGreaterThanOrEqual(3);
    // On screen, and inside the table's own box (not hidden in a sideways scroll).
    const table = (await page.getByRole('region', { name: 'Users table' }).boundingBox())!;
    for (const button of await page
      .getByRole('button', { name: /^(Make Admin|Remove Admin|Delete)$/ })
      .all()) {
      const box = (await button.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(Math.min(width, table.x + table.width));
    }
    expect(await horizontalOverflow(page)).toBe(0);
    await shot(page, `admin-${width}`);
    await close();
  });
});
