import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireUser } from '../../api/http/auth.js';
import { handleError } from '../../api/http/errors.js';
import { withIdempotency, type IdempotencyOptions } from '../../api/http/idempotency.js';
import { createRouter } from '../../api/http/router.js';
import { authRoutes } from '../../api/routes/auth.js';
import { registerUser } from '../helpers/auth.js';
import { ApiClient } from '../helpers/http.js';
import { dialects, startTestServer, type TestServer } from '../helpers/server.js';

/**
 * api/http/idempotency.ts on its own, as another route (e.g. POST /api/transcribe) would use it: a probe route
 * counts its executions on the real database of either dialect.
 */
describe.each(dialects)('withIdempotency (%s)', (dialect) => {
  let server: TestServer;
  let probe: ServerType;
  let probeUrl: string;
  const runs = new Map<string, number>();
  let failNext = false;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    const { services } = server;
    const app = createRouter();
    app.onError(handleError);
    app.route('/api/auth', authRoutes(services));
    const options = (c: { req: { query(name: string): string | undefined } }): IdempotencyOptions => ({
      ...(c.req.query('wait') ? { waitMs: Number(c.req.query('wait')) } : {}),
      ...(c.req.query('fingerprint') ? { fingerprint: c.req.query('fingerprint') } : {}),
    });
    app.post('/probe/:route', requireUser(services), (c) =>
      withIdempotency(
        services,
        c,
        c.req.param('route'),
        async () => {
          const route = c.req.param('route');
          const count = (runs.get(route) ?? 0) + 1;
          runs.set(route, count);
          await new Promise((resolve) => setTimeout(resolve, Number(c.req.query('delay') ?? 0)));
          if (failNext) {
            failNext = false;
            throw new Error('probe failure');
          }
          if (c.req.query('status') === '400') return { status: 400, body: { error: 'refused', run: count } };
          return { status: 201, body: { run: count, echo: await c.req.json<unknown>() } };
        },
        options(c),
      ),
    );
    probe = await new Promise((resolve) => {
      const started = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(started));
    });
    probeUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => probe?.close(() => resolve()));
    await server?.close();
  });

  async function user(): Promise<ApiClient> {
    const api = new ApiClient(probeUrl);
    await registerUser(api);
    return api;
  }
  const key = (value: string) => ({ 'Idempotency-Key': value });

  it('runs every time without a key, once with one, and replays the stored status and body', async () => {
    const api = await user();
    await api.post('/probe/plain', { a: 1 });
    await api.post('/probe/plain', { a: 1 });
    expect(runs.get('plain')).toBe(2);

    const first = await api.post('/probe/keyed', { a: 1 }, key('k-1'));
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const firstBody = await first.json();
    for (let i = 0; i < 3; i += 1) {
      const again = await api.post('/probe/keyed', { a: 1 }, key('"k-1"'));
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(await again.json()).toEqual(firstBody);
    }
    expect(runs.get('keyed')).toBe(1);
  });

  it('refuses the same key with a different body with 422; other routes and practices are separate', async () => {
    const api = await user();
    await api.post('/probe/mismatch', { a: 1 }, key('k-2'));
    const reused = await api.post('/probe/mismatch', { a: 2 }, key('k-2'));
    expect(reused.status).toBe(422);
    expect(await reused.json()).toEqual({
      error: 'This Idempotency-Key was already used for a different request',
    });

    expect((await api.post('/probe/mismatch-other', { a: 2 }, key('k-2'))).status).toBe(201);
    const other = await user();
    const theirs = await other.post('/probe/mismatch', { a: 2 }, key('k-2'));
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(runs.get('mismatch')).toBe(2);
  });

  it('lets exactly one of 5 concurrent duplicates run; the others wait and replay it', async () => {
    const api = await user();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => api.post('/probe/concurrent?delay=300', { a: 1 }, key('k-3'))),
    );
    const bodies = await Promise.all(responses.map((r) => r.json()));
    expect(responses.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(runs.get('concurrent')).toBe(1);
  });

  it("answers 409 'Request already in progress' when the first takes longer than the wait", async () => {
    const api = await user();
    const first = api.post('/probe/slow?delay=800&wait=50', { a: 1 }, key('k-4'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const duplicate = await api.post('/probe/slow?delay=800&wait=50', { a: 1 }, key('k-4'));
    expect(duplicate.status).toBe(409);
    expect(duplicate.headers.get('retry-after')).toBe('1');
    expect(await duplicate.json()).toEqual({ error: 'Request already in progress' });
    expect((await first).status).toBe(201);
    const later = await api.post('/probe/slow?delay=800&wait=50', { a: 1 }, key('k-4'));
    expect(later.headers.get('idempotent-replayed')).toBe('true');
    expect(runs.get('slow')).toBe(1);
  });

  it('releases the key when the work fails, so a retry runs; a 4xx outcome is stored', async () => {
    const api = await user();
    failNext = true;
    const failed = await api.post('/probe/flaky', { a: 1 }, key('k-5'));
    expect(failed.status).toBe(500);
    const retried = await api.post('/probe/flaky', { a: 1 }, key('k-5'));
    expect(retried.status).toBe(201);
    expect(runs.get('flaky')).toBe(2);

    const refused = await api.post('/probe/refused?status=400', { a: 1 }, key('k-6'));
    expect(refused.status).toBe(400);
    const replayed = await api.post('/probe/refused?status=400', { a: 1 }, key('k-6'));
    expect(replayed.status).toBe(400);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(runs.get('refused')).toBe(1);
  });

  it('uses a caller fingerprint instead of the raw body, and takes over a key abandoned past its lease', async () => {
    const api = await user();
    await api.post('/probe/fingerprinted?fingerprint=f1', { a: 1 }, key('k-7'));
    const sameWork = await api.post(
      '/probe/fingerprinted?fingerprint=f1',
      { different: 'bytes' },
      key('k-7'),
    );
    expect(sameWork.headers.get('idempotent-replayed')).toBe('true');
    expect(runs.get('fingerprinted')).toBe(1);

    // A holder that crashed an hour ago left its key pending.
    const me = (await (await api.get('/api/auth/me')).json()) as { user: { id: string } };
    const claimed = await server.services.idempotency.claim({
      id: 'abandoned',
      practiceId: me.user.id,
      key: 'k-8',
      route: 'abandoned',
      requestHash: 'f2',
      now: new Date(Date.now() - 60 * 60_000).toISOString(),
    });
    expect(claimed).toBe(true);
    const takenOver = await api.post('/probe/abandoned?fingerprint=f2&wait=100', { a: 1 }, key('k-8'));
    expect(takenOver.status).toBe(201);
    expect(runs.get('abandoned')).toBe(1);
  });
});
