import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../api/services/index.js';
import { SESSION_COOKIE, registerUser, sessionSetCookie } from '../helpers/auth.js';
import { ApiClient } from '../helpers/http.js';
import { dialects, startTestServer, type TestServer } from '../helpers/server.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_S = 24 * 60 * 60;

/** Idle 14 days and absolute 30 here, so the absolute cap is reachable in a few steps. */
describe.each(dialects)('session lifetimes (%s)', (dialect) => {
  let server: TestServer;
  let offsetMs = 0;
  const advanceDays = (days: number) => {
    offsetMs += days * DAY_MS;
  };
  const maxAge = (api: ApiClient) => Number(/Max-Age=(\d+)/.exec(sessionSetCookie(api) ?? '')?.[1]);

  beforeAll(async () => {
    server = await startTestServer({
      dialect,
      env: { SESSION_IDLE_DAYS: '14', SESSION_ABSOLUTE_DAYS: '30' },
      overrides: (options) => createServices({ ...options, clock: () => new Date(Date.now() + offsetMs) }),
    });
  });
  afterEach(() => {
    offsetMs = 0;
  });
  afterAll(async () => server?.close());

  it('keeps a session through the first half of the idle period without re-sending the cookie', async () => {
    const api = new ApiClient(server.baseUrl);
    await registerUser(api);
    advanceDays(6);
    const me = await api.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(sessionSetCookie(api)).toBeUndefined();
  });

  it('slides the idle expiry forward on use and re-sends the cookie with the new Max-Age', async () => {
    const api = new ApiClient(server.baseUrl);
    await registerUser(api);
    advanceDays(8);
    expect((await api.get('/api/auth/me')).status).toBe(200);
    expect(maxAge(api)).toBeGreaterThanOrEqual(14 * DAY_S - 2);
    expect(sessionSetCookie(api)).toMatch(/HttpOnly.*SameSite=Lax|SameSite=Lax.*HttpOnly/);
    // 18 days after sign-in, beyond the original idle expiry, but only 10 after last use.
    advanceDays(10);
    expect((await api.get('/api/auth/me')).status).toBe(200);
  });

  it('ends a session left idle for the whole idle period', async () => {
    const api = new ApiClient(server.baseUrl);
    await registerUser(api);
    advanceDays(14);
    const me = await api.get('/api/auth/me');
    expect(me.status).toBe(401);
    expect(await me.json()).toEqual({ error: 'Not authenticated' });
    expect(api.hasCookie(SESSION_COOKIE)).toBe(false);
  });

  it('ends a session at the absolute lifetime however active it is, and never lets the cookie outlive it', async () => {
    const api = new ApiClient(server.baseUrl);
    await registerUser(api);
    offsetMs = 8 * DAY_MS;
    expect((await api.get('/api/auth/me')).status).toBe(200);
    // Extended on day 20: capped at the 30-day absolute expiry (10 days left), not day 20 + 14.
    offsetMs = 20 * DAY_MS;
    expect((await api.get('/api/auth/me')).status).toBe(200);
    expect(Math.abs(maxAge(api) - 10 * DAY_S)).toBeLessThanOrEqual(2);
    offsetMs = 29 * DAY_MS;
    expect((await api.get('/api/auth/me')).status).toBe(200);
    offsetMs = 30 * DAY_MS;
    expect((await api.get('/api/auth/me')).status).toBe(401);
  });

  it('deletes an expired session row when it is presented', async () => {
    const api = new ApiClient(server.baseUrl);
    const { user } = await registerUser(api);
    advanceDays(15);
    await api.get('/api/auth/me');
    const rows = await server.services.database.db
      .selectFrom('sessions')
      .where('userId', '=', user.id)
      .selectAll()
      .execute();
    expect(rows).toEqual([]);
  });
});
