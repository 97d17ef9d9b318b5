import { useState } from 'react';
import { exportNotes, pdfFileName, type ExportLanguage } from '#shared/export/messages';
import { consultationPdfDocument } from '#shared/export/pdf-document';
import type { ClinicalData, StoredClinicalData } from '#shared/schemas/clinical';
import type { HerdVisitNotes } from '#shared/schemas/herd';
import { Button } from '../../components/ui/Button';
import { Card, CardHeader, CardTitle } from '../../components/ui/Card';
import { toast } from '../../lib/toastStore';
import { useCurrentUser } from '../auth';
import { reportPdfDownload } from './api';
import { EmailDialog } from './EmailDialog';
import { FarmDocuments } from './FarmDocuments';
import styles from './Export.module.css';
import { renderPdfBlob, saveBlob } from './pdf';
import { WhatsAppDialog } from './WhatsAppDialog';

export interface ExportPanelProps {
  /** The consultation's notes; older-format notes are converted before anything is built from them. */
  notes: ClinicalData | StoredClinicalData;
  /** The consultation's language; the dialogs' message language starts here. Default English. */
  language?: ExportLanguage;
  /** Issue 20: where stated withdrawal periods may also be, and a herd visit's treatments with tags. */
  transcript?: string | undefined;
  herd?: HerdVisitNotes | undefined;
}

type OpenDialog = 'whatsapp' | 'email' | null;

/** Spec section 2, 'Export panel': the 'Export Consultation' card with WhatsApp, Email and Download PDF. */
export function ExportPanel({ notes: stored, language = 'en', transcript, herd }: ExportPanelProps) {
  const notes = exportNotes(stored);
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  const [generating, setGenerating] = useState(false);
  const practiceName = useCurrentUser().data?.user?.practiceName ?? undefined;
  const dialogProps = { notes, language, practiceName };

  async function downloadPdf() {
    if (generating) return;
    setGenerating(true);
    try {
      const now = new Date();
      const blob = await renderPdfBlob(consultationPdfDocument(notes, { generatedAt: now, practiceName }));
      const fileName = pdfFileName(notes, now);
      saveBlob(blob, fileName);
      reportPdfDownload(fileName, notes.patientName);
      toast({ title: '✓ PDF downloaded', description: fileName, variant: 'success' });
    } catch (error) {
      console.error('[export] PDF generation failed', error);
      toast({ title: 'Unable to generate PDF', description: 'Please try again', variant: 'destructive' });
    } finally {
      setGenerating(false);
    }
  }

  return (
    <Card data-testid="export-panel">
      <CardHeader>
        <CardTitle as="h3">Export Consultation</CardTitle>
      </CardHeader>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => setOpenDialog('whatsapp')}>
          Send via WhatsApp
        </Button>
        <Button variant="secondary" onClick={() => setOpenDialog('email')}>
          Email
        </Button>
        <Button
          variant="secondary"
          onClick={() => void downloadPdf()}
          disabled={generating}
          aria-busy={generating || undefined}
        >
          {generating ? 'Generating PDF...' : 'Download PDF'}
        </Button>
      </div>
      <div className={styles.farmRow}>
        <FarmDocuments
          notes={notes}
          transcript={transcript}
          herd={herd}
          practiceName={practiceName}
          language={language}
        />
      </div>
      <WhatsAppDialog
        open={openDialog === 'whatsapp'}
        onOpenChange={(open) => setOpenDialog(open ? 'whatsapp' : null)}
        {...dialogProps}
      />
      <EmailDialog
        open={openDialog === 'email'}
        onOpenChange={(open) => setOpenDialog(open ? 'email' : null)}
        {...dialogProps}
      />
    </Card>
  );
}
