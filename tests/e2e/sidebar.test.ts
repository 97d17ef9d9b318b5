import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, viewports, type TestPage } from '../helpers/browser.js';
import { fakeMicrophoneArgs, fakeMicrophoneWav } from '../helpers/fake-microphone.js';
import type { TestServer } from '../helpers/server.js';
import { startWebApp } from '../helpers/web-app.js';

/**
 * Recent Recordings: its 64 px edge zone must never take a tap meant for the content (phones), must not
 * re-open the sidebar by itself after Escape or a choice (desktop), and phones get a visible way in.
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

async function signedIn(options: { viewport: { width: number; height: number }; touch?: boolean }) {
  const test: TestPage = await newPage(browser, {
    baseURL: server.baseUrl,
    viewport: options.viewport,
    ...(options.touch ? { hasTouch: true, isMobile: true } : {}),
  });
  const response = await test.context.request.post('/api/auth/register', {
    data: {
      email: `edge-${Math.random().toString(36).slice(2)}@example.co.za`,
      password: 'secret12',
      practiceName: 'Karoo Vets',
    },
  });
  expect(response.status()).toBe(200);
  await test.page.goto('/app');
  await test.page.getByTestId('record-button').waitFor();
  return test;
}

async function recordTwoSeconds(page: Page, start: () => Promise<void>) {
  await start();
  await page.waitForFunction(
    () => (document.querySelector('[data-testid="timer"]')?.textContent ?? '') >= '00:02',
    undefined,
    { timeout: 20_000, polling: 100 },
  );
}

const sidebarOpen = (page: Page) =>
  page.getByTestId('recent-sidebar').evaluate((element) => element.getAttribute('aria-hidden') !== 'true');

/** Waits until the sidebar has finished sliding in (left edge at 0) or out. */
async function settled(page: Page, open: boolean) {
  await page.waitForFunction((wanted) => {
    const sidebar = document.querySelector('[data-testid="recent-sidebar"]');
    if (!sidebar || (sidebar.getAttribute('aria-hidden') === 'false') !== wanted) return false;
    const left = sidebar.getBoundingClientRect().left;
    return wanted ? left === 0 : left < -300;
  }, open);
}

/** Taps 6 px in from the left end of an element, where the old hover strip lay. */
async function tapLeftEnd(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  await page.touchscreen.tap(box.x + 6, box.y + box.height / 2);
}

describe('Recent Recordings sidebar and its edge zone', () => {
  it('on a phone, taps at the left edge reach the content and a visible Recent button opens the sidebar', async () => {
    const { page, close, unexpectedErrors } = await signedIn({ viewport: viewports.phone, touch: true });
    expect(await page.getByTestId('sidebar-edge').isVisible()).toBe(false);

    // The left end of the pre-consultation toggle and of a form field.
    await tapLeftEnd(page, page.getByRole('button', { name: /Pre-Consultation Details/ }));
    await page.getByLabel('Patient Name').waitFor();
    await tapLeftEnd(page, page.getByLabel('Patient Name'));
    expect(await page.getByLabel('Patient Name').evaluate((input) => input === document.activeElement)).toBe(
      true,
    );
    expect(await sidebarOpen(page)).toBe(false);

    await recordTwoSeconds(page, () => tapLeftEnd(page, page.getByTestId('record-button')));
    await page.getByTestId('record-button').tap(); // pause
    await tapLeftEnd(page, page.getByRole('button', { name: 'End Consultation' }));
    const processButton = page.getByRole('button', { name: 'Process Recording', exact: true });
    await processButton.waitFor();
    expect(await sidebarOpen(page)).toBe(false);

    // Save & Record Next Animal, tapped at its left end, does its job.
    await tapLeftEnd(page, page.getByRole('button', { name: 'Save & Record Next Animal' }));
    await page.getByText('Tap to Record').waitFor();
    expect(await sidebarOpen(page)).toBe(false);

    // The session list's left end selects the recording instead of opening the sidebar.
    await tapLeftEnd(page, page.getByTestId('session-item').first());
    expect(await sidebarOpen(page)).toBe(false);

    // The visible control.
    const recent = page.getByRole('button', { name: 'Recent' });
    expect(await recent.isVisible()).toBe(true);
    await recent.tap();
    await settled(page, true);
    await page
      .getByTestId('recent-sidebar')
      .getByRole('button', { name: /Unknown Patient/ })
      .tap();
    await settled(page, false);
    await processButton.waitFor();
    expect(unexpectedErrors()).toEqual([]);
    await close();
  });

  it('on a desktop, the edge opens the sidebar but does not re-open it after Escape or a choice until the pointer leaves', async () => {
    const { page, close } = await signedIn({ viewport: viewports.desktop });
    await recordTwoSeconds(page, () => page.getByTestId('record-button').click());
    await page.getByTestId('record-button').click();
    await page.getByRole('button', { name: 'End Consultation' }).click();
    await page.getByRole('button', { name: 'Process Recording', exact: true }).waitFor();

    // The zone lies in the page margin, left of every card.
    const edge = (await page
      .locator('[data-testid="sidebar-edge"], [class*="_edge_"]')
      .first()
      .boundingBox())!;
    const controls = (await page.getByTestId('connection-badge').boundingBox())!;
    expect(edge.width).toBe(64);
    expect(edge.x + edge.width).toBeLessThanOrEqual(controls.x);

    await page.mouse.move(600, 400);
    await page.mouse.move(20, 400, { steps: 4 });
    await settled(page, true);

    // Escape with the pointer resting on the edge: stays closed while the pointer moves within the zone.
    await page.keyboard.press('Escape');
    await settled(page, false);
    await page.mouse.move(24, 420, { steps: 3 });
    await page.mouse.move(30, 440, { steps: 3 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
    expect(await sidebarOpen(page)).toBe(false);

    // Leaving and coming back opens it again.
    await page.mouse.move(600, 440, { steps: 3 });
    await page.mouse.move(20, 440, { steps: 4 });
    await settled(page, true);

    // Choosing an item with the pointer over the edge: the sidebar closes and stays closed.
    const item = page.getByTestId('recent-sidebar').getByRole('button', { name: /Unknown Patient/ });
    const box = (await item.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height / 2, { steps: 3 });
    await page.mouse.down();
    await page.mouse.up();
    await settled(page, false);
    await page.mouse.move(box.x + 24, box.y + box.height / 2 + 10, { steps: 3 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
    expect(await sidebarOpen(page)).toBe(false);
    await close();
  });
});
