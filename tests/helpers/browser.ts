import fs from 'node:fs';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';

/** Debian's Chromium (`apt-get install -y chromium`); override with CHROMIUM_PATH. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Where screenshots go (git-ignored). */
export const artifactsDir = path.resolve('tests/.artifacts');

export const viewports = {
  /** The narrowest phone the app is designed for. */
  narrow: { width: 360, height: 740 },
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

/**
 * Headless Chromium with everything that phones home switched off (the test machine has no internet).
 * extraArgs adds switches, e.g. a fake microphone.
 */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
      ...extraArgs,
    ],
  });
}

export interface TestPage {
  context: BrowserContext;
  page: Page;
  /** Everything the page logged as an error, plus uncaught exceptions. */
  consoleErrors: string[];
  /**
   * consoleErrors minus Chromium's own "Failed to load resource" lines, which an expected 4xx (e.g. the
   * 401 of "who am I?" while signed out) always produces.
   */
  unexpectedErrors(): string[];
  close(): Promise<void>;
}

/** A fresh context (own cookies, storage, service workers) and page, capturing console errors. */
export async function newPage(
  browser: Browser,
  options: BrowserContextOptions & { baseURL: string },
): Promise<TestPage> {
  const context = await browser.newContext({ viewport: viewports.desktop, ...options });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`));
  return {
    context,
    page,
    consoleErrors,
    unexpectedErrors: () => consoleErrors.filter((text) => !text.startsWith('Failed to load resource')),
    close: () => context.close(),
  };
}

/** Saves a full-page screenshot to tests/.artifacts/NAME.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name}.png`);
  // 'disabled' fast-forwards finite animations (toast slide-in), so shots show the settled screen.
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}

/** The page must not scroll sideways (the classic small-phone layout bug). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** Resolves once an activated service worker controls the page (clientsClaim makes that happen on first install). */
export async function waitForServiceWorkerControl(page: Page, timeoutMs = 30_000): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, {
    timeout: timeoutMs,
    polling: 100,
  });
}
