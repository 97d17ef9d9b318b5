import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../components/ui/Button';
import { TextField } from '../components/ui/Field';
import { Spinner } from '../components/ui/Spinner';
import { useRegister } from '../features/auth/api';
import { AuthLayout, authStyles } from '../features/auth/AuthLayout';
import { useFormProblems } from '../features/auth/formProblems';
import { validateRegistration, type RegistrationValues } from '../features/auth/validation';
import { REGISTER_PASSWORD_MIN } from '#shared/schemas/auth-rules';

const emptyRegistration: RegistrationValues = {
  practiceName: '',
  email: '',
  password: '',
  confirmPassword: '',
};

/** Create a practice account. Validation messages are the spec's toasts, so the browser's own are off. */
export function RegisterPage() {
  const register = useRegister();
  const [values, setValues] = useState(emptyRegistration);
  const problems = useFormProblems<keyof RegistrationValues>();
  const busy = register.isPending;

  function update(field: keyof RegistrationValues, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (problems.invalidField === field) problems.clear();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = validateRegistration(values);
    if (problem) {
      problems.report(event.currentTarget, problem);
      return;
    }
    register.mutate({
      practiceName: values.practiceName.trim(),
      email: values.email.trim(),
      password: values.password,
    });
  }

  return (
    <AuthLayout
      title="Create your practice account"
      description="Register your practice to start recording consultations."
      footer={
        <>
          Already have an account? <Link to="/login">Sign in</Link>
        </>
      }
    >
      <form className={authStyles.form} onSubmit={handleSubmit} noValidate aria-busy={busy}>
        <TextField
          label="Practice name"
          name="practiceName"
          autoComplete="organization"
          required
          value={values.practiceName}
          invalid={problems.invalidField === 'practiceName'}
          onChange={(event) => update('practiceName', event.target.value)}
          placeholder="e.g. Karoo Veterinary Clinic"
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={values.email}
          invalid={problems.invalidField === 'email'}
          onChange={(event) => update('email', event.target.value)}
          placeholder="vet@practice.co.za"
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint={`At least ${REGISTER_PASSWORD_MIN} characters`}
          value={values.password}
          invalid={problems.invalidField === 'password'}
          onChange={(event) => update('password', event.target.value)}
        />
        <TextField
          label="Confirm password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          value={values.confirmPassword}
          invalid={problems.invalidField === 'confirmPassword'}
          onChange={(event) => update('confirmPassword', event.target.value)}
        />
        <div className={authStyles.actions}>
          <Button type="submit" size="lg" block disabled={busy}>
            {busy ? (
              <>
                <Spinner /> Creating account...
              </>
            ) : (
              'Create Account'
            )}
          </Button>
        </div>
      </form>
    </AuthLayout>
  );
}
