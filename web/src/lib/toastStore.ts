import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { SESSION_KEYS } from '../data/storage-keys';

/** Spec section 9: one toast at a time, shown 5 s, removed from memory 1,000,000 ms after dismissal. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  action?: { label: string; onSelect: () => void };
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

export interface ToastState {
  toasts: ToastItem[];
}

export type ToastEvent =
  { type: 'add'; toast: ToastItem } | { type: 'dismiss'; id?: string } | { type: 'remove'; id?: string };

/** Pure: the newest toast goes first and pushes older ones out beyond the limit. */
export function toastReducer(state: ToastState, event: ToastEvent): ToastState {
  switch (event.type) {
    case 'add':
      return { toasts: [event.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'dismiss':
      return {
        toasts: state.toasts.map((toast) =>
          event.id === undefined || toast.id === event.id ? { ...toast, open: false } : toast,
        ),
      };
    case 'remove':
      return { toasts: event.id === undefined ? [] : state.toasts.filter((toast) => toast.id !== event.id) };
  }
}

const toastStore = createStore<ToastState>(() => ({ toasts: [] }));
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let nextId = 0;

function dispatch(event: ToastEvent): void {
  toastStore.setState((state) => toastReducer(state, event), true);
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      dispatch({ type: 'remove', id });
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function dismissToast(id?: string): void {
  const ids = id === undefined ? toastStore.getState().toasts.map((toast) => toast.id) : [id];
  dispatch({ type: 'dismiss', id });
  ids.forEach(scheduleRemoval);
}

/** Shows a toast, replacing whatever is on screen. Returns its id. */
export function toast(input: ToastInput): string {
  nextId = (nextId + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(nextId);
  dispatch({ type: 'add', toast: { ...input, id, open: true } });
  return id;
}

export function useToasts(): ToastItem[] {
  return useStore(toastStore, (state) => state.toasts);
}

const PENDING_TOAST_KEY = SESSION_KEYS.pendingToast;

/**
 * For flows that end in a full page load (sign-in reloads to /app): the toast is kept in sessionStorage
 * and shown by the next page, otherwise the reload would wipe it before anyone could read it.
 */
export function toastAfterReload(input: Omit<ToastInput, 'action'>): void {
  try {
    sessionStorage.setItem(PENDING_TOAST_KEY, JSON.stringify(input));
  } catch {
    toast(input);
  }
}

export function showPendingToast(): void {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(PENDING_TOAST_KEY);
    sessionStorage.removeItem(PENDING_TOAST_KEY);
  } catch {
    return;
  }
  if (raw === null) return;
  const pending = parsePendingToast(raw);
  if (pending) toast(pending);
}

export function parsePendingToast(raw: string): Omit<ToastInput, 'action'> | null {
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { title, description, variant } = value as Record<string, unknown>;
    if (typeof title !== 'string') return null;
    return {
      title,
      ...(typeof description === 'string' ? { description } : {}),
      ...(variant === 'success' || variant === 'destructive' || variant === 'default' ? { variant } : {}),
    };
  } catch {
    return null;
  }
}

/** The current toasts outside React (tests, debugging). */
export function peekToasts(): readonly ToastItem[] {
  return toastStore.getState().toasts;
}
