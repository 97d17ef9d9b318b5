import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { apiJson, apiRequest, getQueryFn, messageOf, NetworkError } from '../../lib/api';
import { toast, toastAfterReload } from '../../lib/toastStore';
import { forgetUser, rememberedUser, rememberUser } from './sessionSnapshot';
import { CURRENT_USER_KEY, type AuthResponse, type AuthUser, type ForgotPasswordResponse } from './types';

const fetchMe = getQueryFn<AuthResponse>({ on401: 'returnNull' });

/**
 * How long the session check may take before the device's last confirmed user stands in. On one bar of
 * signal ("lie-fi") a request can hang for minutes; the recorder must never wait on it.
 */
export const SESSION_CHECK_TIMEOUT_MS = 4_000;

/**
 * "Who am I?" — null when signed out (a real 401). When the server cannot be reached or does not answer
 * within SESSION_CHECK_TIMEOUT_MS, falls back to the last confirmed user on this device.
 */
export async function fetchCurrentUser(context: { queryKey: readonly unknown[]; signal?: AbortSignal }) {
  const timeout = AbortSignal.timeout(SESSION_CHECK_TIMEOUT_MS);
  const signal = context.signal ? AbortSignal.any([context.signal, timeout]) : timeout;
  try {
    const response = await fetchMe({ queryKey: context.queryKey, signal });
    if (response?.success && response.user) rememberUser(response.user);
    else forgetUser();
    return response;
  } catch (error) {
    // A timeout rejects with the timeout's reason (a TimeoutError), which the request layer reports as a
    // NetworkError; a cancelled query (AbortError) is rethrown like any other failure.
    const unreachable = error instanceof NetworkError || timeout.aborted;
    const remembered = unreachable ? rememberedUser() : null;
    if (remembered) return remembered;
    throw error;
  }
}

/**
 * The session. With a user confirmed earlier on this device, that user is the query's starting data, so
 * the guarded pages (the recorder first) render at once; the check then runs behind them and only a 401
 * (data becomes null) signs the vet out. Without one, the page waits for the check as before.
 */
export function useCurrentUser() {
  return useQuery(currentUserQuery());
}

/** The session query's options, shared by the hook and by `startSessionCheck`. */
function currentUserQuery() {
  return queryOptions({
    queryKey: CURRENT_USER_KEY,
    queryFn: fetchCurrentUser,
    retry: false,
    initialData: rememberedUser() ?? undefined,
    // The snapshot counts as never fetched: stale, so the check runs once on mount; a confirmed answer
    // stays fresh like every other query (spec section 9).
    initialDataUpdatedAt: 0,
    staleTime: (query) => (query.state.dataUpdatedAt === 0 ? 0 : Infinity),
  });
}

/**
 * Starts the session check before React's first render, for a load that opens on a signed-in page: the
 * guard's useCurrentUser then joins the request in flight instead of sending it after the first commit
 * (issue 19: on /app the answer gated the recorder's first paint). Same options, so a device's remembered
 * user still shows at once.
 */
export function startSessionCheck(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(currentUserQuery());
}

export function isAdmin(user: Pick<AuthUser, 'isAdmin'> | null | undefined): boolean {
  return Boolean(user?.isAdmin);
}

export interface Credentials {
  email: string;
  password: string;
}

export function useLogin() {
  return useMutation({
    mutationFn: (credentials: Credentials) => apiJson<AuthResponse>('POST', '/api/auth/login', credentials),
    onSuccess: (response) => {
      if (response.user) rememberUser(response.user);
      toastAfterReload({ title: '✓ Login successful', description: 'Welcome back!', variant: 'success' });
      // A full load, so nothing cached from the signed-out state survives into the app.
      window.location.assign('/app');
    },
    onError: (error) => {
      toast({
        title: 'Login failed',
        description: messageOf(error, 'Invalid credentials'),
        variant: 'destructive',
      });
    },
  });
}

export interface Registration {
  email: string;
  password: string;
  practiceName: string;
}

export function useRegister() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (registration: Registration) =>
      apiJson<AuthResponse>('POST', '/api/auth/register', registration),
    onSuccess: async (response) => {
      if (response.success && response.user) {
        rememberUser(response.user);
        queryClient.setQueryData(CURRENT_USER_KEY, response);
      } else {
        await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      }
      toast({
        title: '✓ Account created!',
        description: 'Your account has been created successfully.',
        variant: 'success',
      });
      await navigate('/app');
    },
    onError: (error) => {
      toast({
        title: 'Registration failed',
        description: messageOf(error, 'Failed to create account'),
        variant: 'destructive',
      });
    },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/logout'),
    onSuccess: async () => {
      forgetUser();
      // Leave the guarded page first, so it doesn't flash 'Loading...' while its data disappears.
      await navigate('/login', { replace: true });
      queryClient.clear();
    },
    onError: () => {
      toast({ title: 'Logout failed', description: 'Please try again', variant: 'destructive' });
    },
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) =>
      apiJson<ForgotPasswordResponse>('POST', '/api/auth/forgot-password', { email }),
    onSuccess: (response) => {
      toast({
        title: '✓ Reset link sent',
        description: response.message || 'Check your email for password reset instructions.',
        variant: 'success',
      });
    },
    onError: (error) => {
      toast({
        title: 'Error',
        description: messageOf(error, 'Failed to send reset email. Please try again.'),
        variant: 'destructive',
      });
    },
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      apiJson<{ success: boolean }>('POST', '/api/auth/reset-password', body),
    onSuccess: () => {
      toast({
        title: '✓ Password reset successful',
        description: 'You can now login with your new password.',
        variant: 'success',
      });
    },
    onError: (error) => {
      toast({
        title: 'Reset failed',
        description: messageOf(error, 'Invalid or expired reset token. Please request a new password reset.'),
        variant: 'destructive',
      });
    },
  });
}
