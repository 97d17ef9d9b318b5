import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireAdmin, requireUser } from '../../api/http/auth.js';
import type { AppEnv } from '../../api/http/env.js';
import { messages } from '#shared/schemas/auth.js';
import { SESSION_COOKIE, cookieValue, registerUser, sessionSetCookie, uniqueEmail } from '../helpers/auth.js';
import { ApiClient } from '../helpers/http.js';
import { dialects, startTestServer, type TestServer } from '../helpers/server.js';

describe.each(dialects)('auth API (%s)', (dialect) => {
  let server: TestServer;
  const client = () => new ApiClient(server.baseUrl);

  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(async () => server?.close());

  it('registers, reads me, logs out, is then refused, and signs in again', async () => {
    const api = client();
    const email = uniqueEmail();
    const register = await api.post('/api/auth/register', {
      email: `  ${email.toUpperCase()} `,
      password: 'secret1',
      practiceName: ' Karoo Vet Clinic ',
    });
    expect(register.status).toBe(200);
    const registered = await register.json();
    expect(registered).toEqual({
      success: true,
      user: { id: expect.any(String), email, practiceName: 'Karoo Vet Clinic', isAdmin: 0 },
    });
    expect(Object.keys(registered.user).sort()).toEqual(['email', 'id', 'isAdmin', 'practiceName']);
    expect(api.hasCookie(SESSION_COOKIE)).toBe(true);

    const me = await api.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ success: true, user: registered.user });

    const logout = await api.post('/api/auth/logout');
    expect(logout.status).toBe(200);
    expect(await logout.json()).toEqual({ success: true });
    expect(sessionSetCookie(api)).toMatch(/Max-Age=0/);
    expect(api.hasCookie(SESSION_COOKIE)).toBe(false);

    const refused = await api.get('/api/auth/me');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: 'Not authenticated' });

    const login = await api.post('/api/auth/login', { email: email.toUpperCase(), password: 'secret1' });
    expect(login.status).toBe(200);
    expect(await login.json()).toEqual({ success: true, user: registered.user });
    expect((await api.get('/api/auth/me')).status).toBe(200);
  });

  it('refuses a wrong password and an unknown e-mail with the same 401', async () => {
    const { email } = await registerUser(client());
    const wrongPassword = await client().post('/api/auth/login', { email, password: 'not-it' });
    const unknownEmail = await client().post('/api/auth/login', {
      email: uniqueEmail('nobody'),
      password: 'secret1',
    });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: 'Invalid email or password' });
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  it('refuses a duplicate e-mail in any letter case with a generic 409 and leaves the account alone', async () => {
    const first = await registerUser(client());
    for (const email of [
      first.email,
      first.email.toUpperCase(),
      ` ${first.email.replace(/^./, (c) => c.toUpperCase())}`,
    ]) {
      const api = client();
      const duplicate = await api.post('/api/auth/register', {
        email,
        password: 'other-pass',
        practiceName: 'Other',
      });
      expect(duplicate.status).toBe(409);
      const body = await duplicate.json();
      expect(body).toEqual({ error: 'Could not create an account with these details' });
      expect(api.hasCookie(SESSION_COOKIE)).toBe(false);
    }
    expect((await client().post('/api/auth/login', { email: first.email, password: 'secret1' })).status).toBe(
      200,
    );
    expect(
      (await client().post('/api/auth/login', { email: first.email, password: 'other-pass' })).status,
    ).toBe(401);
  });

  const registerCases: Array<[string, unknown, string]> = [
    ['missing e-mail', { password: 'secret1', practiceName: 'P' }, messages.emailRequired],
    ['empty e-mail', { email: '  ', password: 'secret1', practiceName: 'P' }, messages.emailRequired],
    ['bad e-mail', { email: 'not-an-email', password: 'secret1', practiceName: 'P' }, messages.invalidEmail],
    ['missing password', { email: 'a@b.co.za', practiceName: 'P' }, messages.passwordRequired],
    [
      '5-character password',
      { email: 'a@b.co.za', password: '12345', practiceName: 'P' },
      messages.registerPasswordTooShort,
    ],
    [
      'too long password',
      { email: 'a@b.co.za', password: 'x'.repeat(257), practiceName: 'P' },
      messages.passwordTooLong,
    ],
    ['missing practice name', { email: 'a@b.co.za', password: 'secret1' }, messages.practiceNameRequired],
    [
      'blank practice name',
      { email: 'a@b.co.za', password: 'secret1', practiceName: '  ' },
      messages.practiceNameRequired,
    ],
    [
      'e-mail of the wrong type',
      { email: 42, password: 'secret1', practiceName: 'P' },
      messages.emailRequired,
    ],
    [
      'password of the wrong type',
      { email: 'a@b.co.za', password: 123456, practiceName: 'P' },
      messages.passwordRequired,
    ],
    [
      'practice name of the wrong type',
      { email: 'a@b.co.za', password: 'secret1', practiceName: ['P'] },
      messages.practiceNameRequired,
    ],
  ];
  it.each(registerCases)(
    'register refuses %s with 400 and the shared message',
    async (_name, body, message) => {
      const api = client();
      const response = await api.post('/api/auth/register', body);
      expect(response.status).toBe(400);
      expect((await response.json()).error).toContain(message);
      expect(api.hasCookie(SESSION_COOKIE)).toBe(false);
    },
  );

  it('accepts a password of exactly 6 characters at register', async () => {
    await registerUser(client(), { password: '123456' });
  });

  const otherCases: Array<[string, string, unknown, string]> = [
    ['login without e-mail', '/api/auth/login', { password: 'secret1' }, messages.emailRequired],
    [
      'login with a bad e-mail',
      '/api/auth/login',
      { email: 'nope', password: 'secret1' },
      messages.invalidEmail,
    ],
    ['login without password', '/api/auth/login', { email: 'a@b.co.za' }, messages.passwordRequired],
    [
      'login with an empty password',
      '/api/auth/login',
      { email: 'a@b.co.za', password: '' },
      messages.passwordRequired,
    ],
    [
      'forgot-password with an empty e-mail',
      '/api/auth/forgot-password',
      { email: '' },
      messages.emailRequired,
    ],
    [
      'forgot-password with a bad e-mail',
      '/api/auth/forgot-password',
      { email: 'x@' },
      messages.invalidEmail,
    ],
    ['reset without token', '/api/auth/reset-password', { password: 'long-enough' }, messages.tokenRequired],
    [
      'reset with an empty token',
      '/api/auth/reset-password',
      { token: ' ', password: 'long-enough' },
      messages.tokenRequired,
    ],
    [
      'reset with a 7-character password',
      '/api/auth/reset-password',
      { token: 'abc', password: '1234567' },
      messages.resetPasswordTooShort,
    ],
    ['reset without password', '/api/auth/reset-password', { token: 'abc' }, messages.passwordRequired],
    [
      'reset with a numeric token',
      '/api/auth/reset-password',
      { token: 5, password: 'long-enough' },
      messages.tokenRequired,
    ],
  ];
  it.each(otherCases)('refuses %s with 400 and the shared message', async (_name, path, body, message) => {
    const response = await client().post(path, body);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toContain(message);
  });

  it.each(['/api/auth/register', '/api/auth/login', '/api/auth/forgot-password', '/api/auth/reset-password'])(
    '%s answers malformed, missing and non-object JSON with 400 and other media types with 415, never 500',
    async (path) => {
      const cases: Array<[unknown, number, Record<string, string>?]> = [
        ['{"email": "a@b.co.za", ', 400],
        ['not json at all', 400],
        [undefined, 400],
        ['[]', 400],
        ['null', 400],
        ['"a string"', 400],
        ['email=a@b.co.za&password=secret1', 415, { 'content-type': 'application/x-www-form-urlencoded' }],
        ['{"email":"a@b.co.za","password":"secret1"}', 415, { 'content-type': 'text/plain' }],
      ];
      for (const [body, status, headers] of cases) {
        const response = await client().request('POST', path, body, headers);
        expect(response.status, `${path} with ${String(body)}`).toBe(status);
        expect(await response.json()).toEqual({ error: expect.any(String) });
      }
    },
  );

  it('sets an HttpOnly, SameSite=Lax, Path=/ session cookie without Secure over http, lasting the idle period', async () => {
    const api = client();
    await registerUser(api);
    const line = sessionSetCookie(api)!;
    expect(line).toMatch(/;\s*HttpOnly/i);
    expect(line).toMatch(/;\s*SameSite=Lax/i);
    expect(line).toMatch(/;\s*Path=\//i);
    expect(line).toContain(`Max-Age=${server.config.SESSION_IDLE_DAYS * 24 * 60 * 60}`);
    expect(line).not.toMatch(/;\s*Secure/i);
    // ≥128 bits of randomness: 20 bytes in base32 are 32 characters.
    expect(cookieValue(line)).toMatch(/^[a-z2-7]{32}$/);
  });

  it('stores only hashes: the session id is not the cookie token and the password is argon2id', async () => {
    const api = client();
    const { user, password } = await registerUser(api);
    const token = cookieValue(sessionSetCookie(api)!);
    const { db } = server.services.database;
    const sessions = await db.selectFrom('sessions').selectAll().where('userId', '=', user.id).execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.id).toMatch(/^[0-9a-f]{64}$/);
    expect(sessions[0]!.id).not.toContain(token);
    const row = await db
      .selectFrom('users')
      .select('passwordHash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.passwordHash).not.toContain(password);
  });

  it('rotates the session at every sign-in and ends the session the browser already held', async () => {
    const api = client();
    const { email, user } = await registerUser(api);
    const firstToken = cookieValue(sessionSetCookie(api)!);
    expect((await api.post('/api/auth/login', { email, password: 'secret1' })).status).toBe(200);
    const secondToken = cookieValue(sessionSetCookie(api)!);
    expect(secondToken).not.toBe(firstToken);

    const withOld = await fetch(`${server.baseUrl}/api/auth/me`, {
      headers: { cookie: `${SESSION_COOKIE}=${firstToken}` },
    });
    expect(withOld.status).toBe(401);
    // A stale cookie is cleared so the browser stops sending it.
    expect(withOld.headers.getSetCookie().join()).toMatch(/veldvet_session=;.*Max-Age=0/);
    expect((await api.get('/api/auth/me')).status).toBe(200);

    // Another device's session is unaffected by this sign-in.
    const other = client();
    expect((await other.post('/api/auth/login', { email, password: 'secret1' })).status).toBe(200);
    expect((await api.get('/api/auth/me')).status).toBe(200);
    const count = await server.services.database.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userId', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });

  it('answers a garbage cookie with 401, and logout without a session still succeeds', async () => {
    const garbage = await fetch(`${server.baseUrl}/api/auth/me`, {
      headers: { cookie: `${SESSION_COOKIE}=garbage` },
    });
    expect(garbage.status).toBe(401);
    expect(await garbage.json()).toEqual({ error: 'Not authenticated' });
    const logout = await client().post('/api/auth/logout');
    expect(logout.status).toBe(200);
    expect(await logout.json()).toEqual({ success: true });
  });

  it('requireUser and requireAdmin guard other routes with 401 and 403', async () => {
    const app = new Hono<AppEnv>();
    app.get('/user', requireUser(server.services), (c) =>
      c.json({ email: c.var.user.email, sessionId: c.var.sessionId }),
    );
    app.get('/admin', requireAdmin(server.services), (c) => c.json({ admin: c.var.user.email }));
    app.get('/both', requireUser(server.services), requireAdmin(server.services), (c) =>
      c.json({ ok: true }),
    );

    const api = client();
    const { email, user } = await registerUser(api);
    const cookie = `${SESSION_COOKIE}=${cookieValue(sessionSetCookie(api)!)}`;

    for (const path of ['/user', '/admin', '/both']) {
      const anonymous = await app.request(path);
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toEqual({ error: 'Not authenticated' });
    }
    const asUser = await app.request('/user', { headers: { cookie } });
    expect(asUser.status).toBe(200);
    const body = await asUser.json();
    expect(body.email).toBe(email);
    expect(body.sessionId).toMatch(/^[0-9a-f]{64}$/);
    for (const path of ['/admin', '/both']) {
      const refused = await app.request(path, { headers: { cookie } });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ error: 'Administrator privileges required' });
    }

    // The flag is read per request: granting admin works without signing in again.
    await server.services.database.db
      .updateTable('users')
      .set({ isAdmin: 1 })
      .where('id', '=', user.id)
      .execute();
    expect((await app.request('/admin', { headers: { cookie } })).status).toBe(200);
    expect((await app.request('/both', { headers: { cookie } })).status).toBe(200);
    expect((await (await api.get('/api/auth/me')).json()).user.isAdmin).toBe(1);
  });

  it('documents the auth routes in the OpenAPI document', async () => {
    const doc = await (await fetch(`${server.baseUrl}/api/openapi.json`)).json();
    for (const path of ['register', 'login', 'logout', 'me', 'forgot-password', 'reset-password']) {
      expect(doc.paths).toHaveProperty(`/api/auth/${path}`);
    }
    expect(doc.paths['/api/auth/register'].post.requestBody.content['application/json'].schema).toBeDefined();
  });
});

describe.each(dialects)('session cookie behind a TLS-terminating proxy (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect, env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => server?.close());

  it('marks the cookie Secure exactly when the request came over https', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const api = new ApiClient(server.baseUrl);
    const email = uniqueEmail();
    const register = await api.post(
      '/api/auth/register',
      { email, password: 'secret1', practiceName: 'P' },
      https,
    );
    expect(register.status).toBe(200);
    const line = sessionSetCookie(api)!;
    expect(line).toMatch(/;\s*Secure/i);
    expect(line).toMatch(/;\s*HttpOnly/i);
    expect(line).toMatch(/;\s*SameSite=Lax/i);

    await api.post('/api/auth/logout', undefined, https);
    expect(sessionSetCookie(api)).toMatch(/;\s*Secure/i);

    const plain = new ApiClient(server.baseUrl);
    await plain.post('/api/auth/login', { email, password: 'secret1' });
    expect(sessionSetCookie(plain)).not.toMatch(/;\s*Secure/i);
  });
});
