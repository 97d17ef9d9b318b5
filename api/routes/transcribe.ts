import { createHash, randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { audioTooLargeMessage } from '#shared/format/audio-limit.js';
import { errorSchema } from '#shared/schemas/auth.js';
import { TranscribeAcceptedSchema, TranscribeResponseSchema } from '#shared/schemas/transcribe.js';
import type { AppEnv } from '../http/env.js';
import { requireUser } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { readIdempotencyKey, withIdempotency } from '../http/idempotency.js';
import { createRouter } from '../http/router.js';
import { BUSY_RETRY_AFTER_SECONDS, describeFailure, JobFailedError, RUNNING_MESSAGE } from '../jobs/index.js';
import { JOB_ID_PATTERN } from '../transcription/progress.js';
import { parsePreConsultation } from '../transcription/vocabulary.js';
import type { Services } from '../services/index.js';
import { QueueFullError } from '../services/job-queue.js';
import { AudioInputError } from '../services/transcription-service.js';

/** Room for the multipart envelope and the preConsultationData field on top of the audio itself. */
const FORM_OVERHEAD_BYTES = 256 * 1024;

/**
 * POST /api/transcribe                    multipart: audio (file), preConsultationData (JSON string, optional)
 *   headers: X-Request-Id (optional, 8–64 of [A-Za-z0-9_-]) to follow progress while the upload is processed;
 *            Prefer: respond-async to get 202 { id, stage, progressUrl } at once and the result from progress
 *   200 { transcript, transcriptLanguage, durationSeconds, pieces, segments, provider }
 *   4xx/5xx { error }  (400 empty/missing/bad field, 413 too large, 415 not audio, 422 undecodable/truncated,
 *                       502/503/504 the transcription engine failed; the message is meant for the banner)
 * GET  /api/transcribe/progress/:id       { id, stage: receiving|decoding|transcribing|done|failed, percent (0–100),
 *                                          piecesDone, piecesTotal, audioSeconds, error, errorStatus, result, … }
 *   result is the 200 body above once an async job is done (null for synchronous requests, which get it directly).
 *   404 { error } for an unknown id or one started by another user.
 */
export function transcribeRoutes(services: Services) {
  const router = createRouter();
  const { jobs } = services;
  const auth = requireUser(services);
  const maxBytes = services.config.MAX_AUDIO_BYTES;

  const error = (description: string) => ({
    description,
    content: { 'application/json': { schema: errorSchema } },
  });
  router.openAPIRegistry.registerPath({
    method: 'post',
    path: '/transcribe',
    request: {
      body: {
        content: {
          'multipart/form-data': {
            schema: z.object({
              audio: z.string().openapi({
                format: 'binary',
                description: 'The recording (webm/opus, mp4/aac, ogg/opus or wav)',
              }),
              preConsultationData: z
                .string()
                .optional()
                .openapi({ description: 'JSON of the pre-consultation data' }),
            }),
          },
        },
      },
    },
    responses: {
      200: {
        description: 'The transcript',
        content: { 'application/json': { schema: TranscribeResponseSchema } },
      },
      202: {
        description: 'Accepted (Prefer: respond-async); poll progressUrl',
        content: {
          'application/json': { schema: TranscribeAcceptedSchema },
        },
      },
      400: error('Missing or invalid field'),
      401: error('Not authenticated'),
      409: error('The same upload is still being transcribed'),
      413: error('Audio too large'),
      415: error('Not an audio file'),
      422: error('Undecodable or truncated audio, or an Idempotency-Key reused for other audio'),
      502: error('The transcription engine failed'),
      503: error('Transcription is not available on this server, or every slot is busy (Retry-After)'),
      504: error('The transcription engine timed out'),
    },
  });
  router.openAPIRegistry.registerPath({
    method: 'get',
    path: '/transcribe/progress/{id}',
    request: { params: z.object({ id: z.string() }) },
    responses: {
      200: {
        description: 'Progress of one transcription',
        content: {
          'application/json': {
            schema: z.object({ id: z.string(), stage: z.string(), percent: z.number() }).passthrough(),
          },
        },
      },
      401: error('Not authenticated'),
      404: error('No transcription with that id'),
    },
  });

  router.get('/transcribe/progress/:id', auth, async (c) => {
    const progress = await jobs.progress(c.var.user.id, c.req.param('id'));
    if (!progress) return c.json({ error: 'No transcription with that id' }, 404);
    return c.json(progress, 200);
  });

  router.post(
    '/transcribe',
    auth,
    bodyLimit({
      maxSize: maxBytes + FORM_OVERHEAD_BYTES,
      onError: (c) => {
        // The rest of the upload is never read; closing the connection stops the client reusing a socket
        // that still carries it (the next request on it would fail).
        c.header('Connection', 'close');
        return c.json({ error: audioTooLargeMessage(maxBytes) }, 413);
      },
    }),
    async (c) => {
      const practiceId = c.var.user.id;
      const requested = c.req.header('x-request-id');
      if (requested !== undefined && !JOB_ID_PATTERN.test(requested)) {
        return c.json({ error: 'X-Request-Id must be 8–64 letters, digits, - or _' }, 400);
      }
      if (requested && (await jobs.isRunning(practiceId, requested))) {
        return c.json({ error: RUNNING_MESSAGE }, 409);
      }
      // Every slot busy and the queue full: refuse before reading the upload, so a burst costs no memory.
      if (await jobs.isBusy()) return busy(c, BUSY_RETRY_AFTER_SECONDS);
      // Progress reads 'receiving' from here on, while the upload is still arriving.
      const ticket = await jobs.beginTranscription(practiceId, requested ?? randomUUID(), c.var.requestId);
      c.header('X-Request-Id', ticket.id);
      const answerFailure = (failure: JobFailedError) => {
        if (failure.retryAfterSeconds !== undefined)
          return busy(c, failure.retryAfterSeconds, failure.message);
        return c.json({ error: failure.message }, failure.status);
      };
      let form: Awaited<ReturnType<typeof readForm>>;
      try {
        form = await readForm(c);
      } catch (error) {
        await ticket.fail(error);
        return answerFailure(describeFailure(error));
      }
      // The practice's own terms (Settings) join the vocabulary prompt.
      const { practiceVocabulary: vocabulary } = await services.settings.get(practiceId);
      const idempotencyKey = readIdempotencyKey(c);
      const input = { audio: form.audio, preConsultation: form.preConsultation, vocabulary, idempotencyKey };
      if (/\brespond-async\b/i.test(c.req.header('prefer') ?? '')) {
        // Long recordings: answer at once and let the client poll, so no proxy or client timeout
        // (many cut a response that takes minutes) can lose the work. Bad uploads still fail here.
        try {
          const { done } = await ticket.submit(input);
          done.catch(() => undefined); // read back through the progress URL
        } catch (error) {
          return answerFailure(describeFailure(error));
        }
        return c.json(
          { id: ticket.id, stage: 'receiving', progressUrl: `/api/transcribe/progress/${ticket.id}` },
          202,
        );
      }
      try {
        // A replayed upload (the client's local recording id as Idempotency-Key: background sync, a retry
        // after a dropped connection) gets the first transcript back instead of a second transcription.
        return await withIdempotency(
          services,
          c,
          'transcribe',
          async () => {
            const { done } = await ticket.submit({ ...input, signal: c.req.raw.signal });
            return { status: 200, body: await done };
          },
          {
            fingerprint: transcriptionFingerprint(form.audio, form.preConsultation),
            leaseMs: (services.config.TRANSCRIPTION_TIMEOUT_SECONDS + 60) * 1000,
          },
        );
      } catch (error) {
        // Idempotency refusals (409 still running, 422 key reused for other audio) already speak HTTP.
        if (error instanceof HttpError) {
          await ticket.fail(new JobFailedError(error.status as 422, error.message));
          throw error;
        }
        return answerFailure(describeFailure(error));
      }
    },
  );
  return router;
}

/** 503 with Retry-After: the queue is full (or the server is restarting); the recorder keeps the recording and tries again. */
function busy(
  c: Context<AppEnv>,
  retryAfterSeconds: number,
  message = new QueueFullError(retryAfterSeconds).message,
) {
  c.header('Retry-After', String(retryAfterSeconds));
  c.header('Connection', 'close'); // the unread upload must not be taken for the next request
  return c.json({ error: message }, 503);
}

/** What makes a transcription request what it is, for the Idempotency-Key check. */
function transcriptionFingerprint(audio: Uint8Array, preConsultation: unknown): string {
  return createHash('sha256')
    .update(audio)
    .update(JSON.stringify(preConsultation ?? null))
    .digest('hex');
}

async function readForm(
  c: Context<AppEnv>,
): Promise<{ audio: Uint8Array; preConsultation: ReturnType<typeof parsePreConsultation> }> {
  const type = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(type)) {
    throw new AudioInputError(400, "Send the recording as multipart/form-data with an 'audio' file field");
  }
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody({ all: false });
  } catch {
    throw new AudioInputError(400, 'The upload could not be read as a form; please try again');
  }
  const audio = form.audio;
  if (!(audio instanceof File)) {
    throw new AudioInputError(400, "No audio file received (expected a file in the form field 'audio')");
  }
  const raw = form.preConsultationData;
  let preConsultation;
  try {
    preConsultation = parsePreConsultation(typeof raw === 'string' ? raw : undefined);
  } catch (error) {
    throw new AudioInputError(400, error instanceof Error ? error.message : 'preConsultationData is invalid');
  }
  return { audio: new Uint8Array(await audio.arrayBuffer()), preConsultation };
}
