import { bodyLimit } from 'hono/body-limit';
import { errorSchema } from '#shared/schemas/auth.js';
import { ExtractRequestSchema, ExtractResponseSchema } from '#shared/schemas/clinical.js';
import { controlCharacterMessage, findControlCharacter } from '../http/control-characters.js';
import { HttpError } from '../http/errors.js';
import { requireUser } from '../http/auth.js';
import { createRouter } from '../http/router.js';
import type { Services } from '../services/index.js';
import { transcriptTooLong } from '../services/notes-service.js';

/** JSON escaping can at most double-and-a-bit a transcript (\uXXXX for control characters); allow for it. */
const BYTES_PER_CHAR_WORST_CASE = 6;
const ENVELOPE_BYTES = 64 * 1024;

/**
 * POST /api/extract   JSON { transcript, preConsultationData?, recordingMetadata?, segments? }  (signed in)
 *   200 { clinicalData, evidence, safetyFlags, warnings? }
 *   400 { error: 'Transcript is required' } for a missing or blank transcript; { error } for other bad fields
 *   413 { error } for a transcript over 200 000 characters (or a body too large to be one)
 *   400 { error } for control characters (NUL, ESC…) anywhere in the body
 *   503 { error } + Retry-After when too many extractions are already waiting for the notes engine
 *   401 { error: 'Not authenticated' }
 */
export function extractRoutes(services: Services) {
  const router = createRouter();
  const { notes, jobs } = services;
  // The handler parses the body itself (so 'Transcript is required' wins over a generic message); the
  // same zod schemas still describe the call in the OpenAPI document.
  router.openAPIRegistry.registerPath({
    method: 'post',
    path: '/extract',
    request: { body: { content: { 'application/json': { schema: ExtractRequestSchema } } } },
    responses: {
      200: {
        description: 'SOAP notes with evidence and safety flags',
        content: { 'application/json': { schema: ExtractResponseSchema } },
      },
      400: {
        description: "'Transcript is required' or another invalid field",
        content: { 'application/json': { schema: errorSchema } },
      },
      401: { description: 'Not authenticated', content: { 'application/json': { schema: errorSchema } } },
      413: { description: 'Transcript too long', content: { 'application/json': { schema: errorSchema } } },
      503: {
        description: 'The notes engine is busy (too many extractions waiting); Retry-After',
        content: { 'application/json': { schema: errorSchema } },
      },
    },
  });
  router.post(
    '/extract',
    requireUser(services),
    bodyLimit({
      maxSize: notes.maxTranscriptChars * BYTES_PER_CHAR_WORST_CASE + ENVELOPE_BYTES,
      onError: (c) => c.json({ error: transcriptTooLong(notes.maxTranscriptChars) }, 413),
    }),
    async (c) => {
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        throw new HttpError(400, 'Malformed JSON body');
      }
      // Checked here, after this route's own size limit (the app-wide check leaves this body alone).
      const control = findControlCharacter(body);
      if (control) throw new HttpError(400, controlCharacterMessage(control.path, control.character));
      const request = notes.parse(body);
      const response = await jobs.extract(request, c.req.raw.signal);
      return c.json(response, 200);
    },
  );
  return router;
}
