import { useState } from 'react';
import { findNotifiable, summariseNotifiable, type NotifiableSummary } from '#shared/farm/notifiable';
import { missingRule26 } from '#shared/farm/rule26';
import { buildWithdrawalSlip, herdTreatments, produceValue } from '#shared/farm/slip';
import { missingWithdrawalReason } from '#shared/farm/withdrawal';
import { reminderText, ruledOutText, stateVetReport } from '#shared/farm/state-vet-report';
import type { ClinicalData, PreConsultationData } from '#shared/schemas/clinical';
import type { HerdVisitNotes } from '#shared/schemas/herd';
import { Button } from '../../../components/ui/Button';
import { toast } from '../../../lib/toastStore';
import { useCurrentUser } from '../../auth';
import { EmailDialog } from '../../export';
import styles from './FarmChecks.module.css';

export interface FarmChecksInput {
  notes: ClinicalData;
  pre: PreConsultationData;
  transcript?: string | undefined;
  herd?: HerdVisitNotes | undefined;
}

/** The notes with the pre-consultation identity filled in where the notes have none. */
function withIdentity({ notes, pre }: FarmChecksInput): ClinicalData {
  return {
    ...notes,
    clientName: notes.clientName || pre.clientName,
    patientName: notes.patientName || pre.patientName,
    species: notes.species || pre.species,
    consultationType: notes.consultationType || pre.consultationType,
  };
}

function slipOf(input: FarmChecksInput) {
  return buildWithdrawalSlip({
    notes: withIdentity(input),
    transcript: input.transcript,
    treatments: input.herd ? herdTreatments(input.herd) : undefined,
    groupName: input.herd?.groupName ?? input.pre.groupName,
    fallbackInstant: new Date(),
  });
}

/**
 * Issue 20 §2: a food-animal treatment without a withdrawal period blocks Save and Submit until the vet
 * enters it in the Plan (acknowledging is not enough: the farmer's slip needs a date).
 */
export function farmSaveBlock(input: FarmChecksInput): string | null {
  return missingWithdrawalReason(slipOf(input).lines);
}

/**
 * The review's farm checks (issue 20 §2, §4): withdrawal dates, the Rule 26 record check (shown, never
 * blocking) and the reminder to report a controlled or notifiable disease, with the report pre-filled.
 */
export function FarmChecks(input: FarmChecksInput) {
  const notes = withIdentity(input);
  const slip = slipOf(input);
  const missing = missingRule26({
    notes,
    breed: input.pre.breed,
    age: input.pre.age,
    groupName: input.herd?.groupName ?? input.pre.groupName,
  });
  const diseases = summariseNotifiable(findNotifiable(notes));
  return (
    <section className={styles.checks} aria-label="Record checks" data-testid="farm-checks">
      {diseases.length > 0 && <NotifiableReminder notes={notes} diseases={diseases} />}
      {slip.lines.length > 0 && (
        <div className={styles.card} data-testid="withdrawal-summary">
          <h4 className={styles.heading}>Withdrawal</h4>
          <ul className={styles.list}>
            {slip.lines.map((line, index) => (
              <li key={index} className={line.missing.length > 0 ? styles.missing : undefined}>
                <strong>{line.drug ?? line.treatment.product}</strong>
                {slip.produce.map((produce) => (
                  <span key={produce} className={styles.value}>
                    {produce === 'meat'
                      ? 'No slaughter before'
                      : produce === 'milk'
                        ? 'No milk before'
                        : 'No eggs before'}
                    : {produceValue(line, produce, 'en')}
                  </span>
                ))}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className={styles.card} data-testid="rule26">
        <h4 className={styles.heading}>Record check (SAVC Rule 26)</h4>
        {missing.length === 0 ? (
          <p className={styles.ok}>✓ Complete</p>
        ) : (
          <>
            <p className={styles.note}>Not recorded (saving is not blocked):</p>
            <ul className={styles.chips}>
              {missing.map((check) => (
                <li key={check.item} className={styles.chip}>
                  {check.label}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}

function NotifiableReminder({ notes, diseases }: { notes: ClinicalData; diseases: NotifiableSummary[] }) {
  const [emailOpen, setEmailOpen] = useState(false);
  const practiceName = useCurrentUser().data?.user?.practiceName ?? undefined;
  const suspected = diseases.filter((d) => d.status === 'suspected');
  const ruledOut = diseases.filter((d) => d.status === 'ruled-out');
  const report = stateVetReport(notes, suspected.length > 0 ? suspected : diseases, {
    language: 'en',
    practiceName,
    date: notes.consultationDate ?? '',
  });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(report.body);
      toast({
        title: '✓ Report copied',
        description: 'Paste it into your message to the state veterinarian',
        variant: 'success',
      });
    } catch {
      toast({
        title: 'Unable to copy',
        description: 'Select the report text and copy it',
        variant: 'destructive',
      });
    }
  };
  const name = (d: NotifiableSummary) =>
    d.disease.en === d.disease.af ? d.disease.en : `${d.disease.en} / ${d.disease.af}`;
  return (
    <div
      className={[styles.card, suspected.length > 0 ? styles.alert : styles.quiet].join(' ')}
      role={suspected.length > 0 ? 'alert' : 'note'}
      data-testid="notifiable-reminder"
    >
      <h4 className={styles.heading}>
        {suspected.length > 0 ? '⚠ Notifiable disease' : 'Notifiable disease mentioned'}
      </h4>
      {suspected.length > 0 && (
        <p className={styles.note}>
          <strong>{suspected.map(name).join(', ')}</strong>. {reminderText('en')}
        </p>
      )}
      {ruledOut.length > 0 && (
        <p className={styles.note}>
          {ruledOut.map(name).join(', ')}: {ruledOutText('en')}.
        </p>
      )}
      <details className={styles.report}>
        <summary>Pre-filled report to the state veterinarian</summary>
        <pre className={styles.reportText}>{report.body}</pre>
      </details>
      <div className={styles.actions}>
        <Button size="sm" variant="secondary" onClick={() => void copy()}>
          Copy report
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setEmailOpen(true)}>
          E-mail state vet
        </Button>
      </div>
      <EmailDialog
        open={emailOpen}
        onOpenChange={setEmailOpen}
        notes={notes}
        language="en"
        practiceName={practiceName}
        preset={{
          title: 'Report to the state vet',
          what: 'Report',
          text: report.body,
          subject: report.subject,
        }}
      />
    </div>
  );
}
