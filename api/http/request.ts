import type { Context } from 'hono';
import type { Config } from '../config.js';

/** True when the browser reached us over TLS, directly or through a trusted proxy. */
export function isHttpsRequest(c: Context, config: Pick<Config, 'TRUST_PROXY'>): boolean {
  if (config.TRUST_PROXY && c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https') return true;
  // The URL's scheme, without parsing the whole URL on every request.
  return c.req.url.startsWith('https:');
}

/**
 * Whether the request can carry a body, from its method and headers alone (HTTP/1.1: a body comes with
 * Content-Length or Transfer-Encoding). Asking `c.req.raw.body` instead makes @hono/node-server build a
 * full web Request with an AbortSignal, which cost a GET /api/health more than its handler (issue 19).
 */
export function mayHaveBody(c: Context): boolean {
  const method = c.req.method;
  if (method === 'GET' || method === 'HEAD') return false;
  const headers = c.req.raw.headers;
  if (headers.has('transfer-encoding')) return true;
  const length = headers.get('content-length');
  return length !== null && length !== '0';
}
