import type { Context, MiddlewareHandler } from 'hono';
import type { Services } from '../services/index.js';
import type { SessionValidation } from '../services/session-service.js';
import type { AppEnv } from './env.js';
import { clearSessionCookie, readSessionToken, setSessionCookie } from './session-cookie.js';

const NOT_AUTHENTICATED = { error: 'Not authenticated' } as const;

/**
 * Signs the request in from the session cookie: sets `c.var.user` and `c.var.sessionId`, or answers
 * 401 `{ error: 'Not authenticated' }`. Re-sends the cookie when the sliding expiry moved.
 *
 *   router.use('/transcribe', requireUser(services));
 */
export function requireUser(services: Services): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const validation = await validateSessionCookie(c, services);
    if (!validation) return c.json(NOT_AUTHENTICATED, 401);
    c.set('user', validation.user);
    c.set('sessionId', validation.session.id);
    await next();
  };
}

/**
 * The session the request's cookie carries, or null. A stale cookie is dropped so the browser stops sending
 * it; the cookie is re-sent when the sliding expiry moved.
 */
export async function validateSessionCookie(
  c: Context,
  services: Services,
): Promise<SessionValidation | null> {
  const token = readSessionToken(c);
  if (!token) return null;
  const validation = await services.sessions.validate(token);
  if (!validation) {
    clearSessionCookie(c, services.config);
    return null;
  }
  if (validation.extended) {
    setSessionCookie(c, services.config, token, validation.session.expiresAt, services.clock());
  }
  return validation;
}

/**
 * Like requireUser, then 403 `{ error: 'Administrator privileges required' }` unless the user is an admin.
 * Works alone or after requireUser (it then reuses the user already on the context). The flag is read from
 * the database on every request, so revoking admin takes effect at once.
 */
export function requireAdmin(services: Services): MiddlewareHandler<AppEnv> {
  const authenticate = requireUser(services);
  return async (c, next) => {
    // c.var.user is typed as always present, but it is only set once requireUser has run.
    if ((c.var as Partial<AppEnv['Variables']>).user === undefined) {
      let signedIn = false;
      const refusal = await authenticate(c, async () => {
        signedIn = true;
      });
      if (!signedIn) return refusal;
    }
    if (c.var.user.isAdmin !== 1) return c.json({ error: 'Administrator privileges required' }, 403);
    await next();
  };
}
