import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { recordingMessages } from '#shared/schemas/recordings.js';
import type { AppEnv } from '../http/env.js';
import { controlCharacterMessage, findControlCharacter } from '../http/control-characters.js';
import { badRequest, HttpError } from '../http/errors.js';
import { IDEMPOTENCY_HEADER, readIdempotencyKey } from '../http/idempotency.js';
import { multipartBody, readMultipart } from '../http/route-helpers.js';
import type { IncomingAudio, RecordingsService } from '../services/recordings-service.js';

/** The Idempotency-Key header of every save (OpenAPI). */
export const idempotencyHeaders = z.object({
  [IDEMPOTENCY_HEADER.toLowerCase()]: z
    .string()
    .optional()
    .openapi({
      description:
        "The client's recording id. Saves with the same key return the same recording: an identical repeat " +
        'replays the stored answer (header Idempotent-Replayed: true), one with changed notes updates them as a ' +
        'new version; different audio under the same key is 409.',
      example: 'V1StGXR8_Z5jdHi6B-myT',
    }),
});

/** 410 of a save that references a transcription upload no longer on the server. */
export const KEPT_UPLOAD_GONE =
  'The audio sent for transcription is no longer on the server; send the recording again';

/** The description of the multipart `audioFrom` field, the same on every save that accepts it. */
export const AUDIO_FROM_DESCRIPTION =
  'Without audio: use the upload /api/transcribe kept under the same Idempotency-Key ' +
  '(the audio crosses the connection once); 410 when it is gone';

/** The OpenAPI request of a multipart save: Idempotency-Key, 'audio' or 'audioFrom', and 'metadata'. */
export function saveUploadRequest(fields: {
  audio: string;
  metadata: { description: string; example?: string };
}) {
  return {
    headers: idempotencyHeaders,
    ...multipartBody(
      z.object({
        audio: z.string().optional().openapi({ type: 'string', format: 'binary', description: fields.audio }),
        audioFrom: z.literal('transcription').optional().openapi({ description: AUDIO_FROM_DESCRIPTION }),
        metadata: z.string().openapi(fields.metadata),
      }),
    ),
  };
}

export interface SaveUploadForm {
  file: File | undefined;
  audioFrom: string | undefined;
  metadataText: string;
}

/**
 * The multipart form of a save (recordings' save-upload, herd visits): the file in 'audio' or
 * 'audioFrom=transcription', and the JSON fields as text in 'metadata'.
 */
export async function readSaveUploadForm(c: Context<AppEnv>): Promise<SaveUploadForm> {
  const form = await readMultipart(c, {
    notMultipart: recordingMessages.uploadForm,
    unreadable: recordingMessages.uploadForm,
  });
  const file = form.audio;
  const metadata = form.metadata;
  const audioFrom = typeof form.audioFrom === 'string' ? form.audioFrom : undefined;
  if (!(file instanceof File) && audioFrom === undefined) throw badRequest(recordingMessages.missingData);
  if (typeof metadata !== 'string') throw badRequest(recordingMessages.uploadForm);
  return { file: file instanceof File ? file : undefined, audioFrom, metadataText: metadata };
}

/** The 'metadata' text as a JSON object (400 for anything else, or for a control character in it). */
export function parseSaveMetadata(metadataText: string): Record<string, unknown> {
  let raw: unknown;
  try {
    raw = JSON.parse(metadataText);
  } catch {
    throw badRequest(recordingMessages.metadataInvalid);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw badRequest(recordingMessages.metadataInvalid);
  const control = findControlCharacter(raw);
  if (control) throw badRequest(controlCharacterMessage(control.path, control.character));
  return raw as Record<string, unknown>;
}

/**
 * The audio of a save: the uploaded file, or (audio once) the upload /api/transcribe kept under this
 * request's Idempotency-Key — the audio already crossed the farm connection there. 410 once it was swept:
 * the client sends the audio.
 */
export async function saveUploadAudio(
  c: Context<AppEnv>,
  recordings: RecordingsService,
  { file, audioFrom }: SaveUploadForm,
): Promise<IncomingAudio> {
  if (!file) {
    const key = readIdempotencyKey(c);
    if (audioFrom !== 'transcription' || !key) throw badRequest(recordingMessages.missingData);
    const kept = await recordings.keptUpload(c.var.user.id, key);
    if (!kept) throw new HttpError(410, KEPT_UPLOAD_GONE);
    return kept;
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength === 0) throw badRequest(recordingMessages.missingData);
  return recordings.audioFromBytes(bytes, file.type || undefined);
}
