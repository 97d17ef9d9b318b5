import type { RecordingCardView } from '#shared/schemas/recordings';
import { cardDate } from './history-model';
import styles from './History.module.css';

/** One saved consultation: patient, species/breed/type badges, client and when it was recorded. */
export function RecordingCard({ recording, onOpen }: { recording: RecordingCardView; onOpen: () => void }) {
  const { date, time } = cardDate(recording.recordedAt);
  const badges = [recording.species, recording.breed].filter((value): value is string => Boolean(value));
  return (
    <button type="button" className={styles.card} onClick={onOpen} data-testid="history-card">
      <span className={styles.cardTop}>
        <span className={styles.patient}>{recording.patientName}</span>
        <span className={styles.when}>
          <time dateTime={recording.recordedAt}>
            {date} {time}
          </time>
        </span>
      </span>
      {(badges.length > 0 || recording.consultationType) && (
        <span className={styles.badges}>
          {badges.map((badge) => (
            <span key={badge} className={styles.badge}>
              {badge}
            </span>
          ))}
          {recording.consultationType && (
            <span className={[styles.badge, styles.badgeOutline].join(' ')}>
              {recording.consultationType}
            </span>
          )}
        </span>
      )}
      {recording.clientName && <span className={styles.client}>Client: {recording.clientName}</span>}
    </button>
  );
}
