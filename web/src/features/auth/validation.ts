import {
  isEmailAddress,
  messages,
  REGISTER_PASSWORD_MIN,
  RESET_PASSWORD_MIN,
} from '#shared/schemas/auth-rules';

/** A validation failure, shown as a toast: title + description exactly as spec section 5 words them. */
export interface FormProblem<Field extends string = string> {
  title: string;
  description: string;
  /** The field to put focus on, so keyboard and screen-reader users land where the fix is. */
  field: Field;
}

/**
 * The server's own rule (emailSchema's z.email() uses the same zod pattern), so the browser never accepts
 * what the API would refuse — without bringing zod into the first page (issue 19).
 */
export function isValidEmail(email: string): boolean {
  return isEmailAddress(email);
}

export interface RegistrationValues {
  practiceName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export function validateRegistration(
  values: RegistrationValues,
): FormProblem<keyof RegistrationValues> | null {
  const order: (keyof RegistrationValues)[] = ['practiceName', 'email', 'password', 'confirmPassword'];
  const empty = order.find((field) => values[field].trim() === '');
  if (empty) return { title: 'Missing fields', description: 'Please fill in all fields', field: empty };
  if (values.password !== values.confirmPassword) {
    return { title: 'Password mismatch', description: 'Passwords do not match', field: 'confirmPassword' };
  }
  if (values.password.length < REGISTER_PASSWORD_MIN) {
    return { title: 'Password too short', description: messages.registerPasswordTooShort, field: 'password' };
  }
  if (!isValidEmail(values.email)) {
    return { title: 'Invalid email', description: messages.invalidEmail, field: 'email' };
  }
  return null;
}

export function validateForgotPassword(email: string): FormProblem<'email'> | null {
  if (email.trim() === '')
    return { title: 'Email required', description: 'Please enter your email address', field: 'email' };
  if (!isValidEmail(email))
    return { title: 'Invalid email', description: messages.invalidEmail, field: 'email' };
  return null;
}

export interface ResetPasswordValues {
  token: string | null;
  password: string;
  confirmPassword: string;
}

export function validateResetPassword(
  values: ResetPasswordValues,
): FormProblem<'password' | 'confirmPassword' | 'token'> | null {
  if (!hasResetToken(values.token)) {
    return { title: 'Invalid link', description: messages.tokenRequired, field: 'token' };
  }
  if (values.password === '' || values.confirmPassword === '') {
    return {
      title: 'Missing fields',
      description: 'Please fill in all fields',
      field: values.password === '' ? 'password' : 'confirmPassword',
    };
  }
  if (values.password.length < RESET_PASSWORD_MIN) {
    return { title: 'Password too short', description: messages.resetPasswordTooShort, field: 'password' };
  }
  if (values.password !== values.confirmPassword) {
    return {
      title: "Passwords don't match",
      description: 'Please make sure both passwords are the same',
      field: 'confirmPassword',
    };
  }
  return null;
}

export function hasResetToken(token: string | null): token is string {
  return token !== null && token.trim() !== '';
}
