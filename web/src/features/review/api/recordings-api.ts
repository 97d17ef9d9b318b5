import type { QueryClient } from '@tanstack/react-query';
import type { ClinicalData } from '../../../../../shared/schemas/clinical';
import type {
  RecordingMetadataInput,
  RecordingView,
  SaveRecordingResponse,
} from '../../../../../shared/schemas/recordings';
import { apiJson, NetworkError, throwIfResponseNotOk } from '../../../lib/api';

export const recordingPath = (id: string) => `/api/recordings/${encodeURIComponent(id)}`;
export const recordingAudioPath = (id: string) => `${recordingPath(id)}/audio`;

/**
 * POST /api/recordings/save-upload: the audio as a binary file (a third smaller than base64 on a farm
 * connection) and the other fields as JSON. The local id is the Idempotency-Key, so a retried save after a
 * dropped connection returns the recording the first attempt created instead of storing it twice.
 */
export async function saveRecordingUpload(
  localId: string,
  audio: Blob,
  metadata: RecordingMetadataInput,
): Promise<SaveRecordingResponse['recording']> {
  const form = new FormData();
  form.append('audio', new File([audio], `recording-${localId}.webm`, { type: audio.type || 'audio/webm' }));
  form.append('metadata', JSON.stringify(metadata));
  let response: Response;
  try {
    response = await fetch('/api/recordings/save-upload', {
      method: 'POST',
      body: form,
      credentials: 'include',
      headers: { 'Idempotency-Key': localId },
    });
  } catch (error) {
    throw new NetworkError(error);
  }
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
    predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith('/api/recordings'),
  });
}
