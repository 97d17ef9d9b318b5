import type { QueryClient } from '@tanstack/react-query';
import type { ClinicalData } from '#shared/schemas/clinical';
import type {
  RecordingMetadataInput,
  RecordingView,
  SaveRecordingResponse,
} from '#shared/schemas/recordings';
import { apiJson, NetworkError, throwIfResponseNotOk } from '../../../lib/api';

export const recordingPath = (id: string) => `/api/recordings/${encodeURIComponent(id)}`;
export const recordingAudioPath = (id: string) => `${recordingPath(id)}/audio`;

/** The recording as a form file: the browser's own type, else webm (spec section 9). */
export const audioFile = (audio: Blob, name: string) =>
  new File([audio], `${name}.webm`, { type: audio.type || 'audio/webm' });

/** POSTs a multipart form under an Idempotency-Key; a connection that fails is a NetworkError. */
async function postForm(url: string, form: FormData, idempotencyKey: string): Promise<Response> {
  try {
    return await fetch(url, {
      method: 'POST',
      body: form,
      credentials: 'include',
      headers: { 'Idempotency-Key': idempotencyKey },
    });
  } catch (error) {
    throw new NetworkError(error);
  }
}

/**
 * A multipart save (recordings' save-upload, herd visits) with the local id as Idempotency-Key. The audio
 * crosses the farm connection once: the save first references the upload /api/transcribe kept under the same
 * key (audioFrom=transcription); only when the server no longer has it (410) is the audio sent, as a binary
 * file (a third smaller than base64).
 */
export async function postSaveOnce(
  path: string,
  localId: string,
  audio: Blob,
  metadata: unknown,
  fileName: string,
): Promise<Response> {
  const post = (withAudio: boolean): Promise<Response> => {
    const form = new FormData();
    if (withAudio) form.append('audio', audioFile(audio, fileName));
    else form.append('audioFrom', 'transcription');
    form.append('metadata', JSON.stringify(metadata));
    return postForm(path, form, localId);
  };
  const response = await post(false);
  return response.status === 410 ? post(true) : response;
}

/**
 * POST /api/recordings/save-upload: a retried save after a dropped connection returns the recording the first
 * attempt created (the local id is the Idempotency-Key).
 */
export async function saveRecordingUpload(
  localId: string,
  audio: Blob,
  metadata: RecordingMetadataInput,
): Promise<SaveRecordingResponse['recording']> {
  const response = await postSaveOnce(
    '/api/recordings/save-upload',
    localId,
    audio,
    metadata,
    `recording-${localId}`,
  );
  await throwIfResponseNotOk(response);
  return ((await response.json()) as SaveRecordingResponse).recording;
}

/** PUT /api/recordings/{id}/notes: later saves of the same recording update its notes (a new version). */
export async function updateServerNotes(
  serverId: string,
  body: { soapNotes: ClinicalData; transcript?: string; baseVersion?: number },
): Promise<RecordingView> {
  const result = await apiJson<{ recording: RecordingView }>('PUT', `${recordingPath(serverId)}/notes`, body);
  return result.recording;
}

/** After a save the history and search lists (and any open details) are stale (spec section 7). */
export function invalidateRecordingQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) =>
      typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith('/api/recordings'),
  });
}
