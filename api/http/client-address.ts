import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { Config } from '../config.js';

/**
 * The address rate limits and the audit log attribute a request to: the TCP peer, or, behind a reverse
 * proxy (TRUST_PROXY), the first hop of X-Forwarded-For. The proxy must overwrite that header with the
 * real peer (nginx: `proxy_set_header X-Forwarded-For $remote_addr`), or clients could choose their own.
 */
export function clientAddress(c: Context, config: Pick<Config, 'TRUST_PROXY'>): string {
  if (config.TRUST_PROXY) {
    const first = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (first) return normalise(first);
  }
  return normalise(socketAddress(c) ?? 'unknown');
}

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // Not running on a Node socket (app.request() in unit tests): one shared bucket.
    return undefined;
  }
}

/** IPv4-mapped IPv6 (::ffff:10.0.0.1) is the same client as 10.0.0.1; header values are length-capped. */
function normalise(address: string): string {
  const trimmed = address.slice(0, 64);
  return trimmed.startsWith('::ffff:') && trimmed.includes('.') ? trimmed.slice(7) : trimmed;
}
