import type { PreConsultationData } from '#shared/schemas/clinical';
import type { HerdVisitNotes, SaveHerdVisitMetadata, SaveHerdVisitResponse } from '#shared/schemas/herd';
import { apiJson, throwIfResponseNotOk } from '../../../lib/api';
import { postSaveOnce } from '../api/recordings-api';

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
 * POST /api/herd-visits: the group note and every animal, with the visit's audio sent only if the server no
 * longer keeps the transcription upload. The local recording's id is the Idempotency-Key, so saving again
 * after an edit updates the same visit and animals.
 */
export async function saveHerdVisit(
  localId: string,
  audio: Blob,
  metadata: SaveHerdVisitMetadata,
): Promise<SaveHerdVisitResponse> {
  const response = await postSaveOnce('/api/herd-visits', localId, audio, metadata, `herd-visit-${localId}`);
  await throwIfResponseNotOk(response);
  return (await response.json()) as SaveHerdVisitResponse;
}
