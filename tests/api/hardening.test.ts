/**
 * Issue 14: one request must never take the server down, a database blip must never kill it, and nobody
 * may use it to send mail. Real HTTP against SQLite and PostgreSQL; where a crash is the subject, the
 * server runs as a child process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../helpers/auth.js';
import { ApiClient } from '../helpers/http.js';
import { dialects, startTestServer, type TestServer } from '../helpers/server.js';

/** Milliseconds one GET /api/health takes. */
async function healthLatency(baseUrl: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/health`);
  await response.arrayBuffer();
  expect(response.status).toBe(200);
  return performance.now() - started;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe.each(dialects)('hardening (%s)', (dialect) => {
  let server: TestServer;
  let api: ApiClient;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = new ApiClient(server.baseUrl);
    await registerUser(api, { practiceName: 'Hardening Vets' });
  });
  afterAll(async () => server?.close());

  // Item 2. Each transcript once made a regular expression in shared/notes backtrack quadratically (the
  // 199,000-letter word blocked the event loop for 147 s). Work must now be linear in the text.
  it('answers hostile 199,000-character transcripts quickly while /api/health stays fast', async () => {
    const baseline = median(await Promise.all([0, 1, 2, 3, 4].map(() => healthLatency(server.baseUrl))));
    const size = 199_000;
    const hostile = {
      'one long word': 'a'.repeat(size),
      'a run of full stops': `x${'.'.repeat(size - 2)}x`,
      'a run of hyphens': `x${'-'.repeat(size - 2)}x`,
      'abbreviations only': 'dr. '.repeat(size / 4),
      "'en' inside one word": 'en'.repeat(size / 2),
    };
    for (const [label, transcript] of Object.entries(hostile)) {
      const started = performance.now();
      const extraction = api.post('/api/extract', { transcript });
      // Health is asked while the extraction runs; a blocked event loop would hold it as long.
      const [health, response] = await Promise.all([healthLatency(server.baseUrl), extraction]);
      const elapsed = performance.now() - started;
      expect(response.status, label).toBe(200);
      await response.json();
      // Generous bounds (a busy CI machine); the old code took minutes for each of these.
      expect(elapsed, `${label}: extraction took ${elapsed.toFixed(0)} ms`).toBeLessThan(5_000);
      expect(
        health,
        `${label}: health took ${health.toFixed(0)} ms (baseline ${baseline.toFixed(0)})`,
      ).toBeLessThan(Math.max(3_000, baseline * 50));
    }
  });
});
