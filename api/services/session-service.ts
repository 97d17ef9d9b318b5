import type { AuthUser } from '#shared/schemas/auth.js';
import type { Config } from '../config.js';
import type { SessionsRepository } from '../repositories/sessions.js';
import { generateToken, hashToken } from '../security/tokens.js';
import type { Clock } from './clock.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ActiveSession {
  /** SHA-256 of the cookie token; safe to log or hand to handlers. */
  id: string;
  userId: string;
  expiresAt: Date;
  absoluteExpiresAt: Date;
}

export interface SessionValidation {
  session: ActiveSession;
  user: AuthUser;
  /** The sliding expiry moved, so the cookie must be re-sent with the new Max-Age. */
  extended: boolean;
}

export interface SessionService {
  /** A new session; the returned token goes in the cookie and is never stored. */
  create(userId: string): Promise<{ token: string; session: ActiveSession }>;
  validate(token: string): Promise<SessionValidation | null>;
  /** Ends the session the token belongs to, if any. */
  invalidateToken(token: string): Promise<void>;
  invalidate(sessionId: string): Promise<void>;
  invalidateAllForUser(userId: string): Promise<void>;
}

/**
 * Lucia's session design with @oslojs: opaque random token in the cookie, its SHA-256 as the row id, an
 * idle expiry that slides forward on use (at most once per half idle period, to avoid a write per request)
 * and an absolute expiry fixed at sign-in that no activity extends.
 */
export function createSessionService(deps: {
  config: Pick<Config, 'SESSION_IDLE_DAYS' | 'SESSION_ABSOLUTE_DAYS'>;
  sessions: SessionsRepository;
  clock: Clock;
}): SessionService {
  const { sessions, clock } = deps;
  const idleMs = deps.config.SESSION_IDLE_DAYS * DAY_MS;
  const absoluteMs = deps.config.SESSION_ABSOLUTE_DAYS * DAY_MS;

  const slidingExpiry = (now: Date, absoluteExpiresAt: Date) =>
    new Date(Math.min(now.getTime() + idleMs, absoluteExpiresAt.getTime()));

  return {
    async create(userId) {
      const now = clock();
      const token = generateToken();
      const absoluteExpiresAt = new Date(now.getTime() + absoluteMs);
      const session: ActiveSession = {
        id: hashToken(token),
        userId,
        expiresAt: slidingExpiry(now, absoluteExpiresAt),
        absoluteExpiresAt,
      };
      // Housekeeping on sign-in keeps the table from growing with abandoned sessions, without a scheduler.
      await sessions.deleteExpiredForUser(userId, now.toISOString());
      await sessions.insert({
        id: session.id,
        userId,
        expiresAt: session.expiresAt.toISOString(),
        absoluteExpiresAt: absoluteExpiresAt.toISOString(),
        createdAt: now.toISOString(),
      });
      return { token, session };
    },

    async validate(token) {
      const id = hashToken(token);
      const row = await sessions.findWithUser(id);
      if (!row) return null;
      const now = clock();
      const session: ActiveSession = {
        id,
        userId: row.userId,
        expiresAt: new Date(row.expiresAt),
        absoluteExpiresAt: new Date(row.absoluteExpiresAt),
      };
      if (now >= session.expiresAt || now >= session.absoluteExpiresAt) {
        await sessions.delete(id);
        return null;
      }
      let extended = false;
      const next = slidingExpiry(now, session.absoluteExpiresAt);
      if (session.expiresAt.getTime() - now.getTime() < idleMs / 2 && next > session.expiresAt) {
        session.expiresAt = next;
        await sessions.updateExpiry(id, next.toISOString());
        extended = true;
      }
      const { user } = row;
      return {
        session,
        user: { id: user.id, email: user.email, practiceName: user.practiceName, isAdmin: user.isAdmin },
        extended,
      };
    },

    async invalidateToken(token) {
      await sessions.delete(hashToken(token));
    },

    async invalidate(sessionId) {
      await sessions.delete(sessionId);
    },

    async invalidateAllForUser(userId) {
      await sessions.deleteAllForUser(userId);
    },
  };
}
