import { createRoute } from '@hono/zod-openapi';
import {
  PracticeSettingsSchema,
  TestEmailRequestSchema,
  TestEmailResponseSchema,
  UpdatePracticeSettingsSchema,
} from '#shared/schemas/settings.js';
import { requireUser } from '../http/auth.js';
import { errorResponse, json, jsonBody } from '../http/route-helpers.js';
import { createRouter } from '../http/router.js';
import type { Services } from '../services/index.js';

const notAuthenticated = errorResponse('Not authenticated');

/** Practice settings (spec sections 3 and 5). Secrets go in, never out: only hasEmailPassword comes back. */
export function settingsRoutes(services: Services) {
  const router = createRouter();
  router.use('/practice', requireUser(services));
  router.use('/practice/*', requireUser(services));

  router.openapi(
    createRoute({
      method: 'get',
      path: '/practice',
      summary: "The practice's settings (without secrets)",
      responses: { 200: json(PracticeSettingsSchema, 'Settings'), 401: notAuthenticated },
    }),
    async (c) => c.json(await services.settings.get(c.var.user.id), 200),
  );

  router.openapi(
    createRoute({
      method: 'put',
      path: '/practice',
      summary: "Change the practice's settings; absent fields are kept",
      request: jsonBody(UpdatePracticeSettingsSchema),
      responses: {
        200: json(PracticeSettingsSchema, 'Saved'),
        400: errorResponse('Invalid field, or an SMTP host/port that is not allowed'),
        401: notAuthenticated,
        503: errorResponse('Secrets cannot be stored: no SETTINGS_ENCRYPTION_KEY'),
      },
    }),
    async (c) => c.json(await services.settings.update(c.var.user.id, c.req.valid('json')), 200),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/practice/test-email',
      summary: "Send a test e-mail through the practice's own account",
      request: {
        body: { content: { 'application/json': { schema: TestEmailRequestSchema } }, required: false },
      },
      responses: {
        200: json(TestEmailResponseSchema, 'Accepted by the practice mail server'),
        400: errorResponse('No practice account configured, or the host is not allowed'),
        401: notAuthenticated,
        502: errorResponse('The practice mail server refused; `error` carries its reason'),
      },
    }),
    async (c) => {
      const { to } = await services.settings.sendTestEmail(c.var.user.id, c.req.valid('json')?.to);
      return c.json({ success: true as const, to }, 200);
    },
  );

  return router;
}
