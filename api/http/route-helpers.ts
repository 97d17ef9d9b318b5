import type { z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { errorSchema } from '#shared/schemas/auth.js';
import { badRequest } from './errors.js';

/**
 * The pieces every route file needs to declare and read a request: OpenAPI response and body shapes, the
 * `{ error }` answer, a size limit and a multipart reader. One copy here, so the declared document and the
 * behaviour of every route stay alike.
 */

/** An OpenAPI response with a JSON body of `schema`. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** An `{ error }` response: the app's one error shape. */
export const errorResponse = (description: string) => json(errorSchema, description);

/** A required JSON request body: a missing or non-JSON body is a 400, not silently skipped validation. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});

/** A required multipart/form-data request body (declared for the document; read with readMultipart). */
export const multipartBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'multipart/form-data': { schema } }, required: true },
});

/** The one 413 text of the app-wide limits: `{ error }`, naming the limit. */
export function bodyTooLarge(limitBytes: number): string {
  const size =
    limitBytes >= 1024 * 1024
      ? `${Math.round(limitBytes / 104_857.6) / 10} MB`
      : `${Math.round(limitBytes / 1024)} KB`;
  return `The request is too large (limit ${size})`;
}

/**
 * Refuses a body over `maxSize` bytes with 413 `{ error: message }`: at once from Content-Length, or, for a
 * chunked body, as soon as the bytes read pass the limit (nothing beyond it is buffered).
 */
export function limitBody(maxSize: number, message: string = bodyTooLarge(maxSize)): MiddlewareHandler {
  return bodyLimit({
    maxSize,
    onError: (c) => {
      // The rest of the body is never read; closing the connection keeps the client from reusing a socket
      // that still carries it (the next request on it would fail), and stops the server draining it.
      c.header('Connection', 'close');
      return c.json({ error: message }, 413);
    },
  });
}

export interface MultipartMessages {
  /** The request is not multipart/form-data. */
  notMultipart: string;
  /** It claims to be, but cannot be parsed. */
  unreadable: string;
}

/**
 * The fields of a multipart/form-data body (the last value of a repeated field). Refusals are 400s with the
 * route's own words; `refuse` lets a route raise its own error type instead of HttpError.
 */
export async function readMultipart(
  c: Context,
  messages: MultipartMessages,
  refuse: (message: string) => Error = badRequest,
): Promise<Record<string, string | File>> {
  if (!/^multipart\/form-data/i.test(c.req.header('content-type') ?? '')) throw refuse(messages.notMultipart);
  try {
    return await c.req.parseBody({ all: false });
  } catch {
    throw refuse(messages.unreadable);
  }
}
