import { createHash, randomUUID } from 'node:crypto';
import { HttpError } from '../http/errors.js';
import type { RateLimitsRepository } from '../repositories/rate-limits.js';
import type { Clock } from './clock.js';

const MINUTE_MS = 60 * 1000;

export interface RateLimitRule {
  bucket: string;
  limit: number;
  windowMs: number;
  /** Shown to the user with the wait, e.g. "Too many sign-in attempts. Try again in 12 minutes." */
  message: string;
}

/**
 * Issue 8's numbers. Sliding windows (not fixed ones, which allow twice the limit across a boundary), and
 * nothing permanent: an attacker can slow a vet down for at most one window, never lock the account.
 */
export const rateLimitRules = {
  signInPerAccount: {
    bucket: 'sign-in:account',
    limit: 5,
    windowMs: 30 * MINUTE_MS,
    message: 'Too many failed sign-in attempts for this account.',
  },
  signInPerAddress: {
    bucket: 'sign-in:address',
    limit: 25,
    windowMs: 5 * MINUTE_MS,
    message: 'Too many failed sign-in attempts from this network.',
  },
  resetPerEmail: {
    bucket: 'reset:email',
    limit: 2,
    windowMs: 60 * MINUTE_MS,
    message: 'Too many password reset requests for this address.',
  },
  // Not in the issue: stops one client spraying reset e-mails at many addresses (a practice NAT still fits).
  resetPerAddress: {
    bucket: 'reset:address',
    limit: 20,
    windowMs: 60 * MINUTE_MS,
    message: 'Too many password reset requests from this network.',
  },
} as const satisfies Record<string, RateLimitRule>;

export const LONGEST_WINDOW_MS = Math.max(...Object.values(rateLimitRules).map((rule) => rule.windowMs));

/** Issue 14's limits; the numbers come from config (docs/security.md, "Limits"). All hourly windows. */
export interface ConfiguredLimits {
  /** SIGNUPS_PER_ADDRESS_PER_HOUR */
  signUpsPerAddressPerHour: number;
  /** EXPORT_MAIL_PER_PRACTICE_PER_HOUR */
  serverMailPerPracticePerHour: number;
  /** EXPORT_MAIL_PER_SERVER_PER_HOUR */
  serverMailPerServerPerHour: number;
}

const HOUR_MS = 60 * MINUTE_MS;
export const rateLimitMessages = {
  signUpPerAddress: 'Too many new accounts from this network.',
  serverMailPerPractice:
    "This practice has sent its hourly limit of e-mails through VeldVet's mail account. Add the practice's own e-mail account in Settings to send more.",
  serverMailPerServer:
    "VeldVet's mail account has reached its hourly sending limit. Add the practice's own e-mail account in Settings to send now.",
} as const;

export class RateLimitedError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, `${message} Try again in ${describeWait(retryAfterSeconds)}.`, {
      'Retry-After': String(retryAfterSeconds),
    });
  }
}

function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** A counted attempt that may turn out not to count (a successful sign-in). */
export interface Attempt {
  /** The attempt failed: it stays counted. */
  failed(): Promise<void>;
  /** The attempt succeeded: it is uncounted, and the account's earlier failures are forgiven. */
  succeeded(): Promise<void>;
}

export interface RateLimitService {
  /** Counts a sign-in attempt or throws RateLimitedError (429, Retry-After) before any password work. */
  beginSignIn(email: string, clientAddress: string): Promise<Attempt>;
  /** Counts a reset request; throws RateLimitedError whether or not the address has an account. */
  countPasswordReset(email: string, clientAddress: string): Promise<void>;
  /** Counts a registration from this client address; throws RateLimitedError past the hourly limit. */
  countSignUp(clientAddress: string): Promise<void>;
  /**
   * Counts one e-mail sent through the server's own mail account, per practice and for the whole server;
   * throws RateLimitedError past either hourly limit. Call `uncount` if the mail was not sent after all.
   */
  countServerMail(practiceId: string): Promise<{ uncount(): Promise<void> }>;
  /** Drops attempts older than every window (run by the purge job). */
  prune(): Promise<number>;
}

interface Check {
  rule: RateLimitRule;
  key: string;
}

const DEFAULT_LIMITS: ConfiguredLimits = {
  signUpsPerAddressPerHour: 10,
  serverMailPerPracticePerHour: 50,
  serverMailPerServerPerHour: 500,
};

export function createRateLimitService(deps: {
  rateLimits: RateLimitsRepository;
  clock: Clock;
  limits?: ConfiguredLimits;
}): RateLimitService {
  const { rateLimits, clock } = deps;
  const limits = deps.limits ?? DEFAULT_LIMITS;
  const hourly = (bucket: string, limit: number, message: string): RateLimitRule => ({
    bucket,
    limit,
    windowMs: HOUR_MS,
    message,
  });
  const signUpRule = hourly(
    'sign-up:address',
    limits.signUpsPerAddressPerHour,
    rateLimitMessages.signUpPerAddress,
  );
  const mailPerPractice = hourly(
    'mail:practice',
    limits.serverMailPerPracticePerHour,
    rateLimitMessages.serverMailPerPractice,
  );
  const mailPerServer = hourly(
    'mail:server',
    limits.serverMailPerServerPerHour,
    rateLimitMessages.serverMailPerServer,
  );
  const keyHash = (bucket: string, key: string) =>
    createHash('sha256').update(`${bucket}\n${key}`).digest('hex');

  /**
   * Insert first, then count including the new row: two concurrent attempts cannot both squeeze under the
   * limit (at worst both are refused), which check-then-insert would allow.
   */
  async function reserve(checks: Check[]): Promise<string[]> {
    const now = clock();
    const inserted: Array<{ id: string; check: Check; hash: string }> = [];
    for (const check of checks) {
      const hash = keyHash(check.rule.bucket, check.key);
      const id = randomUUID();
      // Old rows of this key are useless; trimming here keeps the table small without a scheduler.
      await rateLimits.deleteOlderThan(
        check.rule.bucket,
        hash,
        new Date(now.getTime() - check.rule.windowMs).toISOString(),
      );
      await rateLimits.insert({
        id,
        bucket: check.rule.bucket,
        keyHash: hash,
        occurredAt: now.toISOString(),
      });
      inserted.push({ id, check, hash });
    }
    let refusal: RateLimitedError | undefined;
    for (const { check, hash } of inserted) {
      const { rule } = check;
      const since = new Date(now.getTime() - rule.windowMs).toISOString();
      const times = await rateLimits.timesSince(rule.bucket, hash, since);
      if (times.length <= rule.limit) continue;
      // Without this attempt there are `others` in the window; one more is allowed once
      // others - limit + 1 of them have aged out, i.e. when the (others - limit)th oldest does.
      // This attempt is stamped `now`, so it sorts last (ties are equal times, which is the same thing).
      const others = times.slice(0, -1);
      const freeing = others[Math.max(0, others.length - rule.limit)] ?? others[0] ?? now.toISOString();
      const waitSeconds = Math.max(
        1,
        Math.ceil((new Date(freeing).getTime() + rule.windowMs - now.getTime()) / 1000),
      );
      if (!refusal || waitSeconds > refusal.retryAfterSeconds)
        refusal = new RateLimitedError(rule.message, waitSeconds);
    }
    if (refusal) {
      // A refused attempt is not an attempt: otherwise hammering would extend the wait for ever.
      for (const { id } of inserted) await rateLimits.delete(id);
      throw refusal;
    }
    return inserted.map(({ id }) => id);
  }

  return {
    async beginSignIn(email, clientAddress) {
      const account: Check = { rule: rateLimitRules.signInPerAccount, key: email.toLowerCase() };
      const ids = await reserve([account, { rule: rateLimitRules.signInPerAddress, key: clientAddress }]);
      return {
        async failed() {},
        async succeeded() {
          for (const id of ids) await rateLimits.delete(id);
          await rateLimits.deleteKey(account.rule.bucket, keyHash(account.rule.bucket, account.key));
        },
      };
    },

    async countPasswordReset(email, clientAddress) {
      await reserve([
        { rule: rateLimitRules.resetPerEmail, key: email.toLowerCase() },
        { rule: rateLimitRules.resetPerAddress, key: clientAddress },
      ]);
    },

    async countSignUp(clientAddress) {
      await reserve([{ rule: signUpRule, key: clientAddress }]);
    },

    async countServerMail(practiceId) {
      const ids = await reserve([
        { rule: mailPerPractice, key: practiceId },
        { rule: mailPerServer, key: 'server' },
      ]);
      return {
        async uncount() {
          for (const id of ids) await rateLimits.delete(id);
        },
      };
    },

    async prune() {
      return rateLimits.deleteAllBefore(new Date(clock().getTime() - LONGEST_WINDOW_MS).toISOString());
    },
  };
}
