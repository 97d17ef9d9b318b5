import type { PreConsultationData } from '#shared/schemas/clinical';
import type { HerdVisitNotes, SaveHerdVisitMetadata, SaveHerdVisitResponse } from '#shared/schemas/herd';
import { apiJson, NetworkError, throwIfResponseNotOk } from '../../../lib/api';

/** POST /api/herd-visits/split: the notes engine's split of the visit's transcript. */
export async function splitHerdVisit(
  transcript: string,
  preConsultationData: PreConsultationData,
): Promise<HerdVisitNotes> {
  const result = await apiJson<{ herd: HerdVisitNotes }>('POST', '/api/herd-visits/split', {
    transcript,
    preConsultationData,
  });
  return result.herd;
}

/**
 * POST /api/herd-visits: the visit's audio once, the group note and every animal. The local recording's id
 * is the Idempotency-Key, so saving again after an edit updates the same visit and animals.
 */
export async function saveHerdVisit(
  localId: string,
  audio: Blob,
  metadata: SaveHerdVisitMetadata,
): Promise<SaveHerdVisitResponse> {
  const form = new FormData();
  form.append('audio', new File([audio], `herd-visit-${localId}.webm`, { type: audio.type || 'audio/webm' }));
  form.append('metadata', JSON.stringify(metadata));
  let response: Response;
  try {
    response = await fetch('/api/herd-visits', {
      method: 'POST',
      body: form,
      credentials: 'include',
      headers: { 'Idempotency-Key': localId },
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  await throwIfResponseNotOk(response);
  return (await response.json()) as SaveHerdVisitResponse;
}
