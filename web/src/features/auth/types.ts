import type { AuthUser } from '../../../../shared/schemas/auth';

export type { AuthUser };

/** GET /api/auth/me, POST /api/auth/login and /register all answer this shape. */
export interface AuthResponse {
  success: boolean;
  user: AuthUser;
}

export interface ForgotPasswordResponse {
  success: boolean;
  message?: string;
  /** Only in development: lets a developer follow the link without a mail server. */
  resetUrl?: string;
}

export const CURRENT_USER_KEY = ['/api/auth/me'] as const;
