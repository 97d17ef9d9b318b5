import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  horizontalOverflow,
  launchBrowser,
  newPage,
  screenshot as saveScreenshot,
  viewports,
  waitForServiceWorkerControl,
} from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { recipients, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.js';

const webDir = path.resolve('dist/web');
const providerName = 'Karoo Whisper';

let server: TestServer;
let smtp: TestSmtpServer;
let browser: Browser;
let accountCounter = 0;

function newAccount() {
  accountCounter += 1;
  return {
    practiceName: 'Karoo Veterinary Clinic',
    email: `e2e-${accountCounter}-${Math.random().toString(36).slice(2, 8)}@example.co.za`,
    password: 'secret12',
  };
}

beforeAll(async () => {
  // `npm test` builds first; a focused run on a fresh checkout builds here.
  if (!fs.existsSync(path.join(webDir, 'index.html')))
    execFileSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  smtp = await startSmtpServer();
  server = await startTestServer({ webDir, env: { AI_PROVIDER_NAME: providerName, SMTP_URL: smtp.url } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await smtp?.close();
});

async function openPage(viewport: { width: number; height: number } = viewports.desktop) {
  return newPage(browser, { baseURL: server.baseUrl, viewport });
}

function toastWith(page: Page, title: string) {
  return page.getByTestId('toast').filter({ hasText: title });
}

async function expectToast(page: Page, title: string, description?: string) {
  const toast = toastWith(page, title);
  await toast.waitFor();
  if (description !== undefined) expect(await toast.innerText()).toContain(description);
}

async function fillRegistration(
  page: Page,
  values: { practiceName: string; email: string; password: string; confirm: string },
) {
  await page.getByLabel('Practice name').fill(values.practiceName);
  await page.getByLabel('Email').fill(values.email);
  await page.getByLabel('Password', { exact: true }).fill(values.password);
  await page.getByLabel('Confirm password').fill(values.confirm);
}

async function registerThroughUi(page: Page, account = newAccount()) {
  await page.goto('/register');
  await fillRegistration(page, { ...account, confirm: account.password });
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('**/app');
  return account;
}

describe('foundation: the built PWA in Chromium', () => {
  it('shows the landing page with header, four feature cards and the farm-mode button', async () => {
    const { page, unexpectedErrors, close } = await openPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByText(`Powered by ${providerName}`).waitFor();
    expect(await page.getByText('Veterinary Voice Transcription').first().isVisible()).toBe(true);
    const cards = page.getByRole('list', { name: 'Features' }).getByRole('heading');
    expect(await cards.allInnerTexts()).toEqual([
      'Voice Recording',
      'AI Transcription',
      'SOAP Notes',
      'Legal Compliance',
    ]);
    expect(await page.getByText('Afrikaans and English').first().isVisible()).toBe(true);
    expect(await page.getByText('5-7+ years').first().isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Start a Farm Mode recording' }).waitFor();

    await page.getByRole('main').getByRole('link', { name: 'Sign Up' }).click();
    await page.waitForURL('**/register');
    await page.goBack();
    await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL('**/login');
    expect(unexpectedErrors()).toEqual([]);
    await close();
  });

  it('shows the 404 page for an unknown path', async () => {
    const { page, unexpectedErrors, close } = await openPage();
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(unexpectedErrors()).toEqual([]);
    await close();
  });

  it('sends an anonymous visitor from guarded pages to /login', async () => {
    const { page, close } = await openPage();
    for (const guarded of ['/app', '/history', '/admin']) {
      await page.goto(guarded);
      await page.waitForURL('**/login');
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    }
    await close();
  });

  it("guard: 'Loading...' while asking, /login when the answer lacks the success flag", async () => {
    // No service worker, so page.route sees every request.
    const { page, close } = await newPage(browser, { baseURL: server.baseUrl, serviceWorkers: 'block' });
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/auth/me', async (route) => {
      await answered;
      await route.fulfill({ status: 200, contentType: 'application/json', body: '{"success":false}' });
    });
    await page.goto('/app');
    await page.getByRole('status').getByText('Loading...').waitFor();
    answer();
    await page.waitForURL('**/login');
    await close();
  });

  it("shows 'Logout failed' and stays signed in when logout fails", async () => {
    const { page, close } = await newPage(browser, { baseURL: server.baseUrl, serviceWorkers: 'block' });
    await registerThroughUi(page);
    await page.route('**/api/auth/logout', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":"Internal server error"}',
      }),
    );
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await expectToast(page, 'Logout failed', 'Please try again');
    expect(page.url()).toMatch(/\/app$/);
    await close();
  });

  it('shows register validation messages as toasts, one at a time', async () => {
    const { page, close } = await openPage();
    await page.goto('/register');
    const submit = page.getByRole('button', { name: 'Create Account' });

    await submit.click();
    await expectToast(page, 'Missing fields', 'Please fill in all fields');

    await fillRegistration(page, {
      practiceName: 'Clinic',
      email: 'vet@example.co.za',
      password: 'abcdef',
      confirm: 'abcdeg',
    });
    await submit.click();
    await expectToast(page, 'Password mismatch', 'Passwords do not match');
    expect(await page.getByTestId('toast').count()).toBe(1);

    await fillRegistration(page, {
      practiceName: 'Clinic',
      email: 'vet@example.co.za',
      password: 'abc',
      confirm: 'abc',
    });
    await submit.click();
    await expectToast(page, 'Password too short', 'Password must be at least 6 characters');
    expect(await page.getByTestId('toast').count()).toBe(1);

    await fillRegistration(page, {
      practiceName: 'Clinic',
      email: 'not-an-email',
      password: 'abcdef',
      confirm: 'abcdef',
    });
    await submit.click();
    await expectToast(page, 'Invalid email', 'Please enter a valid email address');
    expect(page.url()).toMatch(/\/register$/);

    // F8 moves focus to the notification region (Radix's hotkey).
    await page.keyboard.press('F8');
    const focusedRegion = await page.evaluate(
      () => document.activeElement?.closest('[role="region"]')?.getAttribute('aria-label') ?? '',
    );
    expect(focusedRegion).toMatch(/^Notifications/);

    // A swipe of more than 50 px to the right dismisses the toast.
    const box = (await toastWith(page, 'Invalid email').boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 40, y);
    await page.mouse.down();
    for (let dx = 10; dx <= 120; dx += 10) await page.mouse.move(box.x + 40 + dx, y);
    await page.mouse.up();
    await toastWith(page, 'Invalid email').waitFor({ state: 'hidden' });
    await close();
  });

  it('registers a practice, stays signed in across a reload, logs out and signs in again', async () => {
    const { page, unexpectedErrors, close } = await openPage();
    const account = await registerThroughUi(page);
    await expectToast(page, '✓ Account created!', 'Your account has been created successfully.');
    const header = page.getByRole('banner');
    await header.getByText(`Powered by ${providerName}`).waitFor();
    await header.getByRole('link', { name: 'History' }).waitFor();
    expect(await header.getByRole('link', { name: 'Admin' }).count()).toBe(0);

    await page.reload();
    await header.getByRole('button', { name: 'Logout' }).waitFor();
    expect(page.url()).toMatch(/\/app$/);

    await header.getByRole('link', { name: 'History' }).click();
    await page.getByRole('heading', { name: 'Recording History' }).waitFor();

    await header.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await page.goto('/app');
    await page.waitForURL('**/login');

    // A wrong password: the server's error text, not raw JSON.
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const failure = toastWith(page, 'Login failed');
    await failure.waitFor();
    expect(await failure.innerText()).toMatch(/401: [^{]/);

    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/app');
    await expectToast(page, '✓ Login successful', 'Welcome back!');
    await header.getByRole('button', { name: 'Logout' }).waitFor();
    expect(unexpectedErrors()).toEqual([]);
    await close();
  });

  it('shows Access Denied on /admin to a non-admin, and the Admin button and panel to an admin', async () => {
    const { page, close } = await openPage();
    const account = await registerThroughUi(page);
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await page.getByText('You need administrator privileges to access this page.').waitFor();
    await page.getByRole('link', { name: 'Go to App' }).click();
    await page.waitForURL('**/app');

    await server.services.database.db
      .updateTable('users')
      .set({ isAdmin: 1 })
      .where('email', '=', account.email)
      .execute();
    await page.reload();
    await page.getByRole('banner').getByRole('link', { name: 'Admin' }).click();
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
    await close();
  });

  it('forgot and reset password: Check your email, then the e-mailed link sets a new password', async () => {
    const { page, close } = await openPage();
    const account = await registerThroughUi(page);
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');

    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectToast(page, 'Email required', 'Please enter your email address');

    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await page.getByText('expires in 1 hour').waitFor();
    await expectToast(page, '✓ Reset link sent');
    await page.getByRole('link', { name: 'Return to Login' }).click();
    await page.waitForURL('**/login');

    const mail = await smtp.waitForMessage((message) => recipients(message).includes(account.email));
    const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
    expect(token).toBeTruthy();
    await page.goto(`/reset-password?token=${token}`);
    await page.getByLabel('New password', { exact: true }).fill('brand-new-pass');
    await page.getByLabel('Confirm new password').fill('brand-new-pass');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('heading', { name: 'Password Reset Successful!' }).waitFor();
    await expectToast(page, '✓ Password reset successful', 'You can now login with your new password.');
    await page.getByRole('link', { name: 'Go to Login' }).click();

    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill('brand-new-pass');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/app');
    await close();
  });

  it('reset password: Invalid Reset Link without a token; validation and a rejected token with one', async () => {
    const { page, close } = await openPage();
    await page.goto('/reset-password');
    await page.getByRole('heading', { name: 'Invalid Reset Link' }).waitFor();
    await page.getByRole('link', { name: 'Request New Link' }).click();
    await page.waitForURL('**/forgot-password');

    await page.goto('/reset-password?token=not-a-real-token');
    const submit = page.getByRole('button', { name: 'Reset Password' });
    await submit.click();
    await expectToast(page, 'Missing fields', 'Please fill in all fields');
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('short');
    await submit.click();
    await expectToast(page, 'Password too short', 'Password must be at least 8 characters');
    await page.getByLabel('New password', { exact: true }).fill('long-enough-1');
    await page.getByLabel('Confirm new password').fill('long-enough-2');
    await submit.click();
    await expectToast(page, "Passwords don't match", 'Please make sure both passwords are the same');
    await page.getByLabel('Confirm new password').fill('long-enough-1');
    await submit.click();
    await expectToast(page, 'Reset failed');
    await close();
  });

  it('opens offline after one visit, signed out and signed in, and is installable', async () => {
    const { context, page, close } = await openPage();
    await page.goto('/');
    await waitForServiceWorkerControl(page);

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    // Playwright contexts are incognito, which Chromium reports on its own; nothing else may be wrong.
    expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual(
      [],
    );
    const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('link', { name: 'Start a Farm Mode recording' }).waitFor();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    // API calls are never answered with the cached shell.
    const apiStatus = await page.evaluate(() =>
      fetch('/api/auth/me').then(
        (response) => response.headers.get('content-type') ?? '',
        () => 'network error',
      ),
    );
    expect(apiStatus).toBe('network error');

    await context.setOffline(false);
    await registerThroughUi(page);
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).waitFor();
    await page.getByRole('button', { name: 'Tap to Record' }).waitFor();
    // One main landmark per page: the recorder sits inside the signed-in layout's <main>, not in its own.
    expect(await page.getByRole('main').count()).toBe(1);
    expect(page.url()).toMatch(/\/app$/);
    await close();
  });

  it('fits 360, 390 and 1280 px wide screens without sideways scrolling, with screenshots', async () => {
    /** Every screenshot doubles as a check that nothing sticks out sideways. */
    const screenshot = async (page: Page, name: string) => {
      expect(await horizontalOverflow(page), `${name} scrolls sideways`).toBe(0);
      await saveScreenshot(page, name);
    };
    for (const [label, viewport] of Object.entries(viewports)) {
      const { page, unexpectedErrors, close } = await openPage(viewport);
      await page.goto('/');
      await page.getByText(`Powered by ${providerName}`).waitFor();
      await screenshot(page, `landing-${label}`);
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await screenshot(page, `login-${label}`);
      await page.goto('/register');
      await page.getByRole('heading', { name: 'Create your practice account' }).waitFor();
      await screenshot(page, `register-${label}`);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await toastWith(page, 'Missing fields').waitFor();
      await screenshot(page, `register-toast-${label}`);
      await page.goto('/no-such-page');
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
      await screenshot(page, `not-found-${label}`);
      await page.goto('/reset-password');
      await page.getByRole('heading', { name: 'Invalid Reset Link' }).waitFor();
      await screenshot(page, `reset-invalid-${label}`);
      await page.goto('/forgot-password');
      // A fresh address each time: the API allows two reset requests per address per hour.
      await page.getByLabel('Email').fill(newAccount().email);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await page.getByRole('heading', { name: 'Check your email' }).waitFor();
      await screenshot(page, `check-email-${label}`);
      const account = await registerThroughUi(page);
      await page.getByRole('banner').getByRole('button', { name: 'Logout' }).waitFor();
      await toastWith(page, '✓ Account created!').waitFor();
      // The recorder itself, not its loading state: the overflow check must see the page a vet uses.
      await page.getByRole('button', { name: 'Tap to Record' }).waitFor();
      await screenshot(page, `app-${label}`);
      await page.goto('/admin');
      await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
      await screenshot(page, `access-denied-${label}`);
      await server.services.database.db
        .updateTable('users')
        .set({ isAdmin: 1 })
        .where('email', '=', account.email)
        .execute();
      await page.reload();
      await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
      await screenshot(page, `admin-${label}`);
      expect(unexpectedErrors()).toEqual([]);
      await close();
    }
  });
});
