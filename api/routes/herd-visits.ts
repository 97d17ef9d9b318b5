import { createRoute } from '@hono/zod-openapi';
import {
  animalHistoryQuerySchema,
  animalHistoryResponseSchema,
  herdMessages,
  herdVisitResponseSchema,
  saveHerdVisitMetadataSchema,
  saveHerdVisitResponseSchema,
  splitHerdVisitRequestSchema,
  splitHerdVisitResponseSchema,
} from '#shared/schemas/herd.js';
import { recordingIdParamsSchema, recordingMessages, recordingTooLarge } from '#shared/schemas/recordings.js';
import { requireUser } from '../http/auth.js';
import { badRequest, describeZodError } from '../http/errors.js';
import { readIdempotencyKey } from '../http/idempotency.js';
import { errorResponse, json, jsonBody, limitBody } from '../http/route-helpers.js';
import { createRouter } from '../http/router.js';
import {
  KEPT_UPLOAD_GONE,
  parseSaveMetadata,
  readSaveUploadForm,
  saveUploadAudio,
  saveUploadRequest,
} from './save-upload-form.js';
import type { Services } from '../services/index.js';

/** Room for the herd split, notes and the form envelope on top of the audio itself. */
const BODY_OVERHEAD_BYTES = 4 * 1024 * 1024;

/**
 * Herd and flock visits (issue 20): save a visit with its animals, read it back, and one animal's records
 * across visits at a farm. Scoped to the signed-in practice like every recordings route.
 */
export function herdVisitRoutes(services: Services) {
  const router = createRouter();
  const auth = requireUser(services);
  const { herd } = services;
  const maxAudio = services.config.MAX_UPLOAD_BYTES;
  const uploadLimit = limitBody(maxAudio + BODY_OVERHEAD_BYTES, recordingTooLarge(maxAudio));

  router.openAPIRegistry.registerPath(
    createRoute({
      method: 'post',
      path: '/',
      summary: 'Save a herd or flock visit: one record for the visit and one per animal (parentRecordingId)',
      description:
        "multipart/form-data: the visit's audio in 'audio' (or audioFrom 'transcription'), and in 'metadata' " +
        "the JSON of the /api/recordings/save-upload fields plus 'herd' (group note, treatments, animals). The " +
        'same Idempotency-Key saves the same visit again: changed animals get a new notes version, new ones are ' +
        'added, removed ones deleted.',
      request: saveUploadRequest({
        audio: "The visit's recording; omit it with audioFrom 'transcription'",
        metadata: { description: 'JSON text: save-upload fields plus herd' },
      }),
      responses: {
        200: json(saveHerdVisitResponseSchema, 'The visit and its animals as saved'),
        400: errorResponse(recordingMessages.uploadForm),
        401: errorResponse('Not authenticated'),
        409: errorResponse(recordingMessages.notesConflict),
        410: errorResponse(KEPT_UPLOAD_GONE),
        413: errorResponse('The recording is larger than MAX_UPLOAD_BYTES'),
      },
    }),
  );
  router.post('/', auth, uploadLimit, async (c) => {
    const form = await readSaveUploadForm(c);
    const parsed = saveHerdVisitMetadataSchema.safeParse(parseSaveMetadata(form.metadataText));
    if (!parsed.success) throw badRequest(describeZodError(parsed.error));
    const audio = await saveUploadAudio(c, services.recordings, form);
    return c.json(await herd.save(c.var.user, parsed.data, audio, readIdempotencyKey(c)), 200);
  });

  router.openapi(
    createRoute({
      method: 'post',
      path: '/split',
      summary: 'Split a herd visit transcript into a group entry and one entry per animal (for the review)',
      description:
        'The embedded notes engine (shared/notes/herd.ts): animals by ear tag, number or kind as spoken in ' +
        'English or Afrikaans, findings and treatments (product, dose, route, count, batch) on their entry.',
      middleware: [auth] as const,
      request: jsonBody(splitHerdVisitRequestSchema),
      responses: {
        200: json(splitHerdVisitResponseSchema, 'The split'),
        400: errorResponse('Invalid input'),
        401: errorResponse('Not authenticated'),
        503: errorResponse('The notes engine is busy (Retry-After)'),
      },
    }),
    async (c) => {
      const { transcript, preConsultationData } = c.req.valid('json');
      // Pure CPU like any extraction: on the notes thread, so the event loop keeps serving everyone else.
      const herd = await services.notes.splitHerdVisit({
        transcript,
        ...(preConsultationData ? { preConsultationData } : {}),
      });
      return c.json({ herd }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/animal-history',
      summary: "One animal's records across visits at one farm: 'all records of ewe 231 at this farm'",
      middleware: [auth] as const,
      request: { query: animalHistoryQuerySchema },
      responses: {
        200: json(animalHistoryResponseSchema, 'Newest first'),
        400: errorResponse(`'${herdMessages.farmRequired}' or '${herdMessages.tagRequired}'`),
        401: errorResponse('Not authenticated'),
      },
    }),
    async (c) => {
      const { farm, tag } = c.req.valid('query');
      return c.json({ records: await herd.animalHistory(c.var.user.id, farm, tag) }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      summary: 'A herd visit with its group treatments and its animals',
      middleware: [auth] as const,
      request: { params: recordingIdParamsSchema },
      responses: {
        200: json(herdVisitResponseSchema, 'The visit'),
        400: errorResponse('Malformed id'),
        401: errorResponse('Not authenticated'),
        404: errorResponse(herdMessages.notFound),
      },
    }),
    async (c) => c.json(await herd.get(c.var.user.id, c.req.valid('param').id), 200),
  );

  return router;
}
