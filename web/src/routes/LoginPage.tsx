import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../components/ui/Button';
import { TextField } from '../components/ui/Field';
import { Spinner } from '../components/ui/Spinner';
import { useLogin } from '../features/auth/api';
import { AuthLayout, authStyles } from '../features/auth/AuthLayout';

/** Sign in. Required fields and e-mail format are checked by the browser (spec section 5). */
export function LoginPage() {
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // A successful sign-in reloads the page; keep the button locked until the browser navigates away.
  const busy = login.isPending || login.isSuccess;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    login.mutate({ email: email.trim(), password });
  }

  return (
    <AuthLayout
      title="Sign in"
      description="Welcome back. Sign in to your practice account."
      footer={
        <>
          Don&apos;t have an account? <Link to="/register">Sign up</Link>
        </>
      }
    >
      <form className={authStyles.form} onSubmit={handleSubmit} aria-busy={busy}>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          placeholder="vet@practice.co.za"
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          labelAside={
            <Link to="/forgot-password" className={authStyles.smallLink}>
              Forgot password?
            </Link>
          }
        />
        <div className={authStyles.actions}>
          <Button type="submit" size="lg" block disabled={busy}>
            {busy ? (
              <>
                <Spinner /> Signing in...
              </>
            ) : (
              'Sign In'
            )}
          </Button>
        </div>
      </form>
    </AuthLayout>
  );
}
