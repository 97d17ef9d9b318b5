import { useNavigate } from 'react-router-dom';
import { apiJson, apiRequest, messageOf } from '../../lib/api';
import { toast, toastAfterReload } from '../../lib/toastStore';
import { useAction } from '../../lib/useAction';
import { setSession, startSessionCheck } from './session';
import { forgetUser, rememberUser } from './sessionSnapshot';
import type { AuthResponse, AuthUser, ForgotPasswordResponse } from './types';

export { startSessionCheck, useCurrentUser } from './session';

export function isAdmin(user: Pick<AuthUser, 'isAdmin'> | null | undefined): boolean {
  return Boolean(user?.isAdmin);
}

export interface Credentials {
  email: string;
  password: string;
}

export function useLogin() {
  return useAction(
    (credentials: Credentials) => apiJson<AuthResponse>('POST', '/api/auth/login', credentials),
    {
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
    },
  );
}

export interface Registration {
  email: string;
  password: string;
  practiceName: string;
}

export function useRegister() {
  const navigate = useNavigate();
  return useAction(
    (registration: Registration) => apiJson<AuthResponse>('POST', '/api/auth/register', registration),
    {
      onSuccess: async (response) => {
        if (response.success && response.user) {
          rememberUser(response.user);
          setSession(response);
        } else {
          await startSessionCheck({ fresh: true });
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
    },
  );
}

export function useLogout() {
  return useAction((_: void) => apiRequest('POST', '/api/auth/logout'), {
    onSuccess: () => {
      forgetUser();
      // A full load, as after signing in: nothing the signed-in pages fetched or cached in memory survives.
      window.location.replace('/login');
    },
    onError: () => {
      toast({ title: 'Logout failed', description: 'Please try again', variant: 'destructive' });
    },
  });
}

export function useForgotPassword() {
  return useAction(
    (email: string) => apiJson<ForgotPasswordResponse>('POST', '/api/auth/forgot-password', { email }),
    {
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
    },
  );
}

export function useResetPassword() {
  return useAction(
    (body: { token: string; password: string }) =>
      apiJson<{ success: boolean }>('POST', '/api/auth/reset-password', body),
    {
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
          description: messageOf(
            error,
            'Invalid or expired reset token. Please request a new password reset.',
          ),
          variant: 'destructive',
        });
      },
    },
  );
}
