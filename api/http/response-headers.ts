import type { Context } from 'hono';

/**
 * The finished response's own headers, to edit after next(): c.header() there would rebuild the whole
 * response, which costs every answer more than its handler (issue 19, /api/health against a bare handler).
 * In the rare case they are immutable (a fetched or redirect response) the response is copied first.
 */
export function responseHeaders(c: Context): Headers {
  try {
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
  } catch {
    c.res = new Response(c.res.body, c.res);
  }
  return c.res.headers;
}
