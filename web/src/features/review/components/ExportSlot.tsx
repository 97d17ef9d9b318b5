import type { ClinicalData } from '#shared/schemas/clinical';
import { EXPORT_LANGUAGES, type ExportLanguage } from '#shared/export/messages';
import { ExportPanel } from '../../export';
import type { FarmChecksInput } from './FarmChecks';

/** The transcription language code, when it is one the export messages are written in. */
function exportLanguage(transcriptLanguage: string | undefined): ExportLanguage | undefined {
  return EXPORT_LANGUAGES.find((language) => language === transcriptLanguage);
}

/** The 'Export Consultation' panel (features/export) for the recording's current notes. */
export function ExportSlot({
  notes,
  transcriptLanguage,
  farm,
}: {
  notes: ClinicalData;
  transcriptLanguage?: string | undefined;
  /** Issue 20: identity from the pre-consultation panel, the transcript and a herd visit's split. */
  farm?: FarmChecksInput | undefined;
}) {
  const language = exportLanguage(transcriptLanguage);
  const withIdentity = farm
    ? {
        ...notes,
        clientName: notes.clientName || farm.pre.clientName,
        patientName: notes.patientName || farm.pre.patientName,
        species: notes.species || farm.pre.species,
      }
    : notes;
  return (
    <ExportPanel
      notes={withIdentity}
      transcript={farm?.transcript}
      herd={farm?.herd}
      {...(language ? { language } : {})}
    />
  );
}
