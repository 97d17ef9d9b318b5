import { describe, expect, it } from 'vitest';
import {
  afterFailure,
  earliestRetry,
  isBackingOff,
  parseRetryAfter,
  RETRY_DELAYS_MS,
  retryDelayMs,
} from '../../../web/src/data/processing/retry-schedule';

const now = new Date('2026-11-23T14:30:00.000Z');

describe('retry schedule after a dropped upload or a busy server', () => {
  it('waits 10 s, 30 s, 2 min, then 10 min for every later failure', () => {
    expect(RETRY_DELAYS_MS).toEqual([10_000, 30_000, 120_000, 600_000]);
    expect([1, 2, 3, 4, 5, 50].map(retryDelayMs)).toEqual([
      10_000, 30_000, 120_000, 600_000, 600_000, 600_000,
    ]);
    expect(retryDelayMs(0)).toBe(10_000);
  });

  it('counts failures in a row and schedules the next attempt from now', () => {
    const first = afterFailure(undefined, { now, reason: 'network' });
    expect(first).toEqual({ failures: 1, nextAt: '2026-11-23T14:30:10.000Z', reason: 'network' });
    const second = afterFailure(first, { now, reason: 'network' });
    expect(second).toEqual({ failures: 2, nextAt: '2026-11-23T14:30:30.000Z', reason: 'network' });
    const third = afterFailure(second, { now, reason: 'busy' });
    expect(third.nextAt).toBe('2026-11-23T14:32:00.000Z');
    const fifth = afterFailure(afterFailure(third, { now, reason: 'busy' }), { now, reason: 'busy' });
    expect(fifth).toMatchObject({ failures: 5, nextAt: '2026-11-23T14:40:00.000Z' });
  });

  it("honours the server's Retry-After over the schedule", () => {
    expect(afterFailure(undefined, { now, reason: 'busy', retryAfterMs: 120_000 })).toEqual({
      failures: 1,
      nextAt: '2026-11-23T14:32:00.000Z',
      reason: 'busy',
    });
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Mon, 23 Nov 2026 14:35:00 GMT', now)).toBe(300_000);
    expect(parseRetryAfter('Mon, 23 Nov 2026 14:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('-5', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('', now)).toBeNull();
  });

  it('backs off until the next attempt is due, and finds the earliest one', () => {
    const soon = { failures: 1, nextAt: '2026-11-23T14:30:10.000Z', reason: 'network' as const };
    const later = { failures: 3, nextAt: '2026-11-23T14:32:00.000Z', reason: 'busy' as const };
    const past = { failures: 2, nextAt: '2026-11-23T14:29:00.000Z', reason: 'busy' as const };
    expect(isBackingOff(soon, now)).toBe(true);
    expect(isBackingOff(past, now)).toBe(false);
    expect(isBackingOff(undefined, now)).toBe(false);
    expect(earliestRetry([later, undefined, soon, past], now)).toBe(Date.parse(soon.nextAt));
    expect(earliestRetry([past, undefined], now)).toBeNull();
  });
});
