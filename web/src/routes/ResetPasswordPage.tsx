import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AlertCircleIcon, CheckCircleIcon } from '../components/icons';
import { Button, ButtonLink } from '../components/ui/Button';
import { TextField } from '../components/ui/Field';
import { Spinner } from '../components/ui/Spinner';
import { useResetPassword } from '../features/auth/api';
import { AuthLayout, authStyles } from '../features/auth/AuthLayout';
import { useFormProblems } from '../features/auth/formProblems';
import { hasResetToken, validateResetPassword } from '../features/auth/validation';
import { toast } from '../lib/toastStore';
import { RESET_PASSWORD_MIN } from '#shared/schemas/auth-rules';

type ResetField = 'password' | 'confirmPassword' | 'token';

/** Set a new password with the token from the e-mailed link (?token=...). */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const resetPassword = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const problems = useFormProblems<ResetField>();

  if (!hasResetToken(token)) return <InvalidResetLink />;
  if (resetPassword.isSuccess) return <ResetSucceeded />;
  const resetToken: string = token.trim();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = validateResetPassword({ token: resetToken, password, confirmPassword });
    if (problem) {
      problems.report(event.currentTarget, problem);
      return;
    }
    resetPassword.mutate({ token: resetToken, password });
  }

  return (
    <AuthLayout
      title="Set a new password"
      description="Choose a new password for your practice account."
      footer={<Link to="/login">Back to sign in</Link>}
    >
      <form
        className={authStyles.form}
        onSubmit={handleSubmit}
        noValidate
        aria-busy={resetPassword.isPending}
      >
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint={`At least ${RESET_PASSWORD_MIN} characters`}
          value={password}
          invalid={problems.invalidField === 'password'}
          onChange={(event) => {
            setPassword(event.target.value);
            problems.clear();
          }}
        />
        <TextField
          label="Confirm new password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          value={confirmPassword}
          invalid={problems.invalidField === 'confirmPassword'}
          onChange={(event) => {
            setConfirmPassword(event.target.value);
            problems.clear();
          }}
        />
        <div className={authStyles.actions}>
          <Button type="submit" size="lg" block disabled={resetPassword.isPending}>
            {resetPassword.isPending ? (
              <>
                <Spinner /> Resetting...
              </>
            ) : (
              'Reset Password'
            )}
          </Button>
        </div>
      </form>
    </AuthLayout>
  );
}

function InvalidResetLink() {
  // Once per visit: StrictMode runs effects twice on the same instance, and refs survive that.
  const toastShown = useRef(false);
  // Spec section 5: a missing token gives the toast 'Invalid link' / 'Password reset link is missing or
  // invalid', and section 2 the 'Invalid Reset Link' card: both are shown.
  useEffect(() => {
    if (toastShown.current) return;
    toastShown.current = true;
    const problem = validateResetPassword({ token: null, password: '', confirmPassword: '' });
    if (problem) toast({ title: problem.title, description: problem.description, variant: 'destructive' });
  }, []);
  return (
    <AuthLayout>
      <div className={authStyles.status}>
        <span className={`${authStyles.statusIcon} ${authStyles.statusIconDanger}`}>
          <AlertCircleIcon size={28} />
        </span>
        <h1>Invalid Reset Link</h1>
        <p className={authStyles.statusText}>
          This password reset link is missing or invalid. Reset links expire after 1 hour; request a new one
          to continue.
        </p>
        <div className={authStyles.statusActions}>
          <ButtonLink to="/forgot-password" size="lg" block>
            Request New Link
          </ButtonLink>
          <ButtonLink to="/login" variant="ghost" block>
            Back to sign in
          </ButtonLink>
        </div>
      </div>
    </AuthLayout>
  );
}

function ResetSucceeded() {
  return (
    <AuthLayout>
      <div className={authStyles.status} role="status">
        <span className={`${authStyles.statusIcon} ${authStyles.statusIconSuccess}`}>
          <CheckCircleIcon size={28} />
        </span>
        <h1>Password Reset Successful!</h1>
        <p className={authStyles.statusText}>Your password has been changed. You can now sign in with it.</p>
        <div className={authStyles.statusActions}>
          <ButtonLink to="/login" size="lg" block>
            Go to Login
          </ButtonLink>
        </div>
      </div>
    </AuthLayout>
  );
}
