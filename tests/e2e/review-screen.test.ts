import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, viewports } from '../helpers/browser.js';
import { fakeMicrophoneArgs, fakeMicrophoneWav } from '../helpers/fake-microphone.js';
import { startFakeEngine, type FakeEngine } from '../helpers/fake-engine.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * The review screen against the spec: 'Full Transcript' collapses, Cancel in edit mode always asks
 * (section 4, 'Notes screen'), and the reset page's missing-token toast appears (section 5).
 * Transcription is tests/helpers/fake-engine.ts behind the product's real server; notes are the real
 * embedded extractor.
 */
const webDir = path.resolve('dist/web');
let engine: FakeEngine;
let server: TestServer;
let browser: Browser;

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

async function processedRecording(page: Page) {
  await page.goto('/app');
  await page.getByTestId('record-button').click();
  await page.waitForFunction(
    () => (document.querySelector('[data-testid="timer"]')?.textContent ?? '') >= '00:03',
    undefined,
    { timeout: 20_000, polling: 100 },
  );
  await page.getByTestId('record-button').click();
  await page.getByRole('button', { name: 'End Consultation' }).click();
  await page.getByRole('button', { name: 'Process Recording', exact: true }).click();
  await page.getByTestId('clinical-notes').waitFor({ timeout: 60_000 });
}

describe('review screen and reset page against the spec', () => {
  async function signedInReview() {
    const test = await newPage(browser, { baseURL: server.baseUrl, viewport: viewports.phone });
    const registered = await test.context.request.post('/api/auth/register', {
      data: {
        email: `screen-${Math.random().toString(36).slice(2)}@example.co.za`,
        password: 'secret12',
        practiceName: 'Karoo Vets',
      },
    });
    expect(registered.status()).toBe(200);
    await processedRecording(test.page);
    return test;
  }

  it("collapses and re-opens 'Full Transcript'", async () => {
    const { page, close, unexpectedErrors } = await signedInReview();
    const toggle = page.getByRole('button', { name: 'Full Transcript' });
    const transcript = page.getByTestId('transcript');
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await transcript.waitFor({ state: 'visible' });
    expect(await transcript.inputValue()).toContain('Biscuit');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await transcript.waitFor({ state: 'hidden' });
    expect(await transcript.isVisible()).toBe(false);
    await toggle.click();
    await transcript.waitFor({ state: 'visible' });
    expect(unexpectedErrors()).toEqual([]);
    await close();
  });

  it('asks before cancelling an edit, even an untouched one', async () => {
    const { page, close, unexpectedErrors } = await signedInReview();
    // Cancel with nothing changed still asks; 'No, keep editing' stays in the editor.
    await page.getByRole('button', { name: 'Edit Notes' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).waitFor();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByRole('heading', { name: 'Discard changes?' }).waitFor({ timeout: 5_000 });
    await page.getByRole('button', { name: 'No, keep editing' }).click();
    await page.getByRole('heading', { name: 'Discard changes?' }).waitFor({ state: 'hidden' });
    expect(await page.getByRole('button', { name: 'Save Changes' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByRole('button', { name: 'Yes, discard changes' }).click();
    await page.getByRole('button', { name: 'Edit Notes' }).waitFor();
    expect(unexpectedErrors()).toEqual([]);
    await close();
  });

  it("shows the 'Invalid link' toast with the 'Invalid Reset Link' card when the token is missing", async () => {
    const { page, close } = await newPage(browser, { baseURL: server.baseUrl, viewport: viewports.phone });
    await page.goto('/reset-password');
    await page.getByRole('heading', { name: 'Invalid Reset Link' }).waitFor();
    await page.getByText('Invalid link', { exact: true }).waitFor();
    await page.getByText('Password reset link is missing or invalid', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Request New Link' }).waitFor();
    await close();
  });
});
