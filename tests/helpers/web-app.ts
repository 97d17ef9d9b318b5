import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { startTestServer, type TestServer } from './server.js';

/** The built PWA the Chromium tests open. */
export const webDir = path.resolve('dist/web');

/**
 * The API serving the built PWA on a fresh SQLite database, and a Chromium to open it. `npm test` builds
 * first; a focused run on a fresh checkout builds here.
 */
export async function startWebApp(
  browserArgs: readonly string[] = [],
): Promise<{ server: TestServer; browser: Browser }> {
  if (!fs.existsSync(path.join(webDir, 'index.html')))
    execFileSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  const server = await startTestServer({ webDir });
  return { server, browser: await launchBrowser(browserArgs) };
}
