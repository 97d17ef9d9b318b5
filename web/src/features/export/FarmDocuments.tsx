import { useId, useMemo, useState } from 'react';
import { EXPORT_LANGUAGE_LABELS, EXPORT_LANGUAGES, type ExportLanguage } from '#shared/export/messages';
import { instructionsPdfDocument, withdrawalSlipPdfDocument } from '#shared/export/farm-pdf';
import {
  buildClientInstructions,
  instructionsFileName,
  instructionsText,
} from '#shared/farm/client-instructions';
import { buildWithdrawalSlip, herdTreatments, slipFileName, slipText } from '#shared/farm/slip';
import { asSpecies, isFoodAnimal, localDay } from '#shared/farm/withdrawal';
import type { ClinicalData } from '#shared/schemas/clinical';
import type { HerdVisitNotes } from '#shared/schemas/herd';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { toast } from '../../lib/toastStore';
import { reportPdfDownload } from './api';
import { clientLanguage, rememberClientLanguage } from './client-language';
import { EmailDialog } from './EmailDialog';
import styles from './Export.module.css';
import { renderPdfBlob, saveBlob } from './pdf';
import { WhatsAppDialog, type ExportPreset } from './WhatsAppDialog';

export interface FarmDocumentsProps {
  notes: ClinicalData;
  transcript?: string | undefined;
  herd?: HerdVisitNotes | undefined;
  practiceName: string | undefined;
  language: ExportLanguage;
}

type Channel = 'whatsapp' | 'email' | null;

/**
 * Issue 20 in the export panel: the withdrawal slip (food animals) and the client instruction sheet, each
 * previewed in a dialog and sent by WhatsApp, e-mail or as a PDF.
 */
export function FarmDocuments(props: FarmDocumentsProps) {
  const [open, setOpen] = useState<'slip' | 'instructions' | null>(null);
  const foodAnimal = isFoodAnimal(asSpecies(props.notes.species));
  return (
    <>
      <div className={styles.actions} data-testid="farm-documents">
        {foodAnimal && (
          <Button variant="secondary" onClick={() => setOpen('slip')}>
            Withdrawal slip
          </Button>
        )}
        <Button variant="secondary" onClick={() => setOpen('instructions')}>
          Client instructions
        </Button>
      </div>
      <Dialog
        open={open === 'slip'}
        onOpenChange={(next) => setOpen(next ? 'slip' : null)}
        title="Withdrawal slip / Onttrekkingstrokie"
      >
        {open === 'slip' && <SlipBody {...props} />}
      </Dialog>
      <Dialog
        open={open === 'instructions'}
        onOpenChange={(next) => setOpen(next ? 'instructions' : null)}
        title="Client instructions"
      >
        {open === 'instructions' && <InstructionsBody {...props} />}
      </Dialog>
    </>
  );
}

function useChannels(props: FarmDocumentsProps, preset: ExportPreset) {
  const [channel, setChannel] = useState<Channel>(null);
  const dialogProps = {
    notes: props.notes,
    language: props.language,
    practiceName: props.practiceName,
    preset,
  };
  const dialogs = (
    <>
      <WhatsAppDialog
        open={channel === 'whatsapp'}
        onOpenChange={(o) => setChannel(o ? 'whatsapp' : null)}
        {...dialogProps}
      />
      <EmailDialog
        open={channel === 'email'}
        onOpenChange={(o) => setChannel(o ? 'email' : null)}
        {...dialogProps}
      />
    </>
  );
  return { setChannel, dialogs };
}

/** A farm document's three ways out: WhatsApp, e-mail (dialogs) and a PDF download. */
function SendActions(props: {
  disabled?: boolean;
  onChannel: (channel: Channel) => void;
  onPdf: () => void;
}) {
  return (
    <div className={styles.footer}>
      <Button variant="secondary" disabled={props.disabled} onClick={() => props.onChannel('whatsapp')}>
        Send via WhatsApp
      </Button>
      <Button variant="secondary" disabled={props.disabled} onClick={() => props.onChannel('email')}>
        Email
      </Button>
      <Button disabled={props.disabled} onClick={props.onPdf}>
        Download PDF
      </Button>
    </div>
  );
}

async function download(
  definition: Parameters<typeof renderPdfBlob>[0],
  fileName: string,
  patient: string | undefined,
) {
  try {
    saveBlob(await renderPdfBlob(definition), fileName);
    reportPdfDownload(fileName, patient);
    toast({ title: '✓ PDF downloaded', description: fileName, variant: 'success' });
  } catch (error) {
    console.error('[export] PDF generation failed', error);
    toast({ title: 'Unable to generate PDF', description: 'Please try again', variant: 'destructive' });
  }
}

function SlipBody(props: FarmDocumentsProps) {
  const slip = useMemo(
    () =>
      buildWithdrawalSlip({
        notes: props.notes,
        transcript: props.transcript,
        treatments: props.herd ? herdTreatments(props.herd) : undefined,
        groupName: props.herd?.groupName,
        fallbackInstant: new Date(),
      }),
    [props.notes, props.transcript, props.herd],
  );
  const text = slipText(slip, { practiceName: props.practiceName });
  const preset: ExportPreset = {
    title: 'Withdrawal slip',
    what: 'Withdrawal slip',
    text,
    subject: `Withdrawal slip / Onttrekkingstrokie - ${slip.farm || 'Farm'} - ${slip.treatedOn}`,
    document: {
      kind: 'withdrawal-slip',
      ...(props.herd ? { treatments: herdTreatments(props.herd) } : {}),
      ...(props.herd?.groupName ? { groupName: props.herd.groupName } : {}),
      ...(props.transcript ? { transcript: props.transcript } : {}),
    },
  };
  const { setChannel, dialogs } = useChannels(props, preset);
  if (slip.lines.length === 0) {
    return <p className={styles.hint}>No food-animal treatment with a withdrawal period in the Plan.</p>;
  }
  return (
    <div className={styles.form}>
      {slip.incomplete && (
        <p className={styles.warning} role="alert">
          A withdrawal period is missing. Enter it in the Plan (for example &ldquo;Withdrawal oxytetracycline:
          meat 28 days, milk 7 days&rdquo;) before sending the slip.
        </p>
      )}
      <pre className={styles.preview} data-testid="slip-preview">
        {text}
      </pre>
      <SendActions
        disabled={slip.incomplete}
        onChannel={setChannel}
        onPdf={() =>
          void download(
            withdrawalSlipPdfDocument(slip, { generatedAt: new Date(), practiceName: props.practiceName }),
            slipFileName(slip),
            props.notes.patientName,
          )
        }
      />
      {dialogs}
    </div>
  );
}

function InstructionsBody(props: FarmDocumentsProps) {
  const id = useId();
  const client = props.notes.clientName;
  const [language, setLanguage] = useState<ExportLanguage>(() => clientLanguage(client) ?? props.language);
  const build = (lang: ExportLanguage) =>
    instructionsText(buildClientInstructions(props.notes.plan, lang), {
      language: lang,
      patientName: props.notes.patientName,
      practiceName: props.practiceName,
    });
  const [text, setText] = useState(() => build(language));
  const title = text.split('\n')[0] ?? 'Instructions';
  const preset: ExportPreset = {
    title: 'Client instructions',
    what: 'Client instructions',
    text,
    subject: title,
    document: { kind: 'client-instructions', text },
  };
  const { setChannel, dialogs } = useChannels(props, preset);
  return (
    <div className={styles.form}>
      <div className={styles.field}>
        <label htmlFor={`${id}-lang`} className={styles.label}>
          Client&apos;s language {client ? `(remembered for ${client})` : ''}
        </label>
        <select
          id={`${id}-lang`}
          className={styles.select}
          value={language}
          onChange={(event) => {
            const next = event.target.value === 'af' ? 'af' : 'en';
            setLanguage(next);
            rememberClientLanguage(client, next);
            setText(build(next));
          }}
        >
          {EXPORT_LANGUAGES.map((lang) => (
            <option key={lang} value={lang}>
              {EXPORT_LANGUAGE_LABELS[lang]}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-text`}>
          Instructions (edit before sending)
        </label>
        <textarea
          id={`${id}-text`}
          className={styles.textarea}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <span className={styles.hint}>
          Every line comes from a Plan bullet; nothing is added that the notes do not hold.
        </span>
      </div>
      <SendActions
        onChannel={setChannel}
        onPdf={() =>
          void download(
            instructionsPdfDocument(text, {
              generatedAt: new Date(),
              practiceName: props.practiceName,
              title,
            }),
            instructionsFileName(props.notes.patientName, localDay(new Date())),
            props.notes.patientName,
          )
        }
      />
      {dialogs}
    </div>
  );
}
