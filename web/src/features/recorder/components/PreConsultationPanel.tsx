import { useId, useState } from 'react';
import type { PreConsultationData } from '#shared/schemas/clinical';
import { CONSULTATION_TYPES, isFarmConsultation, SPECIES } from '#shared/schemas/consultation';
import { Card } from '../../../components/ui/Card';
import { TextField } from '../../../components/ui/Field';
import { HerdVisitFields } from './HerdVisitFields';
import styles from './Recorder.module.css';

interface PreConsultationPanelProps {
  value: PreConsultationData;
  onChange: (value: PreConsultationData) => void;
  disabled?: boolean;
}

/** Optional patient and client details that steer transcription spelling and pre-fill the notes. */
export function PreConsultationPanel({ value, onChange, disabled }: PreConsultationPanelProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const update = (patch: Partial<PreConsultationData>) => {
    const next = { ...value, ...patch };
    onChange({ ...next, isFarmMode: isFarmConsultation(next.consultationType) });
  };
  return (
    <Card className={styles.panel}>
      <button
        type="button"
        className={styles.collapsible}
        aria-expanded={open}
        aria-controls={`${id}-body`}
        onClick={() => setOpen(!open)}
      >
        <span>
          <strong>Pre-Consultation Details</strong> <span className={styles.optional}>(Optional)</span>
        </span>
        <span className={styles.chevron} aria-hidden="true">
          {open ? '▾' : '▸'}
        </span>
      </button>
      <p className={styles.muted}>Adding patient details helps improve transcription and notes accuracy.</p>
      {open && (
        <div id={`${id}-body`} className={styles.formGrid}>
          <TextField
            label="Client Name"
            value={value.clientName ?? ''}
            disabled={disabled}
            onChange={(event) => update({ clientName: event.target.value })}
            autoComplete="off"
          />
          <TextField
            label="Patient Name"
            value={value.patientName ?? ''}
            disabled={disabled}
            onChange={(event) => update({ patientName: event.target.value })}
            autoComplete="off"
          />
          <label className={styles.selectField}>
            <span>Species</span>
            <select
              value={value.species ?? ''}
              disabled={disabled}
              onChange={(event) =>
                update({ species: (event.target.value || undefined) as PreConsultationData['species'] })
              }
            >
              <option value="">Select species</option>
              {SPECIES.map((species) => (
                <option key={species}>{species}</option>
              ))}
            </select>
          </label>
          <label className={styles.selectField}>
            <span>Consultation Type</span>
            <select
              value={value.consultationType ?? ''}
              disabled={disabled}
              onChange={(event) =>
                update({
                  consultationType: (event.target.value ||
                    undefined) as PreConsultationData['consultationType'],
                })
              }
            >
              <option value="">Select type</option>
              {CONSULTATION_TYPES.map((type) => (
                <option key={type}>{type}</option>
              ))}
            </select>
          </label>
          {value.consultationType === 'Herd Visit' && (
            <HerdVisitFields value={value} disabled={disabled} onChange={update} />
          )}
        </div>
      )}
    </Card>
  );
}
