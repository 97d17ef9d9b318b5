import { addMilliseconds, isValid } from 'date-fns';

/**
 * When a recording whose upload failed for a passing reason (the connection dropped, the server's engine
 * was busy) is tried again. Pure: the caller passes the time, so the schedule is tested without waiting.
 */

/** Waits after the 1st, 2nd, 3rd and every later failure: 10 s, 30 s, 2 min, then every 10 min. */
export const RETRY_DELAYS_MS: readonly number[] = [10_000, 30_000, 120_000, 600_000];

/**
 * Why a queued recording waits: the request never reached the server ('network'), the server or its
 * engine said it is busy (503, 429, or the same upload still running: 'busy'), or another server error.
 */
export type RetryReason = 'network' | 'busy' | 'server';

export interface RetryState {
  /** Failed attempts in a row since the last success, `online` event or tap. */
  failures: number;
  /** ISO time of the next automatic attempt. */
  nextAt: string;
  reason: RetryReason;
}

/** The wait after `failures` failed attempts in a row (1 = the first failure), capped at the last step. */
export function retryDelayMs(failures: number): number {
  const step = Math.min(Math.max(failures, 1), RETRY_DELAYS_MS.length) - 1;
  return RETRY_DELAYS_MS[step]!;
}

/**
 * A Retry-After header (delay-seconds or an HTTP date) as milliseconds from `now`; null when absent or
 * unreadable. A date in the past means 'now' (0).
 */
export function parseRetryAfter(value: string | null | undefined, now: Date): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date names its weekday and month ('Mon, 23 Nov 2026 14:35:00 GMT'); '-5' is not one.
  if (!/[a-z]{3}/i.test(text)) return null;
  const at = new Date(text);
  if (!isValid(at)) return null;
  return Math.max(0, at.getTime() - now.getTime());
}

/**
 * The state after one more failed attempt. The server's Retry-After wins when it gave one (it knows when
 * its engine frees up); otherwise the backoff schedule decides.
 */
export function afterFailure(
  previous: Pick<RetryState, 'failures'> | undefined,
  input: { now: Date; reason: RetryReason; retryAfterMs?: number | null },
): RetryState {
  const failures = (previous?.failures ?? 0) + 1;
  const wait = input.retryAfterMs ?? retryDelayMs(failures);
  return { failures, nextAt: addMilliseconds(input.now, wait).toISOString(), reason: input.reason };
}

/** True while the next attempt lies in the future: the queue leaves the recording alone until then. */
export function isBackingOff(retry: RetryState | undefined, now: Date): boolean {
  return Boolean(retry && Date.parse(retry.nextAt) > now.getTime());
}

/** The earliest pending retry time among recordings, in ms since the epoch; null when none is pending. */
export function earliestRetry(retries: ReadonlyArray<RetryState | undefined>, now: Date): number | null {
  const pending = retries
    .filter((retry): retry is RetryState => isBackingOff(retry, now))
    .map((retry) => Date.parse(retry.nextAt));
  return pending.length > 0 ? Math.min(...pending) : null;
}
