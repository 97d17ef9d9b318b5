import { createHash, randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { audioTooLargeMessage } from '../../shared/format/audio-limit.js';
import { errorSchema } from '../../shared/schemas/auth.js';
import { TranscribeAcceptedSchema, TranscribeResponseSchema } from '../../shared/schemas/transcribe.js';
import type { Config } from '../config.js';
import { FfmpegMissingError } from '../audio/ffmpeg.js';
import type { AppEnv } from '../http/env.js';
import { requireUser } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { withIdempotency } from '../http/idempotency.js';
import { createRouter } from '../http/router.js';
import { createTranscriptionProvider, transcriptionProviderLabel } from '../providers/transcription/index.js';
import { JOB_ID_PATTERN, ProgressStore } from '../transcription/progress.js';
import { TranscriptionProviderError } from '../providers/transcription/types.js';
import { parsePreConsultation } from '../transcription/vocabulary.js';
import type { Services } from '../services/index.js';
import { JobQueue, QueueFullError } from '../services/job-queue.js';
import { AudioInputError, TranscriptionService } from '../services/transcription-service.js';

/** Retry-After of a 503 when every transcription slot is busy and the queue is full. */
const BUSY_RETRY_AFTER_SECONDS = 30;

/** Room for the multipart envelope and the preConsultationData field on top of the audio itself. */
const FORM_OVERHEAD_BYTES = 256 * 1024;

export function transcriptionServiceFor(
  config: Config,
  progress = new ProgressStore(undefined, undefined, config.TRANSCRIPTION_PROGRESS_PER_PRACTICE),
): TranscriptionService {
  return new TranscriptionService(
    createTranscriptionProvider(config),
    {
      maxAudioBytes: config.MAX_AUDIO_BYTES,
      maxAudioSeconds: config.MAX_AUDIO_SECONDS,
      pieceSeconds: config.TRANSCRIPTION_PIECE_SECONDS,
      // The local engine queues internally; more pieces in flight than it runs would only hold memory.
      concurrency:
        config.TRANSCRIPTION_PROVIDER === 'local'
          ? config.WHISPER_CONCURRENCY
          : config.TRANSCRIPTION_CONCURRENCY,
      languages: config.TRANSCRIPTION_LANGUAGES.split(','),
      ffmpegPath: config.FFMPEG_PATH,
      queue: new JobQueue(config.TRANSCRIPTION_JOBS, config.TRANSCRIPTION_QUEUE_LENGTH, BUSY_RETRY_AFTER_SECONDS),
    },
    progress,
  );
}

// One service (one provider, one model load) per running configuration.
const servicesByConfig = new WeakMap<Config, TranscriptionService>();

function serviceFor(services: Services & { transcription?: TranscriptionService }): TranscriptionService {
  if (services.transcription) return services.transcription;
  let service = servicesByConfig.get(services.config);
  if (!service) {
    service = transcriptionServiceFor(services.config);
    servicesByConfig.set(services.config, service);
  }
  return service;
}

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
export function transcribeRoutes(services: Services & { transcription?: TranscriptionService }) {
  const router = createRouter();
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
              audio: z
                .string()
                .openapi({
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

  router.get('/transcribe/progress/:id', auth, (c) => {
    const progress = serviceFor(services).progress?.get(c.req.param('id'), c.var.user.id);
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
      const service = serviceFor(services);
      const requested = c.req.header('x-request-id');
      if (requested !== undefined && !JOB_ID_PATTERN.test(requested)) {
        return c.json({ error: 'X-Request-Id must be 8–64 letters, digits, - or _' }, 400);
      }
      if (requested && service.progress?.isRunning(requested, c.var.user.id)) {
        return c.json({ error: 'A transcription with this X-Request-Id is already running' }, 409);
      }
      // Every slot busy and the queue full: refuse before reading the upload, so a burst costs no memory.
      if (service.isBusy()) return busy(c);
      const jobId = requested ?? randomUUID();
      // Scoped to the practice: another practice choosing the same X-Request-Id gets a job of its own.
      const progressKey = service.progress?.start(jobId, c.var.user.id);
      const finishProgress = (outcome?: Parameters<ProgressStore['finish']>[1]) => {
        if (progressKey) service.progress?.finish(progressKey, outcome);
      };
      c.header('X-Request-Id', jobId);
      const provider = transcriptionProviderLabel(services.config);
      const fail = (error: unknown) => {
        const { status, message } = describeFailure(error);
        finishProgress({ error: message, errorStatus: status });
        if (status === 500) console.error('[transcribe] unexpected failure:', error);
        return { status, message };
      };
      try {
        const { audio, preConsultation } = await readForm(c);
        // The practice's own terms (Settings) join the vocabulary prompt.
        const { practiceVocabulary: vocabulary } = await services.settings.get(c.var.user.id);
        if (/\brespond-async\b/i.test(c.req.header('prefer') ?? '')) {
          // Long recordings: answer at once and let the client poll, so no proxy or client timeout
          // (many cut a response that takes minutes) can lose the work. Bad uploads still fail here.
          service.checkUpload(audio);
          if (service.isBusy()) {
            finishProgress({ error: new QueueFullError(BUSY_RETRY_AFTER_SECONDS).message, errorStatus: 503 });
            return busy(c);
          }
          void service
            .transcribe({ audio, preConsultation, vocabulary, jobId: progressKey })
            .then((result) => finishProgress({ result: { ...result, provider } }), fail);
          return c.json(
            { id: jobId, stage: 'receiving', progressUrl: `/api/transcribe/progress/${jobId}` },
            202,
          );
        }
        // A replayed upload (the client's local recording id as Idempotency-Key: background sync, a retry
        // after a dropped connection) gets the first transcript back instead of a second transcription.
        const fingerprint = createHash('sha256')
          .update(audio)
          .update(JSON.stringify(preConsultation ?? null))
          .digest('hex');
        return await withIdempotency(
          services,
          c,
          'transcribe',
          async () => {
            const result = await service.transcribe({
              audio,
              preConsultation,
              vocabulary,
              jobId: progressKey,
              signal: c.req.raw.signal,
            });
            finishProgress();
            return { status: 200, body: { ...result, provider } };
          },
          { fingerprint, leaseMs: (services.config.TRANSCRIPTION_TIMEOUT_SECONDS + 60) * 1000 },
        );
      } catch (error) {
        // Idempotency refusals (409 still running, 422 key reused for other audio) already speak HTTP.
        if (error instanceof HttpError) {
          finishProgress({ error: error.message, errorStatus: error.status });
          throw error;
        }
        const { status, message } = fail(error);
        if (error instanceof QueueFullError) c.header('Retry-After', String(error.retryAfterSeconds));
        return c.json({ error: message }, status);
      }
    },
  );
  return router;
}

/** 503 with Retry-After: the queue is full; the recorder keeps the recording and tries again. */
function busy(c: Context<AppEnv>) {
  c.header('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
  c.header('Connection', 'close'); // the unread upload must not be taken for the next request
  return c.json({ error: new QueueFullError(BUSY_RETRY_AFTER_SECONDS).message }, 503);
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

function describeFailure(error: unknown): {
  status: 400 | 413 | 415 | 422 | 500 | 502 | 503 | 504;
  message: string;
} {
  if (error instanceof AudioInputError) return { status: error.status, message: error.message };
  if (error instanceof TranscriptionProviderError)
    return { status: error.status, message: `Transcription failed: ${error.message}` };
  if (error instanceof QueueFullError) return { status: 503, message: error.message };
  if (error instanceof FfmpegMissingError)
    return { status: 503, message: `Transcription is not available on this server: ${error.message}` };
  return { status: 500, message: 'Transcription failed' };
}
