import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './env.js';
import { describeZodError } from './errors.js';

/**
 * A router whose zod-validated routes answer bad input with the app's `{ error }` shape and status 400,
 * and whose schemas feed the OpenAPI document.
 */
export function createRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return c.json({ error: describeZodError(result.error) }, 400);
    },
  });
}
