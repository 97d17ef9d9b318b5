import { createRoute } from '@hono/zod-openapi';
import {
  SUGGESTIONS_MAX_CHARACTERS,
  TranscriptSuggestionsRequestSchema,
  TranscriptSuggestionsResponseSchema,
} from '#shared/schemas/transcript-suggestions.js';
import { requireUser } from '../http/auth.js';
import { errorResponse, json, jsonBody, limitBody } from '../http/route-helpers.js';
import { createRouter } from '../http/router.js';
import { transcriptSuggestions } from '../transcription/prompt-leak.js';
import type { Services } from '../services/index.js';

/**
 * POST /api/transcript/suggestions  { text, hints? }  (signed in)
 *   200 { suggestions: [{ start, end, heard, suggestion }] }: likely mishearings of clinical terms in the
 *       text as the vet is editing it (shared/transcript/lexicon-check.ts), and the term of each of the
 *       transcription's term hints where its word stands; never applied by the server.
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
    (c) => {
      const { text, hints } = c.req.valid('json');
      return c.json({ suggestions: transcriptSuggestions(text, hints) }, 200);
    },
  );
  return router;
}
