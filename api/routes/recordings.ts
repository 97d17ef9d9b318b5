import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { successSchema } from '#shared/schemas/auth.js';
import {
  historyQuerySchema,
  noteVersionsResponseSchema,
  recordingIdParamsSchema,
  recordingListResponseSchema,
  recordingMessages,
  recordingTooLarge,
  recordingResponseSchema,
  saveRecordingRequestSchema,
  saveRecordingResponseSchema,
  searchQuerySchema,
  updateNotesRequestSchema,
  updateNotesResponseSchema,
  uploadMetadataSchema,
  type RecordingMetadataInput,
} from '#shared/schemas/recordings.js';
import { requireUser } from '../http/auth.js';
import type { AppEnv } from '../http/env.js';
import { badRequest, describeZodError } from '../http/errors.js';
import { controlCharacterMessage, findControlCharacter } from '../http/control-characters.js';
import { idempotencyMessages, readIdempotencyKey, withIdempotency } from '../http/idempotency.js';
import { errorResponse, json, jsonBody, limitBody } from '../http/route-helpers.js';
import { createRouter } from '../http/router.js';
import {
  idempotencyHeaders,
  KEPT_UPLOAD_GONE,
  parseSaveMetadata,
  readSaveUploadForm,
  saveUploadAudio,
  saveUploadRequest,
} from './save-upload-form.js';
import type { IncomingAudio } from '../services/recordings-service.js';
import type { Services } from '../services/index.js';

/** The JSON save and the upload share one idempotency scope: either form of the same recording replays. */
const SAVE_ROUTE = 'recordings.save';
/** Room for notes, transcript and the form envelope on top of the audio itself. */
const BODY_OVERHEAD_BYTES = 2 * 1024 * 1024;

/** Every route here can answer these: a malformed id or query, and no session. Routes name their own 400 too. */
const commonErrors = {
  400: errorResponse('Invalid input, e.g. a malformed id or query'),
  401: errorResponse('Not authenticated'),
};

const saveResponses = {
  200: json(saveRecordingResponseSchema, 'Saved (or the recording already saved under this Idempotency-Key)'),
  400: errorResponse(`Invalid input, e.g. '${recordingMessages.missingData}', a forbidden field, bad base64`),
  401: errorResponse('Not authenticated'),
  409: errorResponse(
    `'${idempotencyMessages.inProgress}' (retry after Retry-After), '${recordingMessages.audioChanged}' or '${recordingMessages.deleted}'`,
  ),
  413: errorResponse('The recording is larger than MAX_UPLOAD_BYTES'),
  422: errorResponse(`'${recordingMessages.transitCorrupted}' or '${idempotencyMessages.keyReused}'`),
};

/** A missing field reads exactly as the spec's message; anything else names its field (once). */
function describeInvalid(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return describeZodError(error);
  const field = String(issue.path[0] ?? '');
  if (issue.message === recordingMessages.missingData || (field && issue.message.startsWith(`${field} `))) {
    return issue.message;
  }
  return describeZodError(error);
}

/**
 * Spec section 7 recordings calls plus playback, notes history and soft delete. Every route is scoped to the
 * signed-in practice: another practice's id is 404, the same as an unknown one.
 */
export function recordingsRoutes(services: Services) {
  const router = createRouter();
  const { recordings, config } = services;
  const auth = requireUser(services);
  const maxAudio = config.MAX_UPLOAD_BYTES;
  const tooLarge = recordingTooLarge(maxAudio);
  // base64 is 4/3 of the audio.
  const jsonLimit = limitBody(Math.ceil((maxAudio * 4) / 3) + BODY_OVERHEAD_BYTES, tooLarge);
  const uploadLimit = limitBody(maxAudio + BODY_OVERHEAD_BYTES, tooLarge);

  function saveOnce(
    c: Context<AppEnv>,
    metadata: RecordingMetadataInput,
    audio: IncomingAudio,
  ): Promise<Response> {
    // Read after the route's own size limit, so the app-wide body check leaves these to the route.
    const control = findControlCharacter(metadata);
    if (control) throw badRequest(controlCharacterMessage(control.path, control.character));
    const key = readIdempotencyKey(c);
    return withIdempotency(
      services,
      c,
      SAVE_ROUTE,
      async () => ({ status: 200, body: await recordings.save(c.var.user, metadata, audio, key) }),
      // A changed repeat is the client saving edited notes again: the service turns it into a new version.
      { fingerprint: recordings.saveFingerprint(metadata, audio), onMismatch: 'run' },
    );
  }

  router.openapi(
    createRoute({
      method: 'post',
      path: '/save',
      summary: 'Save a recording with base64 audio (spec section 7)',
      description:
        'Audio goes to the blob store (SHA-256 checked on write); the database keeps its key, hash, size and ' +
        "type. patientName defaults to 'Unknown'. Prefer /save-upload for large recordings.",
      middleware: [auth, jsonLimit] as const,
      request: {
        headers: idempotencyHeaders,
        ...jsonBody(saveRecordingRequestSchema),
      },
      responses: saveResponses,
    }),
    async (c) => {
      const { audioData, ...fields } = c.req.valid('json');
      const audio = recordings.decodeBase64Audio(audioData);
      // A replay is a stored Response rather than a typed one; its body is the same SaveRecordingResponse.
      return (await saveOnce(c, fields, audio)) as never;
    },
    (result, c) => {
      if (!result.success) return c.json({ error: describeInvalid(result.error) }, 400);
    },
  );

  // Documented here, parsed by hand below: the form's own errors read better than a generic validator's.
  router.openAPIRegistry.registerPath(
    createRoute({
      method: 'post',
      path: '/save-upload',
      summary: 'Save a recording as a binary upload',
      description:
        'The same save as /save without base64: 25% smaller and no megabyte JSON string to parse. ' +
        "multipart/form-data with the file in 'audio' and the other fields as JSON text in 'metadata'.",
      request: saveUploadRequest({
        audio: "The recording as recorded; omit it with audioFrom 'transcription'",
        metadata: {
          description: 'JSON text of the /save fields without audioData',
          example: '{"recordedAt":"2025-03-01T08:30:00.000Z","soapNotes":{"subjective":"- Lame left fore"}}',
        },
      }),
      responses: {
        ...saveResponses,
        400: errorResponse(recordingMessages.uploadForm),
        410: errorResponse(KEPT_UPLOAD_GONE),
      },
    }),
  );
  router.post('/save-upload', auth, uploadLimit, async (c) => {
    const form = await readSaveUploadForm(c);
    const parsed = uploadMetadataSchema.safeParse(parseSaveMetadata(form.metadataText));
    if (!parsed.success) throw badRequest(describeInvalid(parsed.error));
    return saveOnce(c, parsed.data, await saveUploadAudio(c, recordings, form));
  });

  router.openapi(
    createRoute({
      method: 'get',
      path: '/history',
      summary: 'Recordings of the practice, newest first, as cards (details: GET /api/recordings/{id})',
      description:
        'Ordered by recordedAt, createdAt (newest first), then id. Page with offset (spec) or, faster at any ' +
        "depth, with cursor: the previous page's nextCursor.",
      middleware: [auth] as const,
      request: { query: historyQuerySchema },
      responses: {
        ...commonErrors,
        200: json(recordingListResponseSchema, 'A page of recordings'),
        400: errorResponse('Bad paging'),
      },
    }),
    async (c) => {
      const { limit, offset, cursor } = c.req.valid('query');
      return c.json(await recordings.history(c.var.user.id, { limit, offset, cursor }), 200);
    },
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/search',
      summary: 'Case-insensitive search on patient name, client name and species',
      middleware: [auth] as const,
      request: { query: searchQuerySchema },
      responses: {
        ...commonErrors,
        200: json(recordingListResponseSchema, 'Matches, newest first, without audio'),
        400: errorResponse(recordingMessages.searchRequired),
      },
    }),
    async (c) => {
      const { q, limit } = c.req.valid('query');
      return c.json(await recordings.search(c.var.user.id, q, limit), 200);
    },
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      summary: 'One recording with every server field, notes parsed, and its audioUrl',
      middleware: [auth] as const,
      request: { params: recordingIdParamsSchema },
      responses: {
        ...commonErrors,
        200: json(recordingResponseSchema, 'The recording'),
        404: errorResponse(recordingMessages.notFound),
      },
    }),
    async (c) => c.json({ recording: await recordings.get(c.var.user.id, c.req.valid('param').id) }, 200),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/{id}/audio',
      summary: 'The audio, for playback; supports HTTP Range',
      description:
        'Content-Type is the stored type (from the bytes). Range: one bytes range (start-end, start-, -suffix) ' +
        "gives 206 with Content-Range; an unsatisfiable or malformed one 416 with 'Content-Range: bytes */size'. " +
        `The SHA-256 is checked before any byte is sent: 422 '${recordingMessages.integrity}' if the store corrupted it.`,
      middleware: [auth] as const,
      request: { params: recordingIdParamsSchema },
      responses: {
        ...commonErrors,
        200: {
          description: 'The whole audio',
          content: { 'audio/*': { schema: z.string().openapi({ format: 'binary' }) } },
        },
        206: {
          description: 'The requested range',
          content: { 'audio/*': { schema: z.string().openapi({ format: 'binary' }) } },
        },
        404: errorResponse(recordingMessages.notFound),
        416: { description: 'Range not satisfiable' },
        422: errorResponse(`'${recordingMessages.integrity}' or '${recordingMessages.audioMissing}'`),
      },
    }),
    async (c) => {
      const audio = await recordings.audio(c.var.user.id, c.req.valid('param').id, {
        range: c.req.header('range'),
        ifRange: c.req.header('if-range'),
        head: c.req.method === 'HEAD',
      });
      return new Response(audio.body, { status: audio.status, headers: audio.headers });
    },
  );

  const notesRoute = (method: 'put' | 'patch') =>
    createRoute({
      method,
      path: '/{id}/notes',
      summary: 'Update the notes (and optionally the transcript); the previous version is kept',
      description:
        'Unchanged notes are a no-op. With baseVersion, a concurrent edit since that version is 409 instead of ' +
        'being overwritten. Every version stays readable at /{id}/notes/versions.',
      middleware: [auth] as const,
      request: {
        params: recordingIdParamsSchema,
        ...jsonBody(updateNotesRequestSchema),
      },
      responses: {
        ...commonErrors,
        200: json(updateNotesResponseSchema, 'The recording with its new notes and notesVersion'),
        400: errorResponse('Invalid notes'),
        404: errorResponse(recordingMessages.notFound),
        409: errorResponse(recordingMessages.notesConflict),
      },
    });
  for (const method of ['put', 'patch'] as const) {
    router.openapi(
      notesRoute(method),
      async (c) => {
        const recording = await recordings.updateNotes(
          c.var.user,
          c.req.valid('param').id,
          c.req.valid('json'),
        );
        return c.json({ success: true as const, recording }, 200);
      },
      (result, c) => {
        if (!result.success) return c.json({ error: describeInvalid(result.error) }, 400);
      },
    );
  }

  router.openapi(
    createRoute({
      method: 'get',
      path: '/{id}/notes/versions',
      summary: 'Every version of the notes, oldest first, with who wrote it and when',
      middleware: [auth] as const,
      request: { params: recordingIdParamsSchema },
      responses: {
        ...commonErrors,
        200: json(noteVersionsResponseSchema, 'Versions 1…notesVersion'),
        404: errorResponse(recordingMessages.notFound),
      },
    }),
    async (c) =>
      c.json({ versions: await recordings.noteVersions(c.var.user.id, c.req.valid('param').id) }, 200),
  );

  router.openapi(
    createRoute({
      method: 'delete',
      path: '/{id}',
      summary: 'Soft-delete a recording',
      description: 'The row and its audio are kept for retention; every read of it answers 404 afterwards.',
      middleware: [auth] as const,
      request: { params: recordingIdParamsSchema },
      responses: {
        ...commonErrors,
        200: json(successSchema, 'Deleted'),
        404: errorResponse(recordingMessages.notFound),
      },
    }),
    async (c) => {
      await recordings.remove(c.var.user.id, c.req.valid('param').id);
      return c.json({ success: true as const }, 200);
    },
  );

  return router;
}
