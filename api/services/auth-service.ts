import type { AuthUser, LoginRequest, RegisterRequest } from '#shared/schemas/auth.js';
import type { Config } from '../config.js';
import { HttpError, badRequest } from '../http/errors.js';
import type { Mailer } from '../providers/mail/mailer.js';
import type { PasswordResetsRepository } from '../repositories/password-resets.js';
import { isUniqueViolation, type UsersRepository } from '../repositories/users.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../security/password.js';
import { generateToken, hashToken } from '../security/tokens.js';
import type { AuditService } from './audit-service.js';
import type { Clock } from './clock.js';
import type { RateLimitService } from './rate-limit-service.js';
import type { ActiveSession, SessionService } from './session-service.js';
import { currentLogger } from '../logging/logger.js';

const log = () => currentLogger({ component: 'auth' });

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export const authMessages = {
  invalidCredentials: 'Invalid email or password',
  /** Deliberately does not say the address is taken (see the report in issue 2). */
  registrationRefused: 'Could not create an account with these details',
  resetLinkSent: 'If an account exists for that address, a reset link has been sent.',
  invalidResetToken: 'Invalid or expired reset token. Please request a new password reset.',
} as const;

export interface SignedIn {
  user: AuthUser;
  token: string;
  session: ActiveSession;
}

/** Where a request came from (api/http/client-address.ts), for rate limits and the audit log. */
export interface RequestOrigin {
  clientAddress: string;
}

const UNKNOWN_ORIGIN: RequestOrigin = { clientAddress: 'unknown' };

export interface AuthService {
  /** Creates the account and signs it in. `previousToken` is the caller's current session, ended on success. */
  register(input: RegisterRequest, previousToken?: string, origin?: RequestOrigin): Promise<SignedIn>;
  /** Throws RateLimitedError (429) past 5 failures per account / 30 min or 25 per client address / 5 min. */
  login(input: LoginRequest, previousToken?: string, origin?: RequestOrigin): Promise<SignedIn>;
  /**
   * Same outcome whether or not the address has an account; the e-mail goes out in the background.
   * Throws RateLimitedError past 2 requests per e-mail address per hour, known or not.
   */
  requestPasswordReset(email: string, origin?: RequestOrigin): Promise<{ resetUrl: string }>;
  resetPassword(input: { token: string; password: string }, origin?: RequestOrigin): Promise<void>;
  /** Resolves when every reset e-mail started so far was delivered or failed (for shutdown and tests). */
  mailSettled(): Promise<void>;
}

export function createAuthService(deps: {
  config: Pick<Config, 'publicUrl'>;
  users: UsersRepository;
  passwordResets: PasswordResetsRepository;
  sessions: SessionService;
  mailer: Mailer;
  clock: Clock;
  /** Optional so the service still works alone in unit tests; createServices always passes both. */
  audit?: AuditService;
  rateLimits?: RateLimitService;
}): AuthService {
  const { users, passwordResets, sessions, mailer, clock, audit, rateLimits } = deps;
  const deliveries = new Set<Promise<void>>();

  async function signIn(user: AuthUser, previousToken: string | undefined): Promise<SignedIn> {
    // Rotation: every sign-in gets a fresh token, and a session the browser already held is ended.
    if (previousToken) await sessions.invalidateToken(previousToken);
    const { token, session } = await sessions.create(user.id);
    return { user, token, session };
  }

  function deliverInBackground(message: Parameters<Mailer['send']>[0]): void {
    // Not awaited by the request: an SMTP round trip only for known addresses would reveal them by timing.
    const delivery = mailer
      .send(message)
      .catch((error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        log().error({ reason }, 'password reset e-mail not sent');
      })
      .finally(() => deliveries.delete(delivery));
    deliveries.add(delivery);
  }

  return {
    async register(input, previousToken, origin = UNKNOWN_ORIGIN) {
      // Sign-up is anonymous: throttled per client address before any work (issue 14).
      await rateLimits?.countSignUp(origin.clientAddress);
      const now = clock().toISOString();
      const user: AuthUser = {
        id: crypto.randomUUID(),
        email: input.email,
        practiceName: input.practiceName,
        isAdmin: 0,
      };
      // Hash first and let the unique index decide: no check-then-insert race, and equal work either way.
      const passwordHash = await hashPassword(input.password);
      try {
        await users.insert({ ...user, passwordHash, createdAt: now, updatedAt: now });
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, authMessages.registrationRefused);
        throw error;
      }
      await audit?.record({
        actorId: user.id,
        actorEmail: user.email,
        action: 'auth.register',
        targetType: 'user',
        targetId: user.id,
        clientAddress: origin.clientAddress,
      });
      return signIn(user, previousToken);
    },

    async login(input, previousToken, origin = UNKNOWN_ORIGIN) {
      // Counted before any password work, so a throttled attacker cannot even learn that a guess was right.
      const attempt = await rateLimits?.beginSignIn(input.email, origin.clientAddress);
      const row = await users.findByEmail(input.email);
      const refuse = async (reason: 'unknown-account' | 'wrong-password') => {
        await attempt?.failed();
        await audit?.record({
          actorId: row?.id ?? null,
          actorEmail: input.email,
          action: 'auth.login.failure',
          targetType: 'user',
          targetId: row?.id ?? null,
          details: { email: input.email, reason },
          clientAddress: origin.clientAddress,
        });
        return new HttpError(401, authMessages.invalidCredentials);
      };
      if (!row) {
        await verifyAgainstDummy(input.password);
        throw await refuse('unknown-account');
      }
      if (!(await verifyPassword(row.passwordHash, input.password))) {
        throw await refuse('wrong-password');
      }
      await attempt?.succeeded();
      await audit?.record({
        actorId: row.id,
        actorEmail: row.email,
        action: 'auth.login.success',
        targetType: 'user',
        targetId: row.id,
        clientAddress: origin.clientAddress,
      });
      const user: AuthUser = {
        id: row.id,
        email: row.email,
        practiceName: row.practiceName,
        isAdmin: row.isAdmin,
      };
      return signIn(user, previousToken);
    },

    async requestPasswordReset(email, origin = UNKNOWN_ORIGIN) {
      await rateLimits?.countPasswordReset(email, origin.clientAddress);
      const now = clock();
      // Token and link are made for unknown addresses too: the same cheap work and the same response shape.
      const token = generateToken();
      const tokenHash = hashToken(token);
      const resetUrl = `${deps.config.publicUrl}/reset-password?token=${token}`;
      const user = await users.findByEmail(email);
      if (user) {
        await passwordResets.deleteExpiredForUser(user.id, now.toISOString());
        await passwordResets.insert({
          tokenHash,
          userId: user.id,
          expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS).toISOString(),
          usedAt: null,
          createdAt: now.toISOString(),
        });
        deliverInBackground(resetEmail(user.email, resetUrl));
        // Only for real accounts (an entry per typed address would fill the log); the response is the same.
        await audit?.record({
          actorId: null,
          practiceId: user.id,
          action: 'auth.password_reset.request',
          targetType: 'user',
          targetId: user.id,
          details: { email: user.email },
          clientAddress: origin.clientAddress,
        });
      }
      return { resetUrl };
    },

    async resetPassword(input, origin = UNKNOWN_ORIGIN) {
      const tokenHash = hashToken(input.token);
      const now = clock().toISOString();
      // Check before hashing so that junk tokens cannot make us spend argon2 work.
      const reset = await passwordResets.find(tokenHash);
      if (!reset || reset.usedAt !== null || new Date(reset.expiresAt) <= new Date(now)) {
        throw badRequest(authMessages.invalidResetToken);
      }
      const passwordHash = await hashPassword(input.password);
      if (!(await passwordResets.consume(tokenHash, now))) throw badRequest(authMessages.invalidResetToken);
      await users.updatePasswordHash(reset.userId, passwordHash, now);
      // Whoever knew the old password (or stole a cookie) is signed out everywhere; other links die too.
      await sessions.invalidateAllForUser(reset.userId);
      await passwordResets.deleteAllForUser(reset.userId);
      await audit?.record({
        actorId: reset.userId,
        action: 'auth.password_reset.complete',
        targetType: 'user',
        targetId: reset.userId,
        details: { sessionsEnded: 'all' },
        clientAddress: origin.clientAddress,
      });
    },

    async mailSettled() {
      await Promise.all([...deliveries]);
    },
  };
}

function resetEmail(to: string, resetUrl: string) {
  const text = [
    'Hello,',
    '',
    'Someone (hopefully you) asked to reset the password of your VeldVet account.',
    'Open this link to choose a new password. It expires in 1 hour and works once:',
    '',
    resetUrl,
    '',
    'If you did not ask for this, ignore this e-mail; your password stays as it is.',
    '',
    'VeldVet',
  ].join('\n');
  const link = escapeHtml(resetUrl);
  const html = `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5">
<p>Hello,</p>
<p>Someone (hopefully you) asked to reset the password of your VeldVet account.</p>
<p><a href="${link}">Choose a new password</a>. The link expires in 1 hour and works once.</p>
<p>If the button does not work, copy this address into your browser:<br>${link}</p>
<p>If you did not ask for this, ignore this e-mail; your password stays as it is.</p>
<p>VeldVet</p>
</body></html>`;
  return { to, subject: 'Reset your VeldVet password', text, html };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
