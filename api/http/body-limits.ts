import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config.js';
import type { AppEnv } from './env.js';
import { mayHaveBody } from './request.js';
import { limitBody } from './route-helpers.js';

export { bodyTooLarge } from './route-helpers.js';

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

/**
 * Refuses an oversized body before it is read: at once from Content-Length, or, for a chunked body, as
 * soon as the bytes read pass the limit (nothing beyond the limit is ever buffered). Anonymous routes are
 * covered too, since this runs before any handler. Auth routes carry an e-mail and a password
 * (BODY_LIMIT_AUTH_BYTES); the rest notes, settings and export requests (BODY_LIMIT_JSON_BYTES).
 */
export function limitRequestBodies(config: Config): MiddlewareHandler<AppEnv> {
  const auth = limitBody(config.BODY_LIMIT_AUTH_BYTES);
  const json = limitBody(config.BODY_LIMIT_JSON_BYTES);
  return async (c, next) => {
    if (!mayHaveBody(c) || OWN_LIMIT.has(c.req.path)) return next();
    return (c.req.path.startsWith('/api/auth/') ? auth : json)(c, next);
  };
}
