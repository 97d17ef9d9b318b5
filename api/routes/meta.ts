import { createRoute, z } from '@hono/zod-openapi';
import { healthSchema } from '#shared/schemas/meta.js';
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
          description: 'Alive, and the upload limits a client checks before it uploads',
          content: { 'application/json': { schema: healthSchema } },
        },
      },
    }),
    (c) =>
      c.json(
        {
          ok: true,
          limits: {
            transcribeAudioBytes: services.config.MAX_AUDIO_BYTES,
            recordingAudioBytes: services.config.MAX_UPLOAD_BYTES,
            audioSeconds: services.config.MAX_AUDIO_SECONDS,
          },
        },
        200,
      ),
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
