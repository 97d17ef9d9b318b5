import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultWebDir } from '../../api/app.js';
import { registerUser } from '../helpers/auth.js';
import { ApiClient } from '../helpers/http.js';
import { dialects, startTestServer, type TestServer } from '../helpers/server.js';

interface OpenApiDoc {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>>;
}

const REFUSED = { error: 'Cross-site request refused' };

/** Every state-changing API operation the OpenAPI document lists, as [METHOD, path with a dummy id]. */
async function stateChangingRoutes(baseUrl: string, withBodyOnly = false): Promise<Array<[string, string]>> {
  const doc = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as OpenApiDoc;
  return Object.entries(doc.paths).flatMap(([route, operations]) =>
    Object.entries(operations)
      .filter(
        ([method, operation]) =>
          ['post', 'put', 'patch', 'delete'].includes(method) && (!withBodyOnly || operation.requestBody),
      )
      .map(([method]) => method)
      .map((method): [string, string] => [method.toUpperCase(), route.replace(/\{[^}]+\}/g, 'x0')]),
  );
}

describe.each(dialects)('CSRF: cross-site state changes are refused (%s)', (dialect) => {
  let server: TestServer;
  let routes: Array<[string, string]>;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
    routes = await stateChangingRoutes(server.baseUrl);
  });
  afterAll(async () => server?.close());

  const host = () => new URL(server.baseUrl).host;

  it('refuses every state-changing route when Origin is another site, Origin is null, or Sec-Fetch-Site is cross-site', async () => {
    expect(routes.length).toBeGreaterThan(10);
    const api = new ApiClient(server.baseUrl);
    await registerUser(api);
    const attacks: Array<Record<string, string>> = [
      { Origin: 'https://evil.example' },
      { Origin: `http://${host()}.evil.example` },
      { Origin: 'null' },
      { Origin: 'not a url' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'cross-site', Origin: server.baseUrl },
    ];
    for (const [method, route] of routes) {
      for (const headers of attacks) {
        const response = await api.request(method, route, {}, headers);
        expect(response.status, `${method} ${route} ${JSON.stringify(headers)}`).toBe(403);
        expect(await response.json()).toEqual(REFUSED);
      }
    }
    // The session survived all of that: a refused logout did not log out.
    expect((await api.get('/api/auth/me')).status).toBe(200);
  });

  it('lets same-origin browsers and non-browser clients (no Origin) through', async () => {
    const api = new ApiClient(server.baseUrl);
    const { email, password } = await registerUser(api);
    const allowed: Array<Record<string, string>> = [
      { Origin: server.baseUrl },
      { 'Sec-Fetch-Site': 'same-origin' },
      { 'Sec-Fetch-Site': 'none' },
      {},
    ];
    for (const headers of allowed) {
      const response = await new ApiClient(server.baseUrl).post(
        '/api/auth/login',
        { email, password },
        headers,
      );
      expect(response.status, JSON.stringify(headers)).toBe(200);
    }
  });

  it('lets cross-site GETs read nothing they could not anyway, and change nothing', async () => {
    // GET is never a state change: logout, delete, save and set-admin do not answer GET at all.
    const api = new ApiClient(server.baseUrl);
    await registerUser(api);
    for (const route of ['/api/auth/logout', '/api/admin/users/x0/set-admin', '/api/recordings/save']) {
      const response = await api.get(route, {
        Origin: 'https://evil.example',
        'Sec-Fetch-Site': 'cross-site',
      });
      // 404 (no such GET route), or 403 where the admin gate answers first for a non-admin.
      expect([403, 404], route).toContain(response.status);
    }
    expect((await api.get('/api/auth/me')).status).toBe(200);
  });

  it('sets the session cookie HttpOnly and SameSite=Lax', async () => {
    const api = new ApiClient(server.baseUrl);
    await registerUser(api);
    const line = api.lastSetCookies.find((cookie) => cookie.startsWith('veldvet_session='));
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
  });
});

describe('security headers', () => {
  let server: TestServer;
  let proxied: TestServer;
  const webDir = fs.existsSync(path.join(defaultWebDir, 'index.html')) ? defaultWebDir : undefined;

  beforeAll(async () => {
    server = await startTestServer({ ...(webDir ? { webDir } : {}) });
    proxied = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await server?.close();
    await proxied?.close();
  });

  function cspDirectives(response: Response): Record<string, string> {
    const csp = response.headers.get('content-security-policy') ?? '';
    return Object.fromEntries(
      csp
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values.join(' ')]),
    );
  }

  function expectCommonHeaders(response: Response, label: string) {
    expect(response.headers.get('x-content-type-options'), label).toBe('nosniff');
    expect(response.headers.get('referrer-policy'), label).toBe('no-referrer');
    expect(response.headers.get('x-frame-options'), label).toBe('DENY');
    expect(response.headers.get('cross-origin-resource-policy'), label).toBe('same-origin');
    expect(cspDirectives(response)['frame-ancestors'], label).toBe("'none'");
  }

  /** The pages and their assets: the CSP the PWA runs under. */
  function expectStrictHeaders(response: Response, label: string) {
    expectCommonHeaders(response, label);
    const directives = cspDirectives(response);
    expect(directives['default-src'], label).toBe("'self'");
    expect(directives['script-src'], label).toBe("'self'");
    expect(directives['object-src'], label).toBe("'none'");
    expect(directives['base-uri'], label).toBe("'self'");
    expect(directives['connect-src'], label).toBe("'self'");
    expect(response.headers.get('content-security-policy'), label).not.toMatch(
      /script-src[^;]*unsafe-(inline|eval)/,
    );
    expect(response.headers.get('permissions-policy'), label).toMatch(/microphone=\(self\)/);
  }

  /** JSON answers load nothing: a CSP that allows nothing at all. */
  function expectApiHeaders(response: Response, label: string) {
    expectCommonHeaders(response, label);
    expect(cspDirectives(response), label).toEqual({ 'default-src': "'none'", 'frame-ancestors': "'none'" });
  }

  it('puts the strict headers on API answers of every kind, and no-store on all of them', async () => {
    const api = new ApiClient(server.baseUrl);
    await registerUser(api);
    const requests: Array<[string, () => Promise<Response>]> = [
      ['200 json', () => api.get('/api/auth/me')],
      ['clinical list', () => api.get('/api/recordings/history')],
      ['401', () => new ApiClient(server.baseUrl).get('/api/auth/me')],
      ['403', () => api.get('/api/admin/users')],
      ['404', () => api.get('/api/nope')],
      ['400', () => api.post('/api/auth/login', { email: 'x' })],
      ['openapi', () => api.get('/api/openapi.json')],
      ['cross-site 403', () => api.post('/api/auth/logout', {}, { Origin: 'https://evil.example' })],
    ];
    for (const [label, send] of requests) {
      const response = await send();
      expectApiHeaders(response, label);
      expect(response.headers.get('cache-control'), label).toBe('no-store');
      expect(response.headers.get('strict-transport-security'), `${label} over http`).toBeNull();
    }
  });

  it.skipIf(!webDir)(
    'serves the PWA under the same CSP, which it can run under (no inline script)',
    async () => {
      for (const route of ['/', '/app', '/admin', '/manifest.webmanifest']) {
        const response = await fetch(`${server.baseUrl}${route}`);
        expect(response.status, route).toBe(200);
        expectStrictHeaders(response, route);
      }
      const html = await (await fetch(`${server.baseUrl}/`)).text();
      const inlineScripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        ([, attributes, body]) => !/\bsrc=/.test(attributes ?? '') && (body ?? '').trim() !== '',
      );
      expect(inlineScripts).toEqual([]);
      const externalOrigins = [...html.matchAll(/\b(?:src|href)="(https?:)?\/\/[^"]+"/g)];
      expect(externalOrigins).toEqual([]);
    },
  );

  it('sends HSTS only over https: behind a trusted proxy that says so, never on a plain http request', async () => {
    const https = await fetch(`${proxied.baseUrl}/api/health`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(https.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const http = await fetch(`${proxied.baseUrl}/api/health`, { headers: { 'X-Forwarded-Proto': 'http' } });
    expect(http.headers.get('strict-transport-security')).toBeNull();
    // Without TRUST_PROXY the header is a client's claim and is ignored.
    const spoofed = await fetch(`${server.baseUrl}/api/health`, {
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    expect(spoofed.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('input validation never turns into a 5xx or a stack trace', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('answers malformed, mistyped and hostile bodies on every JSON route with a 4xx { error }', async () => {
    const api = new ApiClient(server.baseUrl);
    await registerUser(api);
    await server.services.admin.bootstrapAdmin({
      email: ((await (await api.get('/api/auth/me')).json()) as { user: { email: string } }).user.email,
    });
    // Routes that take a body (logout and the DELETEs read none, so there is nothing to validate).
    const routes = await stateChangingRoutes(server.baseUrl, true);
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const bodies: Array<[string, Record<string, string>]> = [
      ['{"unterminated', {}],
      ['[]', {}],
      ['null', {}],
      ['"a string"', {}],
      ['{"email": {"$gt": ""}, "password": ["x"], "isAdmin": "yes", "id": "\\u0000"}', {}],
      [deep, {}],
      ['email=a@b.c', { 'content-type': 'application/x-www-form-urlencoded' }],
      ['{}', { 'content-type': 'text/plain' }],
    ];
    const failures: string[] = [];
    for (const [method, route] of routes) {
      for (const [body, headers] of bodies) {
        const response = await api.request(method, route, body, {
          'content-type': 'application/json',
          ...headers,
        });
        const text = await response.text();
        if (response.status >= 500 || response.status < 400)
          failures.push(`${method} ${route} ${body.slice(0, 40)} → ${response.status}`);
        else if (/\bat .+:\d+:\d+|node_modules|Error:/.test(text))
          failures.push(`${method} ${route} leaked a stack: ${text.slice(0, 200)}`);
        else if (typeof (JSON.parse(text) as { error?: unknown }).error !== 'string')
          failures.push(`${method} ${route}: no { error }`);
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
    // Still signed in, still an admin: nothing above changed state.
    expect((await api.get('/api/admin/users')).status).toBe(200);
  });
});

describe('sessions', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('defaults to 14 days idle and 90 absolute, uses ≥128-bit opaque tokens, rotates at sign-in and ends at sign-out', async () => {
    expect(server.config.SESSION_IDLE_DAYS).toBe(14);
    expect(server.config.SESSION_ABSOLUTE_DAYS).toBe(90);
    const api = new ApiClient(server.baseUrl);
    const { email, password } = await registerUser(api);
    const first = api.lastSetCookies.find((line) => line.startsWith('veldvet_session='))!;
    const token = first.split(';')[0]!.split('=')[1]!;
    // base32: 5 bits a character.
    expect(token.length * 5).toBeGreaterThanOrEqual(128);
    expect(token).toMatch(/^[a-z2-7]+$/);
    const stored = await server.services.database.db.selectFrom('sessions').select('id').execute();
    expect(stored.map((row) => row.id)).not.toContain(token);

    expect((await api.post('/api/auth/login', { email, password })).status).toBe(200);
    const rotated = api.lastSetCookies.find((line) => line.startsWith('veldvet_session='))!;
    expect(rotated).not.toBe(first);
    const old = await new ApiClient(server.baseUrl).get('/api/auth/me', {
      cookie: `veldvet_session=${token}`,
    });
    expect(old.status).toBe(401);

    expect((await api.post('/api/auth/logout')).status).toBe(200);
    const current = rotated.split(';')[0]!;
    expect((await new ApiClient(server.baseUrl).get('/api/auth/me', { cookie: current })).status).toBe(401);
  });
});
