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

/** Refuses state-changing API calls that a browser marks as coming from another site. */
export const rejectCrossSiteRequests: MiddlewareHandler = async (c, next) => {
  const method = c.req.method;
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
  const fetchSite = c.req.header('sec-fetch-site');
  if (fetchSite === 'cross-site') return c.json({ error: 'Cross-site request refused' }, 403);
  const origin = c.req.header('origin');
  if (origin && origin !== 'null') {
    const host = c.req.header('x-forwarded-host') ?? c.req.header('host');
    let originHost: string | undefined;
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = undefined;
    }
    if (!host || originHost !== host) return c.json({ error: 'Cross-site request refused' }, 403);
  } else if (origin === 'null') {
    return c.json({ error: 'Cross-site request refused' }, 403);
  }
  return next();
};

/** HSTS only makes sense (and is only honoured) on responses that travelled over https. */
export function strictTransportSecurity(isHttps: (c: Context) => boolean): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (isHttps(c)) c.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  };
}
