import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { MailIcon } from '../components/icons';
import { Button, ButtonLink } from '../components/ui/Button';
import { TextField } from '../components/ui/Field';
import { Spinner } from '../components/ui/Spinner';
import { useForgotPassword } from '../features/auth/api';
import { AuthLayout, authStyles } from '../features/auth/AuthLayout';
import { useFormProblems } from '../features/auth/formProblems';
import { validateForgotPassword } from '../features/auth/validation';

/** Request a reset link; afterwards the form gives way to the 'Check your email' confirmation. */
export function ForgotPasswordPage() {
  const forgotPassword = useForgotPassword();
  const [email, setEmail] = useState('');
  const problems = useFormProblems<'email'>();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = validateForgotPassword(email);
    if (problem) {
      problems.report(event.currentTarget, problem);
      return;
    }
    forgotPassword.mutate(email.trim());
  }

  if (forgotPassword.isSuccess) {
    const { resetUrl } = forgotPassword.data;
    return (
      <AuthLayout>
        <div className={authStyles.status} role="status">
          <span className={authStyles.statusIcon}>
            <MailIcon size={28} />
          </span>
          <h1>Check your email</h1>
          <p className={authStyles.statusText}>
            If an account exists for <strong>{forgotPassword.variables}</strong>, we&apos;ve sent a link to
            reset your password. The link expires in 1 hour.
          </p>
          {resetUrl && (
            <p className={authStyles.devNote}>
              Development mode: <a href={resetUrl}>open the reset link</a>
            </p>
          )}
          <div className={authStyles.statusActions}>
            <ButtonLink to="/login" size="lg" block>
              Return to Login
            </ButtonLink>
          </div>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Forgot password?"
      description="Enter the email address of your practice account and we'll send you a link to reset your password."
      footer={
        <>
          Remembered it? <Link to="/login">Back to sign in</Link>
        </>
      }
    >
      <form
        className={authStyles.form}
        onSubmit={handleSubmit}
        noValidate
        aria-busy={forgotPassword.isPending}
      >
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          invalid={problems.invalidField === 'email'}
          onChange={(event) => {
            setEmail(event.target.value);
            problems.clear();
          }}
          placeholder="vet@practice.co.za"
        />
        <div className={authStyles.actions}>
          <Button type="submit" size="lg" block disabled={forgotPassword.isPending}>
            {forgotPassword.isPending ? (
              <>
                <Spinner /> Sending...
              </>
            ) : (
              'Send Reset Link'
            )}
          </Button>
        </div>
      </form>
    </AuthLayout>
  );
}
