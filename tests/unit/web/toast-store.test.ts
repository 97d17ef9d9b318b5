import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  dismissToast,
  parsePendingToast,
  toast,
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  peekToasts,
  toastReducer,
  type ToastItem,
} from '../../../web/src/lib/toastStore';

const item = (id: string, open = true): ToastItem => ({ id, title: `Toast ${id}`, open });

describe('toast constants (spec section 9)', () => {
  it('shows one toast at a time for 5000 ms, swipe threshold 50 px, removal after 1,000,000 ms', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_SWIPE_THRESHOLD_PX).toBe(50);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
  });
});

describe('toastReducer', () => {
  it('keeps only the newest toast', () => {
    const first = toastReducer({ toasts: [] }, { type: 'add', toast: item('1') });
    const second = toastReducer(first, { type: 'add', toast: item('2') });
    expect(second.toasts.map((t) => t.id)).toEqual(['2']);
  });

  it('dismiss closes one toast or all, remove deletes them', () => {
    const state = { toasts: [item('1'), item('2')] };
    expect(toastReducer(state, { type: 'dismiss', id: '1' }).toasts.map((t) => t.open)).toEqual([
      false,
      true,
    ]);
    expect(toastReducer(state, { type: 'dismiss' }).toasts.every((t) => !t.open)).toBe(true);
    expect(toastReducer(state, { type: 'remove', id: '2' }).toasts.map((t) => t.id)).toEqual(['1']);
    expect(toastReducer(state, { type: 'remove' }).toasts).toEqual([]);
  });
});

describe('toast() and dismissToast()', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('replaces the toast on screen, and removes a dismissed one only after 1,000,000 ms', () => {
    const first = toast({ title: 'First' });
    const second = toast({ title: 'Second', description: 'Replaces the first', variant: 'success' });
    expect(peekToasts().map((t) => t.id)).toEqual([second]);
    expect(first).not.toBe(second);

    dismissToast(second);
    expect(peekToasts()[0]?.open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(peekToasts().map((t) => t.id)).toEqual([second]);
    vi.advanceTimersByTime(1);
    expect(peekToasts()).toEqual([]);
  });
});

describe('parsePendingToast', () => {
  it('accepts a stored toast and rejects garbage', () => {
    expect(
      parsePendingToast('{"title":"✓ Login successful","description":"Welcome back!","variant":"success"}'),
    ).toEqual({ title: '✓ Login successful', description: 'Welcome back!', variant: 'success' });
    expect(parsePendingToast('{"title":1}')).toBeNull();
    expect(parsePendingToast('nope')).toBeNull();
    expect(parsePendingToast('{"title":"x","variant":"rainbow"}')).toEqual({ title: 'x' });
  });
});
