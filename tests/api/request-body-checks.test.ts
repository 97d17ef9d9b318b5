import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyTooLarge } from '../../api/http/body-limits.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * The app-wide body checks decide from the method and headers whether a request carries a body (issue 19:
 * asking for the body itself built a full web Request for every GET). A body sent chunked, without a
 * Content-Length, must still meet both checks.
 */
describe('app-wide body checks see chunked bodies', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  const chunked = (text: string) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        const bytes = new TextEncoder().encode(text);
        const half = Math.floor(bytes.length / 2);
        controller.enqueue(bytes.slice(0, half));
        controller.enqueue(bytes.slice(half));
        controller.close();
      },
    });

  const post = (path: string, text: string) =>
    fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: chunked(text),
      duplex: 'half',
    } as RequestInit);

  it('refuses a control character in a chunked JSON body with 400', async () => {
    const response = await post(
      '/api/auth/login',
      JSON.stringify({ email: 'vet\u0000@example.co.za', password: 'secret12' }),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/control characters/);
  });

  it('refuses an oversized chunked body with 413', async () => {
    const limit = server.config.BODY_LIMIT_AUTH_BYTES;
    const response = await post(
      '/api/auth/login',
      JSON.stringify({ email: 'vet@example.co.za', password: 'x'.repeat(limit) }),
    );
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: bodyTooLarge(limit) });
  });

  it('answers a GET without reading a body', async () => {
    const response = await fetch(`${server.baseUrl}/api/health`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { ok: boolean }).ok).toBe(true);
  });

  // The checks are registered for the methods that can carry a body (api/app.ts BODY_METHODS), not for all.
  it.each(['PUT', 'PATCH', 'DELETE', 'OPTIONS'])('checks a %s body too', async (method) => {
    const limit = server.config.BODY_LIMIT_JSON_BYTES;
    const response = await fetch(`${server.baseUrl}/api/settings`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ note: 'x'.repeat(limit) }),
    });
    expect(response.status).toBe(413);
  });

  it('answers a method no route has with 404, its body unread', async () => {
    const response = await fetch(`${server.baseUrl}/api/recordings`, {
      method: 'PROPFIND',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ note: '\u0000' }),
    });
    expect(response.status).toBe(404);
  });
});
