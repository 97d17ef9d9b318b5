import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, viewports } from '../helpers/browser.js';
import { fakeMicrophoneArgs, fakeMicrophoneWav } from '../helpers/fake-microphone.js';
import type { TestServer } from '../helpers/server.js';
import { startWebApp } from '../helpers/web-app.js';

/**
 * Clinical safety: the next animal must never inherit the previous animal's client, patient or species.
 * Spec section 4: New Recording and Save & Record Next Animal both 'clear everything'.
 */
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startWebApp(fakeMicrophoneArgs(fakeMicrophoneWav())));
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Pre-consultation data of every stored recording, oldest first. */
function storedPatients(page: Page): Promise<Array<Record<string, unknown>>> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('VeldVetDB');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => resolve(open.result);
    });
    const rows = await new Promise<Array<{ recordingStartTime: string; preConsultationData: object }>>(
      (resolve) => {
        const request = db.transaction('recordings').objectStore('recordings').getAll();
        request.onsuccess = () => resolve(request.result);
      },
    );
    db.close();
    return rows
      .sort((a, b) => a.recordingStartTime.localeCompare(b.recordingStartTime))
      .map((row) => row.preConsultationData as Record<string, unknown>);
  });
}

async function openDetails(page: Page) {
  const toggle = page.getByRole('button', { name: /Pre-Consultation Details/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

async function fillAnimal(page: Page, client: string, patient: string, species: string) {
  await openDetails(page);
  await page.getByLabel('Client Name').fill(client);
  await page.getByLabel('Patient Name').fill(patient);
  await page.getByLabel('Species').selectOption(species);
}

async function recordTwoSeconds(page: Page) {
  await page.getByTestId('record-button').click();
  await page.waitForFunction(
    () => (document.querySelector('[data-testid="timer"]')?.textContent ?? '') >= '00:02',
    undefined,
    { timeout: 20_000, polling: 100 },
  );
  await page.getByTestId('record-button').click(); // pause
  await page.getByRole('button', { name: 'End Consultation' }).click();
  await page.getByRole('button', { name: 'Process Recording', exact: true }).waitFor();
}

async function expectBlankForm(page: Page) {
  await openDetails(page);
  expect(await page.getByLabel('Client Name').inputValue()).toBe('');
  expect(await page.getByLabel('Patient Name').inputValue()).toBe('');
  expect(await page.getByLabel('Species').inputValue()).toBe('');
  expect(await page.getByLabel('Consultation Type').inputValue()).toBe('');
}

describe('the next animal starts with a blank pre-consultation form', () => {
  it('Save & Record Next Animal and New Recording clear client, patient and species', async () => {
    const { page, context, close, unexpectedErrors } = await newPage(browser, {
      baseURL: server.baseUrl,
      viewport: viewports.phone,
    });
    const registered = await context.request.post('/api/auth/register', {
      data: {
        email: `next-${Math.random().toString(36).slice(2)}@example.co.za`,
        password: 'secret12',
        practiceName: 'Karoo Vets',
      },
    });
    expect(registered.status()).toBe(200);
    await page.goto('/app');
    await page.getByTestId('record-button').waitFor();

    await fillAnimal(page, 'Anna Botha', 'Bles', 'Horses');
    await recordTwoSeconds(page);
    await page.getByRole('button', { name: 'Save & Record Next Animal' }).click();
    await page.getByText('Tap to Record').waitFor();
    await expectBlankForm(page);

    // The next recording, made without touching the form, belongs to no animal the vet did not choose.
    await recordTwoSeconds(page);
    const afterSecond = await storedPatients(page);
    expect(afterSecond).toHaveLength(2);
    expect(afterSecond[0]).toMatchObject({
      clientName: 'Anna Botha',
      patientName: 'Bles',
      species: 'Horses',
    });
    expect(afterSecond[1]!.clientName ?? '').toBe('');
    expect(afterSecond[1]!.patientName ?? '').toBe('');
    expect(afterSecond[1]!.species ?? '').toBe('');
    const secondItem = page.getByTestId('session-item').nth(1);
    expect(await secondItem.innerText()).not.toContain('Bles');

    // New Recording, after choosing the first animal from the list, clears its details too.
    await page.getByTestId('session-item').first().getByRole('button', { name: 'Process recording' }).click();
    await openDetails(page);
    expect(await page.getByLabel('Patient Name').inputValue()).toBe('Bles');
    await page.getByRole('button', { name: 'New Recording' }).click();
    await page.getByText('Tap to Record').waitFor();
    await expectBlankForm(page);
    expect(unexpectedErrors()).toEqual([]);
    await close();
  });
});
