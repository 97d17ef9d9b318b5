import { useEffect } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { getQueryFn, NetworkError } from '../../lib/api';
import { forgetUser, parseSnapshot, rememberedUser, rememberUser } from './sessionSnapshot';
import { CURRENT_USER_KEY, type AuthResponse } from './types';

/**
 * How long the session check may take before the device's last confirmed user stands in. On one bar of
 * signal ("lie-fi") a request can hang for minutes; the recorder must never wait on it.
 */
export const SESSION_CHECK_TIMEOUT_MS = 4_000;

export interface SessionState {
  /** The server's answer, the device's remembered user, null after a 401; undefined before any answer. */
  data: AuthResponse | null | undefined;
  /** No answer yet and nothing remembered: the guard shows 'Loading...'. */
  isPending: boolean;
}

const fetchMe = getQueryFn<AuthResponse>({ on401: 'returnNull' });

/**
 * "Who am I?" — null when signed out (a real 401). When the server cannot be reached or does not answer
 * within SESSION_CHECK_TIMEOUT_MS, falls back to the last confirmed user on this device.
 */
async function fetchCurrentUser(): Promise<AuthResponse | null> {
  const timeout = AbortSignal.timeout(SESSION_CHECK_TIMEOUT_MS);
  try {
    const response = await fetchMe({ queryKey: CURRENT_USER_KEY, signal: timeout });
    if (response?.success && response.user) rememberUser(response.user);
    else forgetUser();
    return response;
  } catch (error) {
    // A timeout rejects with the timeout's reason (a TimeoutError), which the request layer reports as a
    // NetworkError.
    const unreachable = error instanceof NetworkError || timeout.aborted;
    const remembered = unreachable ? rememberedUser() : null;
    if (remembered) return remembered;
    throw error;
  }
}

/**
 * The user the server confirmed in this very page (api/app.ts puts a meta tag in the recorder's page when
 * its session cookie is valid): no check is needed on this load.
 */
function confirmedInPage(): AuthResponse | null {
  const content = document.querySelector('meta[name="veldvet-session"]')?.getAttribute('content');
  const confirmed = content ? parseSnapshot(content) : null;
  if (confirmed?.user) rememberUser(confirmed.user);
  return confirmed;
}

/** Before any answer: the user confirmed earlier on this device, shown at once while the check runs behind. */
function startingState(): SessionState {
  const remembered = rememberedUser();
  return remembered ? { data: remembered, isPending: false } : { data: undefined, isPending: true };
}

/**
 * The session, kept out of the data layer (TanStack Query) so that the shell and the recorder, which need
 * only this, do not load it (issue 19: the precached JavaScript). One check per page load; a later change
 * (sign-in, registration, the practice name) sets or refreshes it.
 */
const inPage = confirmedInPage();
const sessionStore = createStore<SessionState>(() =>
  inPage ? { data: inPage, isPending: false } : startingState(),
);
let check: Promise<void> | undefined = inPage ? Promise.resolve() : undefined;

/**
 * Asks the server once per page load (later calls join the first), or again with `fresh`. A failed check
 * keeps what is shown — the remembered user stays signed in — and without one the guard sends the vet to
 * sign in; only a 401 (null) signs a remembered user out.
 */
export function startSessionCheck({ fresh = false }: { fresh?: boolean } = {}): Promise<void> {
  if (check && !fresh) return check;
  const current = (check = fetchCurrentUser().then(
    (data) => {
      if (check === current) sessionStore.setState({ data, isPending: false });
    },
    () => {
      if (check === current) sessionStore.setState({ isPending: false });
    },
  ));
  return current;
}

/** The answer of a registration, which signs the new vet in without a page load. */
export function setSession(data: AuthResponse): void {
  check = Promise.resolve();
  sessionStore.setState({ data, isPending: false });
}

/** The session for the route guard and the pages; starts the check when the first of them mounts. */
export function useCurrentUser(): SessionState {
  const state = useStore(sessionStore);
  useEffect(() => void startSessionCheck(), []);
  return state;
}
