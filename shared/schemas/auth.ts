import { z } from 'zod';
import { practiceNameSchema } from './practice-name.js';
import {
  EMAIL_MAX,
  messages,
  PASSWORD_MAX,
  REGISTER_PASSWORD_MIN,
  RESET_PASSWORD_MIN,
} from './auth-rules.js';

// The rules live in a zod-free module so the browser's forms can use them without zod (issue 19).
export { messages, PASSWORD_MAX, REGISTER_PASSWORD_MIN, RESET_PASSWORD_MIN } from './auth-rules.js';

/** Trimmed, lower-cased e-mail: uniqueness is case-insensitive. */
export const emailSchema = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .max(EMAIL_MAX, messages.invalidEmail)
  .pipe(z.email({ error: messages.invalidEmail }))
  .transform((email) => email.toLowerCase());

export const registerRequestSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: messages.passwordRequired })
    .min(REGISTER_PASSWORD_MIN, messages.registerPasswordTooShort)
    .max(PASSWORD_MAX, messages.passwordTooLong),
  // The same rule as Settings (shared/schemas/practice-name.ts): one line of plain text.
  practiceName: practiceNameSchema,
});

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: messages.passwordRequired })
    .min(1, messages.passwordRequired)
    .max(PASSWORD_MAX),
});

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });

export const resetPasswordRequestSchema = z.object({
  token: z.string({ error: messages.tokenRequired }).trim().min(1, messages.tokenRequired).max(200),
  password: z
    .string({ error: messages.passwordRequired })
    .min(RESET_PASSWORD_MIN, messages.resetPasswordTooShort)
    .max(PASSWORD_MAX, messages.passwordTooLong),
});

export const authUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  practiceName: z.string().nullable(),
  isAdmin: z.number().int().min(0).max(1),
});

export const authSuccessSchema = z.object({ success: z.literal(true), user: authUserSchema });
export const successSchema = z.object({ success: z.literal(true) });
export const forgotPasswordResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Only in development mode, so a developer can follow the link without a mail server. */
  resetUrl: z.string().optional(),
});
export const errorSchema = z.object({ error: z.string() });

export type AuthUser = z.infer<typeof authUserSchema>;
export type RegisterRequest = z.infer<typeof registerRequestSchema>;
export type LoginRequest = z.infer<typeof loginRequestSchema>;
