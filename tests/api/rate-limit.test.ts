import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app.js';
import { createServices } from '../../api/services/index.js';
import { registerUser, uniqueEmail } from '../helpers/auth.js';
import { ApiClient } from '../helpers/http.js';
import { dialects, startTestServer, type TestServer } from '../helpers/server.js';

const MINUTE_MS = 60 * 1000;
const RESET_SENT = {
  success: true,
  message: 'If an account exists for that address, a reset link has been sent.',
};

let addressCounter = 0;
/** A fresh client address per call (TRUST_PROXY is on), so tests do not share the per-address budget. */
const freshAddress = () =>
  `198.51.100.${(addressCounter += 1) % 250}-${Math.random().toString(36).slice(2, 6)}`;

describe.each(dialects)('rate limits (%s)', (dialect) => {
  let server: TestServer;
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);
  const client = () => new ApiClient(server.baseUrl);
  const login = (email: string, password: string, address: string) =>
    client().post('/api/auth/login', { email, password }, { 'X-Forwarded-For': `${address}, 10.0.0.1` });

  beforeAll(async () => {
    server = await startTestServer({
      dialect,
      env: { TRUST_PROXY: 'true' },
      overrides: (options) => createServices({ ...options, clock }),
    });
  });
  afterEach(() => {
    offsetMs = 0;
  });
  afterAll(async () => server?.close());

  it('allows 5 failed sign-ins per account per 30 minutes, then 429 with Retry-After, then lets the owner in', async () => {
    const { email, password } = await registerUser(client());
    for (let i = 0; i < 5; i += 1)
      expect((await login(email, 'wrong-pass', freshAddress())).status).toBe(401);

    // Even the right password is refused (and not checked) while the account is throttled.
    const blocked = await login(email, password, freshAddress());
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(29 * 60);
    expect(retryAfter).toBeLessThanOrEqual(30 * 60);
    expect(await blocked.json()).toEqual({
      error: expect.stringMatching(
        /^Too many failed sign-in attempts for this account\. Try again in 30 minutes\.$/,
      ),
    });

    // Hammering while blocked does not extend the wait: refused attempts are not counted.
    offsetMs = 10 * MINUTE_MS;
    for (let i = 0; i < 3; i += 1)
      expect((await login(email, 'wrong-pass', freshAddress())).status).toBe(429);
    const later = await login(email, password, freshAddress());
    expect(Number(later.headers.get('Retry-After'))).toBeLessThanOrEqual(20 * 60);

    offsetMs = 30 * MINUTE_MS + 1000;
    expect((await login(email, password, freshAddress())).status).toBe(200);
  });

  it('does not let one throttled account affect another', async () => {
    const victim = await registerUser(client());
    const other = await registerUser(client());
    const address = freshAddress();
    for (let i = 0; i < 5; i += 1) await login(victim.email, 'nope-nope', address);
    expect((await login(victim.email, victim.password, address)).status).toBe(429);
    expect((await login(other.email, other.password, address)).status).toBe(200);
  });

  it('forgives an account its failures after a successful sign-in', async () => {
    const { email, password } = await registerUser(client());
    for (let i = 0; i < 4; i += 1) expect((await login(email, 'typo-typo', freshAddress())).status).toBe(401);
    expect((await login(email, password, freshAddress())).status).toBe(200);
    for (let i = 0; i < 5; i += 1) expect((await login(email, 'typo-typo', freshAddress())).status).toBe(401);
    expect((await login(email, password, freshAddress())).status).toBe(429);
  });

  it('counts unknown accounts too, so a 429 reveals nothing about which addresses exist', async () => {
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < 5; i += 1)
      expect((await login(ghost, 'guess-guess', freshAddress())).status).toBe(401);
    expect((await login(ghost, 'guess-guess', freshAddress())).status).toBe(429);
  });

  it('allows 25 failed sign-ins per client address per 5 minutes, across accounts', async () => {
    const address = freshAddress();
    const accounts = await Promise.all(Array.from({ length: 6 }, () => registerUser(client())));
    // 25 failures spread over 6 accounts (at most 5 each, so no account limit is hit first).
    let failures = 0;
    for (const account of accounts) {
      for (let i = 0; i < 5 && failures < 25; i += 1, failures += 1) {
        expect((await login(account.email, 'wrong-pass', address)).status).toBe(401);
      }
    }
    const spare = accounts[5]!;
    const blocked = await login(spare.email, spare.password, address);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('Retry-After'))).toBeLessThanOrEqual(5 * 60);
    expect(((await blocked.json()) as { error: string }).error).toMatch(/from this network/);
    // Another address is unaffected.
    expect((await login(spare.email, spare.password, freshAddress())).status).toBe(200);

    offsetMs = 5 * MINUTE_MS + 1000;
    expect((await login(spare.email, spare.password, address)).status).toBe(200);
  });

  it('allows 2 reset requests per e-mail address per hour, answering known and unknown addresses alike', async () => {
    const { email } = await registerUser(client());
    const ghost = uniqueEmail('ghost');
    const forgot = (address: string) =>
      client().post('/api/auth/forgot-password', { email: address }, { 'X-Forwarded-For': freshAddress() });
    for (const target of [email, ghost]) {
      for (let i = 0; i < 2; i += 1) {
        const response = await forgot(target);
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual(RESET_SENT);
      }
    }
    const known = await forgot(email);
    const unknown = await forgot(ghost);
    expect(known.status).toBe(429);
    expect(unknown.status).toBe(429);
    expect(await known.text()).toBe(await unknown.text());
    expect(known.headers.get('Retry-After')).toBe(unknown.headers.get('Retry-After'));
    expect(Number(known.headers.get('Retry-After'))).toBeGreaterThan(59 * 60);
    // Only two reset tokens exist for the real account.
    const user = await server.services.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(
      await server.services.database.db
        .selectFrom('passwordResets')
        .select('tokenHash')
        .where('userId', '=', user.id)
        .execute(),
    ).toHaveLength(2);

    offsetMs = 60 * MINUTE_MS + 1000;
    expect((await forgot(email)).status).toBe(200);
  });

  it('keeps counters in the database: a second instance (or a restarted one) sees the same counts', async () => {
    const { email, password } = await registerUser(client());
    const secondServices = createServices({
      config: server.config,
      database: server.services.database,
      clock,
    });
    const second: ServerType = await new Promise((resolve) => {
      const started = serve(
        { fetch: createApp({ services: secondServices }).fetch, hostname: '127.0.0.1', port: 0 },
        () => resolve(started),
      );
    });
    try {
      const secondUrl = `http://127.0.0.1:${(second.address() as AddressInfo).port}`;
      for (let i = 0; i < 3; i += 1)
        expect((await login(email, 'wrong-pass', freshAddress())).status).toBe(401);
      const other = new ApiClient(secondUrl);
      for (let i = 0; i < 2; i += 1) {
        expect(
          (
            await other.post(
              '/api/auth/login',
              { email, password: 'wrong-pass' },
              { 'X-Forwarded-For': freshAddress() },
            )
          ).status,
        ).toBe(401);
      }
      expect(
        (await other.post('/api/auth/login', { email, password }, { 'X-Forwarded-For': freshAddress() }))
          .status,
      ).toBe(429);
      expect((await login(email, password, freshAddress())).status).toBe(429);
    } finally {
      await new Promise<void>((resolve) => second.close(() => resolve()));
    }
  });

  it('stores neither e-mail addresses nor client addresses in the counter table', async () => {
    const { email } = await registerUser(client());
    await login(email, 'wrong-pass', '203.0.113.77');
    const rows = await server.services.database.db.selectFrom('rateLimitEvents').selectAll().execute();
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(email);
    expect(dump).not.toContain('203.0.113.77');
  });
});

describe('client address without TRUST_PROXY', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('ignores X-Forwarded-For, so a client cannot dodge the per-address limit by inventing hops', async () => {
    const accounts = await Promise.all(
      Array.from({ length: 6 }, () => registerUser(new ApiClient(server.baseUrl))),
    );
    let failures = 0;
    for (const account of accounts) {
      for (let i = 0; i < 5 && failures < 25; i += 1, failures += 1) {
        const response = await new ApiClient(server.baseUrl).post(
          '/api/auth/login',
          { email: account.email, password: 'wrong-pass' },
          { 'X-Forwarded-For': `192.0.2.${failures}` },
        );
        expect(response.status).toBe(401);
      }
    }
    const spare = accounts[5]!;
    const blocked = await new ApiClient(server.baseUrl).post(
      '/api/auth/login',
      { email: spare.email, password: spare.password },
      { 'X-Forwarded-For': '192.0.2.200' },
    );
    expect(blocked.status).toBe(429);
  });
});
