import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../http/router.js';
import { transcriptionProviderLabel } from '../providers/transcription/index.js';
import type { Services } from '../services/index.js';

const appInfoSchema = z.object({ name: z.string(), providerName: z.string() });

/** Public facts the shell needs before sign-in: the 'Powered by' name, and a health probe. */
export function metaRoutes(services: Services) {
  const router = createRouter();
  router.openapi(
    createRoute({
      method: 'get',
      path: '/health',
      responses: {
        200: {
          description: 'Alive',
          content: { 'application/json': { schema: z.object({ ok: z.boolean() }) } },
        },
      },
    }),
    (c) => c.json({ ok: true }, 200),
  );
  router.openapi(
    createRoute({
      method: 'get',
      path: '/app-info',
      responses: {
        200: { description: 'Shell facts', content: { 'application/json': { schema: appInfoSchema } } },
      },
    }),
    (c) => c.json({ name: 'VeldVet', providerName: transcriptionProviderLabel(services.config) }, 200),
  );
  return router;
}
