import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage } from '../helpers/browser.js';
import type { TestServer } from '../helpers/server.js';
import { startWebApp } from '../helpers/web-app.js';

/**
 * Issue 19: the history page keeps the spec's Previous/Next and 'Page N' while paging by keyset cursor —
 * Next asks for the page after the last card (nextCursor), not for an offset the database must skip.
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

describe('history paging in Chromium', () => {
  it('pages forward by cursor and back again, with Page N and the same cards as the offset pages', async () => {
    const { page, context, close } = await newPage(browser, {
      baseURL: server.baseUrl,
      serviceWorkers: 'block',
    });
    const registered = await context.request.post('/api/auth/register', {
      data: { email: `paging-${Date.now()}@example.co.za`, password: 'secret12', practiceName: 'Karoo Vets' },
    });
    expect(registered.status()).toBe(200);
    // 45 recordings, all at the same minute: their order is decided by createdAt and id alone.
    for (let i = 0; i < 45; i += 1) {
      const saved = await context.request.post('/api/recordings/save', {
        data: {
          patientName: `Koei ${String(i).padStart(2, '0')}`,
          recordedAt: '2025-03-01T08:30:00.000Z',
          audioData: Buffer.from([0x1a, 0x45, 0xdf, 0xa3, i]).toString('base64'),
          soapNotes: { subjective: '- Lame', objective: '', assessment: '', plan: '' },
        },
      });
      expect(saved.status()).toBe(200);
    }
    const byOffset = async (offset: number) =>
      (
        (await (await context.request.get(`/api/recordings/history?limit=20&offset=${offset}`)).json()) as {
          recordings: Array<{ patientName: string }>;
        }
      ).recordings.map((r) => r.patientName);

    const historyRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/recordings/history'))
        historyRequests.push(new URL(request.url()).search);
    });
    const cards = page.getByTestId('history-card');
    const names = async () => (await cards.allInnerTexts()).map((text) => text.split('\n')[0]!.trim());

    await page.goto('/history');
    await cards.first().waitFor();
    expect(await names()).toEqual(await byOffset(0));
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2', { exact: true }).waitFor();
    expect(await names()).toEqual(await byOffset(20));
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 3', { exact: true }).waitFor();
    expect(await names()).toEqual(await byOffset(40));
    expect(await cards.count()).toBe(5);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    // Pages 2 and 3 were asked for by cursor.
    expect(historyRequests.filter((search) => search.includes('cursor='))).toHaveLength(2);

    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText('Page 2', { exact: true }).waitFor();
    expect(await names()).toEqual(await byOffset(20));
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText('Page 1', { exact: true }).waitFor();
    expect(await names()).toEqual(await byOffset(0));
    await close();
  });
});
