import { createRoute } from '@hono/zod-openapi';
import {
  SUGGESTIONS_MAX_CHARACTERS,
  TranscriptSuggestionsRequestSchema,
  TranscriptSuggestionsResponseSchema,
} from '#shared/schemas/transcript-suggestions.js';
import { findMishearings } from '#shared/transcript/lexicon-check.js';
import { requireUser } from '../http/auth.js';
import { errorResponse, json, jsonBody, limitBody } from '../http/route-helpers.js';
import { createRouter } from '../http/router.js';
import { isEnglishWord } from '../transcription/english-words.js';
import type { Services } from '../services/index.js';

/**
 * POST /api/transcript/suggestions  { text }  (signed in)
 *   200 { suggestions: [{ start, end, heard, suggestion }] }: likely mishearings of clinical terms in the
 *       text as the vet is editing it (shared/transcript/lexicon-check.ts), never applied by the server.
 *   400 { error } for a missing or too long text; 401 when not signed in.
 */
export function transcriptSuggestionsRoutes(services: Services) {
  const router = createRouter();
  router.use('/transcript/suggestions', requireUser(services));
  router.use(
    '/transcript/suggestions',
    // JSON escaping can make a text up to six bytes a character; anything larger is not a transcript.
    limitBody(SUGGESTIONS_MAX_CHARACTERS * 6 + 1024, 'The transcript is too long'),
  );
  router.openapi(
    createRoute({
      method: 'post',
      path: '/transcript/suggestions',
      summary: 'Likely mishearings of clinical terms in a transcript, with the term each probably is',
      request: jsonBody(TranscriptSuggestionsRequestSchema),
      responses: {
        200: json(TranscriptSuggestionsResponseSchema, 'Suggestions, in text order'),
        400: errorResponse('Missing or invalid text'),
        401: errorResponse('Not authenticated'),
        413: errorResponse('Transcript too long'),
      },
    }),
    (c) => c.json({ suggestions: findMishearings(c.req.valid('json').text, { isWord: isEnglishWord }) }, 200),
  );
  return router;
}
