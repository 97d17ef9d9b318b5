import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Config } from '../config.js';
import { isHttpsRequest } from './request.js';

/** Not `__Host-`-prefixed: that prefix demands Secure, and local development runs over plain http. */
export const SESSION_COOKIE = 'veldvet_session';

/** Lax: sent on top-level navigation to the app (links in e-mails) but not on cross-site sub-requests. */
function baseOptions(c: Context, config: Pick<Config, 'TRUST_PROXY'>) {
  return { path: '/', httpOnly: true, sameSite: 'Lax', secure: isHttpsRequest(c, config) } as const;
}

export function readSessionToken(c: Context): string | undefined {
  const token = getCookie(c, SESSION_COOKIE);
  return token ? token : undefined;
}

/** Max-Age counts down to the session's current expiry, so the browser drops the cookie when the server does. */
export function setSessionCookie(
  c: Context,
  config: Pick<Config, 'TRUST_PROXY'>,
  token: string,
  expiresAt: Date,
  now: Date,
): void {
  const maxAge = Math.max(0, Math.round((expiresAt.getTime() - now.getTime()) / 1000));
  setCookie(c, SESSION_COOKIE, token, { ...baseOptions(c, config), maxAge });
}

export function clearSessionCookie(c: Context, config: Pick<Config, 'TRUST_PROXY'>): void {
  deleteCookie(c, SESSION_COOKIE, baseOptions(c, config));
}
