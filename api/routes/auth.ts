import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  authSuccessSchema,
  forgotPasswordRequestSchema,
  forgotPasswordResponseSchema,
  loginRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  successSchema,
} from '#shared/schemas/auth.js';
import { requireUser } from '../http/auth.js';
import { clientAddress } from '../http/client-address.js';
import { errorResponse, json, jsonBody } from '../http/route-helpers.js';
import { createRouter } from '../http/router.js';
import { clearSessionCookie, readSessionToken, setSessionCookie } from '../http/session-cookie.js';
import { authMessages } from '../services/auth-service.js';
import type { Services } from '../services/index.js';

const invalidInput = errorResponse('Invalid input; `error` says which field and why');
const tooManyRequests = {
  ...errorResponse('Rate limited; `error` says how long to wait'),
  headers: {
    'Retry-After': {
      description: 'Seconds until another attempt is allowed',
      schema: { type: 'integer' as const },
    },
  },
};

/** Spec section 7: register, login, logout, me, forgot-password, reset-password. Rules live in AuthService. */
export function authRoutes(services: Services) {
  const router = createRouter();
  const { auth, config } = services;
  const origin = (c: Context) => ({ clientAddress: clientAddress(c, config) });

  router.openapi(
    createRoute({
      method: 'post',
      path: '/register',
      summary: 'Create a practice account and sign it in',
      request: jsonBody(registerRequestSchema),
      responses: {
        200: json(authSuccessSchema, 'Account created; the session cookie is set'),
        400: invalidInput,
        409: errorResponse('The account could not be created (the address may be taken)'),
        429: tooManyRequests,
      },
    }),
    async (c) => {
      const signedIn = await auth.register(c.req.valid('json'), readSessionToken(c), origin(c));
      setSessionCookie(c, config, signedIn.token, signedIn.session.expiresAt, services.clock());
      return c.json({ success: true as const, user: signedIn.user }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/login',
      summary: 'Sign in with e-mail and password',
      request: jsonBody(loginRequestSchema),
      responses: {
        200: json(authSuccessSchema, 'Signed in; a new session cookie is set'),
        400: invalidInput,
        401: errorResponse(authMessages.invalidCredentials),
        429: tooManyRequests,
      },
    }),
    async (c) => {
      const signedIn = await auth.login(c.req.valid('json'), readSessionToken(c), origin(c));
      setSessionCookie(c, config, signedIn.token, signedIn.session.expiresAt, services.clock());
      return c.json({ success: true as const, user: signedIn.user }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/logout',
      summary: 'End the current session',
      responses: {
        200: json(successSchema, 'Signed out (also when there was no session); the cookie is cleared'),
      },
    }),
    async (c) => {
      const token = readSessionToken(c);
      if (token) {
        const session = await services.sessions.validate(token);
        await services.sessions.invalidateToken(token);
        if (session) {
          await services.audit.record({
            actorId: session.user.id,
            actorEmail: session.user.email,
            action: 'auth.logout',
            targetType: 'session',
            ...origin(c),
          });
        }
      }
      clearSessionCookie(c, config);
      return c.json({ success: true as const }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/me',
      summary: 'The signed-in user',
      middleware: [requireUser(services)] as const,
      responses: {
        200: json(authSuccessSchema, 'The signed-in user'),
        401: errorResponse('Not authenticated'),
      },
    }),
    (c) => c.json({ success: true as const, user: c.var.user }, 200),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/forgot-password',
      summary: 'E-mail a password reset link',
      description:
        'The same answer whether or not the address has an account. `resetUrl` only in development.',
      request: jsonBody(forgotPasswordRequestSchema),
      responses: {
        200: json(forgotPasswordResponseSchema, 'Accepted'),
        400: invalidInput,
        429: tooManyRequests,
      },
    }),
    async (c) => {
      const { resetUrl } = await auth.requestPasswordReset(c.req.valid('json').email, origin(c));
      return c.json(
        {
          success: true as const,
          message: authMessages.resetLinkSent,
          ...(config.isDevelopment ? { resetUrl } : {}),
        },
        200,
      );
    },
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/reset-password',
      summary: 'Set a new password with an e-mailed token',
      description: 'Single use, valid for 1 hour; signs the account out everywhere.',
      request: jsonBody(resetPasswordRequestSchema),
      responses: {
        200: json(successSchema, 'Password changed'),
        400: errorResponse(`Invalid input, or: ${authMessages.invalidResetToken}`),
      },
    }),
    async (c) => {
      await auth.resetPassword(c.req.valid('json'), origin(c));
      return c.json({ success: true as const }, 200);
    },
  );

  return router;
}
