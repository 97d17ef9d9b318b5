import type { ClinicalData } from '#shared/schemas/clinical';
import type { HerdVisitNotes, SaveHerdVisitMetadata } from '#shared/schemas/herd';
import { buildSaveMetadata, type SaveSource } from '../model/save-payload';

/**
 * The metadata of POST /api/herd-visits: the recording's save fields (spec section 5 rules, as any save)
 * with the group note as its notes, plus the reviewed split.
 */
export function buildHerdSaveMetadata(
  recording: SaveSource,
  visit: HerdVisitNotes,
  header: Partial<ClinicalData> = {},
): SaveHerdVisitMetadata {
  const groupNotes: ClinicalData = { ...header, ...visit.group.notes };
  // Something to save even when every line is an animal's: the server writes the visit's own note.
  const hasText = Object.values(visit.group.notes).some((text) => text.trim() !== '');
  const notes = hasText
    ? groupNotes
    : { ...groupNotes, objective: `Herd visit: ${visit.animals.length} animal(s)` };
  const metadata = buildSaveMetadata(recording, notes);
  return {
    ...metadata,
    patientName: visit.groupName || recording.preConsultationData.groupName || metadata.patientName,
    consultationType: 'Herd Visit',
    isFarmMode: true,
    herd: visit,
  };
}
