import type { Context } from 'hono';
import type { Config } from '../config.js';

/** True when the browser reached us over TLS, directly or through a trusted proxy. */
export function isHttpsRequest(c: Context, config: Pick<Config, 'TRUST_PROXY'>): boolean {
  if (config.TRUST_PROXY && c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https') return true;
  return new URL(c.req.url).protocol === 'https:';
}
