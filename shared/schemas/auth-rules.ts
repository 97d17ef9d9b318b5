import { regexes } from 'zod/v4/core';

/**
 * The sign-in rules without the schemas: the browser's forms check them on the landing bundle, which
 * should not carry zod (issue 19: one e-mail check pulled ~25 KB gzip into the entry chunk). Only zod's
 * e-mail pattern is imported, the one z.email() uses, so browser and API agree on what an address is.
 */

/** Minimum password lengths differ on purpose (spec section 9): 6 at registration, 8 at reset. */
export const REGISTER_PASSWORD_MIN = 6;
export const RESET_PASSWORD_MIN = 8;
/** argon2 work is bounded by capping what a client may send. */
export const PASSWORD_MAX = 256;
/** RFC 5321's limit on a forward path. */
export const EMAIL_MAX = 254;

export const messages = {
  invalidEmail: 'Please enter a valid email address',
  registerPasswordTooShort: `Password must be at least ${REGISTER_PASSWORD_MIN} characters`,
  resetPasswordTooShort: `Password must be at least ${RESET_PASSWORD_MIN} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters`,
  practiceNameRequired: 'Practice name is required',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  tokenRequired: 'Password reset link is missing or invalid',
} as const;

/** What emailSchema accepts (before it lower-cases): trimmed, 1–254 characters, zod's e-mail pattern. */
export function isEmailAddress(text: string): boolean {
  const email = text.trim();
  return email.length > 0 && email.length <= EMAIL_MAX && regexes.email.test(email);
}
