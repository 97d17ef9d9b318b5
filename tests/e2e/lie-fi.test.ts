import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage } from '../helpers/browser.js';
import type { TestServer } from '../helpers/server.js';
import { startWebApp } from '../helpers/web-app.js';

/**
 * Issue 19, "lie-fi": one bar of signal on a farm — the network is up but the API answers nothing, or
 * answers after half a minute. The recorder opens from the last confirmed user at once; the session check
 * runs behind it and only a real 401 signs the vet out.
 */
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startWebApp());
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * A signed-in vet whose device has seen the server confirm them once (the recorder opened normally).
 * No service worker, so page.route sees every request the page makes.
 */
async function confirmedVet(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const { page, context, close } = await newPage(browser, {
    baseURL: server.baseUrl,
    serviceWorkers: 'block',
  });
  const registered = await context.request.post('/api/auth/register', {
    data: {
      email: `liefi-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.co.za`,
      password: 'secret12',
      practiceName: 'Karoo Vets',
    },
  });
  expect(registered.status()).toBe(200);
  await page.goto('/app');
  await page.getByTestId('record-button').waitFor();
  await page.close();
  return { context, close };
}

const sessionCheck = '**/api/auth/me';

/**
 * On lie-fi the page itself cannot come from the server either: the installed app's worker serves the shell
 * from its cache, without the server's confirmation of the session that a page fetched from the server
 * carries (api/app.ts). Here (no worker) the page fetched without the cookie stands for that copy.
 */
async function shellFromCache(page: Page): Promise<void> {
  await page.route('**/app', async (route) => {
    const plain = await fetch(route.request().url());
    await route.fulfill({ status: plain.status, contentType: 'text/html', body: await plain.text() });
  });
}

describe('the recorder on lie-fi (Chromium)', () => {
  it('opens at once when the API never answers, and the vet stays signed in after the check gives up', async () => {
    const { context, close } = await confirmedVet();
    const page = await context.newPage();
    await shellFromCache(page);
    // Every API call hangs: the request reaches the "network" and nothing ever comes back.
    const held: Route[] = [];
    await page.route('**/api/**', (route) => {
      held.push(route);
    });
    const checkGaveUp = page.waitForEvent('requestfailed', {
      predicate: (request) => request.url().endsWith('/api/auth/me'),
      timeout: 60_000,
    });
    await page.goto('/app');
    const recordButton = page.getByTestId('record-button');
    await recordButton.waitFor();
    // The recorder is usable while the session check is still unanswered.
    expect(held.some((route) => route.request().url().endsWith('/api/auth/me'))).toBe(true);
    expect(await recordButton.isEnabled()).toBe(true);
    expect(await page.getByText('Loading...').count()).toBe(0);

    // The check times out on the client: that is not a sign-out.
    await checkGaveUp;
    expect(new URL(page.url()).pathname).toBe('/app');
    expect(await recordButton.isVisible()).toBe(true);
    await close();
  });

  it('opens at once when the API answers after 30 s', async () => {
    const { context, close } = await confirmedVet();
    const page = await context.newPage();
    await shellFromCache(page);
    let checkAnswered = false;
    await page.route(sessionCheck, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 30_000));
      checkAnswered = true;
      // The page may have given up on the request by now.
      await route.continue().catch(() => undefined);
    });
    await page.goto('/app');
    await page.getByTestId('record-button').waitFor();
    expect(checkAnswered).toBe(false);
    expect(await page.getByTestId('record-button').isEnabled()).toBe(true);
    await close();
  }, 120_000);

  it('signs the vet out when the check answers 401', async () => {
    const { context, close } = await confirmedVet();
    const page = await context.newPage();
    await shellFromCache(page);
    await page.route(sessionCheck, (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: '{"error":"Not authenticated"}' }),
    );
    await page.goto('/app');
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('veldvet:last-user'))).toBeNull();
    await close();
  });

  it('keeps the vet signed in when the check fails with a server error', async () => {
    const { context, close } = await confirmedVet();
    const page = await context.newPage();
    await shellFromCache(page);
    let answered = false;
    await page.route(sessionCheck, async (route) => {
      await route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"Unavailable"}' });
      answered = true;
    });
    const response = page.waitForResponse((r) => r.url().endsWith('/api/auth/me'));
    await page.goto('/app');
    await response;
    // Let the failed check reach React (query notifications are batched to the next task) before looking.
    await page.evaluate(
      () =>
        new Promise((resolve) =>
          setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(resolve)), 0),
        ),
    );
    await page.getByTestId('record-button').waitFor();
    expect(answered).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/app');
    await close();
  });
});
