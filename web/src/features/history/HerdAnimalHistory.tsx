import { useQuery } from '@tanstack/react-query';
import type { AnimalHistoryResponse, HerdVisitResponse } from '#shared/schemas/herd';
import type { StoredClinicalData } from '#shared/schemas/clinical';
import type { RecordingView } from '#shared/schemas/recordings';
import { cardDate } from './history-model';
import styles from './History.module.css';

/** An animal's record of a herd visit (issue 20): saved with the visit as its parent and no audio of its own. */
export function isHerdAnimalRecord(recording: RecordingView): boolean {
  return recording.consultationType === 'Herd Visit' && recording.parentRecordingId !== null;
}

/**
 * 'All records of ewe 231 at this farm': the animal's tag comes from its visit, then one call lists its
 * records across visits at the same farm (client), newest first.
 */
export function HerdAnimalHistory({ recording }: { recording: RecordingView }) {
  const visit = useQuery<HerdVisitResponse>({
    queryKey: [`/api/herd-visits/${encodeURIComponent(recording.parentRecordingId ?? '')}`],
    enabled: recording.parentRecordingId !== null,
  });
  const tag = visit.data?.animals.find((animal) => animal.id === recording.id)?.animalTag ?? null;
  const farm = recording.clientName;
  const history = useQuery<AnimalHistoryResponse>({
    queryKey: [
      `/api/herd-visits/animal-history?farm=${encodeURIComponent(farm ?? '')}&tag=${encodeURIComponent(tag ?? '')}`,
    ],
    enabled: Boolean(tag && farm),
  });
  return (
    <section data-testid="herd-animal-history">
      <h3 className={styles.detailsHeading}>Herd Visit</h3>
      <p className={styles.transcript}>
        {visit.data?.groupName ? `Seen with ${visit.data.groupName}. ` : ''}The audio is the visit&apos;s
        recording.
      </p>
      {tag && farm && (
        <>
          <h3 className={styles.detailsHeading}>
            All records of {recording.patientName} at {farm}
          </h3>
          {history.isPending && <p className={styles.status}>Loading...</p>}
          {history.data && (
            <ul className={styles.transcript}>
              {history.data.records.map((record) => {
                const { date } = cardDate(record.recordedAt);
                const notes = record.soapNotes as StoredClinicalData | null;
                const firstLine = [notes?.objective, notes?.assessment, notes?.plan]
                  .map((text: string | undefined) =>
                    text?.split('\n').find((line: string) => line.trim() !== ''),
                  )
                  .find(Boolean);
                return (
                  <li key={record.id}>
                    <strong>{date}</strong>
                    {record.id === recording.id ? ' (this visit)' : ''}
                    {firstLine ? ` — ${firstLine}` : ''}
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
