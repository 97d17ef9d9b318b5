import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { apiJson, apiRequest, getQueryFn, messageOf, NetworkError } from '../../lib/api';
import { toast, toastAfterReload } from '../../lib/toastStore';
import { forgetUser, rememberedUser, rememberUser } from './sessionSnapshot';
import { CURRENT_USER_KEY, type AuthResponse, type AuthUser, type ForgotPasswordResponse } from './types';

const fetchMe = getQueryFn<AuthResponse>({ on401: 'returnNull' });

/** "Who am I?" — null when signed out. Offline, falls back to the last confirmed user on this device. */
export async function fetchCurrentUser(context: { queryKey: readonly unknown[]; signal?: AbortSignal }) {
  try {
    const response = await fetchMe(context);
    if (response?.success && response.user) rememberUser(response.user);
    else forgetUser();
    return response;
  } catch (error) {
    const remembered = error instanceof NetworkError ? rememberedUser() : null;
    if (remembered) return remembered;
    throw error;
  }
}

export function useCurrentUser() {
  return useQuery({ queryKey: CURRENT_USER_KEY, queryFn: fetchCurrentUser, retry: false });
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
