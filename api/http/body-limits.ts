import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Config } from '../config.js';
import type { AppEnv } from './env.js';

/**
 * Routes that size their own limit from what they carry (audio, a transcript) and answer it with their
 * own message; every other JSON route gets one of the two limits below.
 */
const OWN_LIMIT = new Set([
  '/api/recordings/save',
  '/api/recordings/save-upload',
  '/api/transcribe',
  '/api/extract',
]);

/** The one 413 body of the size limits: `{ error }`, naming the limit. */
export function bodyTooLarge(limitBytes: number): string {
  const size =
    limitBytes >= 1024 * 1024
      ? `${Math.round(limitBytes / 104_857.6) / 10} MB`
      : `${Math.round(limitBytes / 1024)} KB`;
  return `The request is too large (limit ${size})`;
}

/**
 * Refuses an oversized body before it is read: at once from Content-Length, or, for a chunked body, as
 * soon as the bytes read pass the limit (nothing beyond the limit is ever buffered). Anonymous routes are
 * covered too, since this runs before any handler. Auth routes carry an e-mail and a password
 * (BODY_LIMIT_AUTH_BYTES); the rest notes, settings and export requests (BODY_LIMIT_JSON_BYTES).
 */
export function limitRequestBodies(config: Config): MiddlewareHandler<AppEnv> {
  const limiter = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: (c) => {
        // The rest of the body is never read; closing the connection keeps the client from reusing a
        // socket that still carries it, and stops the server reading (draining) it.
        c.header('Connection', 'close');
        return c.json({ error: bodyTooLarge(maxSize) }, 413);
      },
    });
  const auth = limiter(config.BODY_LIMIT_AUTH_BYTES);
  const json = limiter(config.BODY_LIMIT_JSON_BYTES);
  return async (c, next) => {
    if (OWN_LIMIT.has(c.req.path)) return next();
    return (c.req.path.startsWith('/api/auth/') ? auth : json)(c, next);
  };
}
