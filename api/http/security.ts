import type { Context, MiddlewareHandler } from 'hono';
import { responseHeaders, type HeaderRecord } from './response-headers.js';

/**
 * The built PWA's pages, service worker and assets: a CSP it runs under (no inline script, blobs for recorded
 * audio and generated PDFs, workers from our own origin for the service worker), the microphone for our own
 * pages only.
 */
const DOCUMENT_HEADERS: HeaderRecord = {
  'content-security-policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; '),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'microphone=(self), camera=(), geolocation=()',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/**
 * API answers are data, never a page: a CSP that lets nothing load or frame it (stricter than the pages'),
 * other sites may not read them (CORP), and never cached. The page-only headers (Permissions-Policy, COOP)
 * mean nothing on JSON; leaving them off keeps every answer ~500 bytes lighter (issue 19, /api/health
 * against a bare handler).
 */
const API_HEADERS: HeaderRecord = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The security headers of every response, errors and refusals included, set in one pass on the finished
 * response's own headers (c.header() after next() would rebuild the whole response). HSTS only on
 * responses that travelled over https (it is only honoured there). Clinical data must never sit in a shared
 * or browser cache: every /api answer is no-store unless its route chose otherwise.
 */
export function securityHeaders(options: { isHttps: (c: Context) => boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const isApi = c.req.path.startsWith('/api/');
    const headers = responseHeaders(c);
    headers.setAll(isApi ? API_HEADERS : DOCUMENT_HEADERS);
    if (isApi && !headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
    if (options.isHttps(c)) headers.set('Strict-Transport-Security', HSTS);
  };
}

/**
 * Refuses state-changing API calls that a browser marks as coming from another site. The host compared with
 * Origin is the request's own Host, or X-Forwarded-Host only behind a trusted proxy (a client could send
 * that header itself).
 */
export function rejectCrossSiteRequests(options: { trustProxy: boolean }): MiddlewareHandler {
  const refuse = (c: Context) => c.json({ error: 'Cross-site request refused' }, 403);
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
    if (c.req.header('sec-fetch-site') === 'cross-site') return refuse(c);
    const origin = c.req.header('origin');
    if (origin === undefined) return next();
    if (origin === 'null') return refuse(c);
    const host = (options.trustProxy ? c.req.header('x-forwarded-host') : undefined) ?? c.req.header('host');
    let originHost: string | undefined;
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = undefined;
    }
    return host && originHost === host ? next() : refuse(c);
  };
}
