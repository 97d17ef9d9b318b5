import { FactList } from '../../../components/ui/FactList';
import styles from './Review.module.css';

export interface NotesInfo {
  date?: string | undefined;
  time?: string | undefined;
  duration?: string | undefined;
  clientName?: string | undefined;
  patientName?: string | undefined;
  species?: string | undefined;
  consultationType?: string | undefined;
}

/** The date/time/duration card, then the patient information card; each only when it has something to show. */
export function NotesInfoCards({ info }: { info: NotesInfo }) {
  const hasWhen = Boolean(info.date || info.time || info.duration);
  const hasPatient = Boolean(info.clientName || info.patientName || info.species || info.consultationType);
  return (
    <>
      {hasWhen && (
        <div className={styles.infoCard} data-testid="notes-when">
          <FactList
            className={styles.infoGrid}
            items={[
              ['Date', info.date],
              ['Time', info.time],
              ['Duration', info.duration],
            ]}
          />
        </div>
      )}
      {hasPatient && (
        <div className={styles.infoCard} data-testid="notes-patient">
          <p className={styles.infoTitle}>Patient Information</p>
          <FactList
            className={styles.infoGrid}
            items={[
              ['Client', info.clientName],
              ['Patient', info.patientName],
              ['Species', info.species],
              ['Type', info.consultationType],
            ]}
          />
        </div>
      )}
    </>
  );
}
