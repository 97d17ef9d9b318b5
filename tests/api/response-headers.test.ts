import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressResponses } from '../../api/http/compress.js';
import type { AppEnv } from '../../api/http/env.js';
import { securityHeaders } from '../../api/http/security.js';
import { createLogger, requestLog } from '../../api/logging/index.js';

/**
 * The after-next() header edits (api/http/response-headers.ts) write into @hono/node-server's lightweight
 * response, a private plain object, instead of a fetch Headers: checked here over real HTTP, through the
 * adapter that writes them, for each shape a handler can answer in.
 */
let server: ServerType;
let baseUrl: string;

beforeAll(async () => {
  const app = new Hono<AppEnv>();
  app.use('*', requestLog(createLogger({ level: 'silent' })));
  app.use('*', compressResponses());
  app.use('*', securityHeaders({ isHttps: () => false }));
  app.get('/api/json', (c) => c.json({ ok: true }));
  app.get('/api/text', (c) => c.body('plain words'));
  app.get('/api/empty', (c) => c.body(null, 204));
  app.get('/api/cached', (c) => {
    c.header('Cache-Control', 'private, max-age=60');
    return c.json({ ok: true });
  });
  app.get('/api/large', (c) => c.json({ words: 'lorem ipsum '.repeat(400) }));
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve());
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('headers added to a finished response', () => {
  it('a small JSON answer gets the API headers, no-store, Vary and a request id, its own type kept', async () => {
    const response = await fetch(`${baseUrl}/api/json`);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/u);
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/u);
    expect(await response.json()).toEqual({ ok: true });
  });
  it("a body given without a type keeps the adapter's default type", async () => {
    const response = await fetch(`${baseUrl}/api/text`);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=UTF-8');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(await response.text()).toBe('plain words');
  });
  it('an empty answer gets no invented type', async () => {
    const response = await fetch(`${baseUrl}/api/empty`);
    expect(response.status).toBe(204);
    expect(response.headers.get('content-type')).toBeNull();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
  it("a route's own Cache-Control wins over no-store", async () => {
    const response = await fetch(`${baseUrl}/api/cached`);
    expect(response.headers.get('cache-control')).toBe('private, max-age=60');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });
  it("a client's well-formed request id is echoed, a malformed one replaced", async () => {
    const echoed = await fetch(`${baseUrl}/api/json`, { headers: { 'X-Request-Id': 'rec-42_a=' } });
    expect(echoed.headers.get('x-request-id')).toBe('rec-42_a=');
    const replaced = await fetch(`${baseUrl}/api/json`, { headers: { 'X-Request-Id': 'has spaces' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/u);
  });
  it('a large answer is compressed with its headers kept', async () => {
    const response = await fetch(`${baseUrl}/api/large`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/u);
    expect(((await response.json()) as { words: string }).words.length).toBe(4800);
  });
});
