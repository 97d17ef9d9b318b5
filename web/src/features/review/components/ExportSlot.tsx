import type { ClinicalData } from '../../../../../shared/schemas/clinical';
import { EXPORT_LANGUAGES, type ExportLanguage } from '../../../../../shared/export/messages';
import { ExportPanel } from '../../export/ExportPanel';

/** The transcription language code, when it is one the export messages are written in. */
function exportLanguage(transcriptLanguage: string | undefined): ExportLanguage | undefined {
  return EXPORT_LANGUAGES.find((language) => language === transcriptLanguage);
}

/** The 'Export Consultation' panel (features/export) for the recording's current notes. */
export function ExportSlot({ notes, transcriptLanguage }: { notes: ClinicalData; transcriptLanguage?: string | undefined }) {
  const language = exportLanguage(transcriptLanguage);
  return <ExportPanel notes={notes} {...(language ? { language } : {})} />;
}
