import type { Context, MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/**
 * A CSP the built PWA runs under: no inline script, blobs for recorded audio and generated PDFs,
 * workers from our own origin for the service worker.
 */
export function securityHeaders(): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    // HSTS is added per request by strictTransportSecurity(), only when the request came over TLS.
    strictTransportSecurity: false,
    referrerPolicy: 'no-referrer',
    xFrameOptions: 'DENY',
    xContentTypeOptions: 'nosniff',
    crossOriginEmbedderPolicy: false,
    permissionsPolicy: { microphone: ['self'], camera: [], geolocation: [] },
  });
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

/** HSTS only makes sense (and is only honoured) on responses that travelled over https. */
export function strictTransportSecurity(isHttps: (c: Context) => boolean): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (isHttps(c)) c.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  };
}
