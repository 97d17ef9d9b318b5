import type { z } from 'zod';
import type { AuthUser, authSuccessSchema, forgotPasswordResponseSchema } from '#shared/schemas/auth';

export type { AuthUser };

/** GET /api/auth/me, POST /api/auth/login and /register all answer this shape. */
export type AuthResponse = z.infer<typeof authSuccessSchema>;

/** POST /api/auth/forgot-password; resetUrl only in development, so no mail server is needed. */
export type ForgotPasswordResponse = z.infer<typeof forgotPasswordResponseSchema>;

export const CURRENT_USER_KEY = ['/api/auth/me'] as const;
