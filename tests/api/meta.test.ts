import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, type TestServer } from '../helpers/server.js';

describe.each(dialects)('app shell over HTTP (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(async () => server?.close());

  it('answers health and app-info, and 404s unknown API paths as JSON', async () => {
    expect(await (await fetch(`${server.baseUrl}/api/health`)).json()).toMatchObject({ ok: true });
    const info = await (await fetch(`${server.baseUrl}/api/app-info`)).json();
    expect(info.name).toBe('VeldVet');
    const missing = await fetch(`${server.baseUrl}/api/nope`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Not found' });
  });

  it('sends security headers and no-store on API responses', async () => {
    const response = await fetch(`${server.baseUrl}/api/health`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('refuses a state change from another site', async () => {
    const response = await fetch(`${server.baseUrl}/api/health`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(403);
  });

  it('trusts X-Forwarded-Host for the same-site check only behind a trusted proxy', async () => {
    const spoofed = {
      method: 'POST',
      headers: {
        origin: 'https://evil.example',
        'x-forwarded-host': 'evil.example',
        'content-type': 'application/json',
      },
      body: '{}',
    };
    expect((await fetch(`${server.baseUrl}/api/auth/logout`, spoofed)).status).toBe(403);
    const proxied = await startTestServer({ dialect, env: { TRUST_PROXY: 'true' } });
    try {
      // Behind a proxy that sets X-Forwarded-Host, the public host is the one to compare with.
      expect((await fetch(`${proxied.baseUrl}/api/auth/logout`, spoofed)).status).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});
