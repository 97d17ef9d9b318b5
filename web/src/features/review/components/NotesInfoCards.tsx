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

function InfoList({ items }: { items: Array<[label: string, value: string | undefined]> }) {
  const shown = items.filter((item): item is [string, string] => Boolean(item[1] && item[1].trim()));
  if (shown.length === 0) return null;
  return (
    <dl className={styles.infoGrid}>
      {shown.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The date/time/duration card, then the patient information card; each only when it has something to show. */
export function NotesInfoCards({ info }: { info: NotesInfo }) {
  const hasWhen = Boolean(info.date || info.time || info.duration);
  const hasPatient = Boolean(info.clientName || info.patientName || info.species || info.consultationType);
  return (
    <>
      {hasWhen && (
        <div className={styles.infoCard} data-testid="notes-when">
          <InfoList
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
          <InfoList
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
