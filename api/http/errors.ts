import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { classifyInfrastructureError } from '../../db/errors.js';
import { currentLogger } from '../logging/logger.js';

/** An error whose message is safe to show the client; the body is always `{ error }`. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Not authenticated') => new HttpError(401, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);

/** The first zod issue as one readable sentence, e.g. "email: Invalid email address". */
export function describeZodError(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return `${where}${issue.message}`;
}

/** Maps anything thrown in a handler to a JSON `{ error }`; only genuine bugs become 500, never with details. */
export function handleError(error: Error, c: Context): Response {
  // The request's logger (with its id) inside requestLog; the process logger otherwise.
  const log = currentLogger();
  const where = { method: c.req.method, path: c.req.path };
  if (error instanceof HttpError) {
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    return c.json({ error: error.message }, error.status);
  }
  if (error instanceof ZodError) return c.json({ error: describeZodError(error) }, 400);
  if (error instanceof HTTPException) {
    const status = error.status;
    const message = status === 413 ? 'Request body too large' : error.message || 'Bad request';
    return c.json({ error: message }, status);
  }
  if (error instanceof SyntaxError) return c.json({ error: 'Malformed JSON body' }, 400);
  // The database away, busy or full: not a bug, and the client should retry (or wait for space).
  const failure = classifyInfrastructureError(error);
  if (failure) {
    log.warn({ ...where, kind: failure.kind, reason: error.message }, 'infrastructure failure');
    if (failure.status === 503) c.header('Retry-After', String(failure.retryAfterSeconds));
    return c.json({ error: failure.message }, failure.status);
  }
  log.error({ ...where, err: error }, 'unhandled error');
  return c.json({ error: 'Internal server error' }, 500);
}
