import { formatConsultationTime, formatShortDuration } from '#shared/format/recording-metadata';
import { Card, CardHeader, CardTitle } from '../../../components/ui/Card';
import type { LocalRecording } from '../../../data/local-recording';
import { syncStatus, type SyncContext } from '../model/sync-status';
import { NotesIcon, PlayIcon, TrashIcon } from '../../../components/icons';
import styles from './Recorder.module.css';

interface SessionRecordingsListProps {
  recordings: LocalRecording[];
  selectedId: string | null;
  /** Connection and queue state, for what each unprocessed recording is waiting for. */
  sync: Omit<SyncContext, 'now'>;
  onSelect: (id: string) => void;
  onDelete: (id: string) => void;
  /** Tries a failed recording again. */
  onRetry: (id: string) => void;
}

/** Local recordings of this session, oldest first so the numbering follows the day's order. */
export function SessionRecordingsList({
  recordings,
  selectedId,
  sync,
  onSelect,
  onDelete,
  onRetry,
}: SessionRecordingsListProps) {
  if (recordings.length === 0) return null;
  const ordered = [...recordings].sort((a, b) => a.recordingStartTime.localeCompare(b.recordingStartTime));
  return (
    <Card className={styles.panel}>
      <CardHeader className={styles.listHeader}>
        <CardTitle as="h3">Session Recordings</CardTitle>
        <span className={styles.countBadge} data-testid="session-count">
          {recordings.length} recording(s)
        </span>
      </CardHeader>
      <ol className={styles.sessionList} data-testid="session-list">
        {ordered.map((recording, index) => {
          const processed = Boolean(recording.clinicalData);
          const data = recording.preConsultationData;
          const status = syncStatus(recording, { ...sync, now: new Date() });
          return (
            <li
              key={recording.id}
              className={recording.id === selectedId ? styles.selectedItem : undefined}
              data-testid="session-item"
            >
              <span className={styles.itemNumber}>{index + 1}</span>
              <div className={styles.itemBody}>
                <p className={styles.itemTitle}>
                  {data.clientName && <span>{data.clientName}</span>}
                  {data.clientName && <span aria-hidden="true"> · </span>}
                  {/* A herd visit has no one patient: its group ('Kamp 3 ooie') stands in for the name. */}
                  <span>
                    {data.patientName ||
                      recording.clinicalData?.patientName ||
                      data.groupName ||
                      'Unknown Patient'}
                  </span>
                  {data.species && <span className={styles.speciesBadge}>{data.species}</span>}
                </p>
                <p className={styles.itemMeta}>
                  <span>{formatConsultationTime(new Date(recording.recordingStartTime))}</span>
                  <span data-testid="session-duration">{formatShortDuration(recording.recordingTime)}</span>
                  {recording.totalSegments && recording.totalSegments > 1 && (
                    <span>
                      Segment {recording.segmentNumber} of {recording.totalSegments}
                    </span>
                  )}
                  {processed && <span className={styles.processed}>✓ Processed</span>}
                  {status.kind === 'failed' ? (
                    <button
                      type="button"
                      className={styles.retryStatus}
                      onClick={() => onRetry(recording.id)}
                      title={recording.processingError}
                      data-testid="sync-status"
                    >
                      Failed - tap to retry
                    </button>
                  ) : (
                    !processed &&
                    status.kind !== 'unprocessed' && (
                      <span className={styles.syncStatus} data-kind={status.kind} data-testid="sync-status">
                        {status.label}
                      </span>
                    )
                  )}
                </p>
              </div>
              <button
                type="button"
                className={styles.iconAction}
                title={processed ? 'View notes' : 'Process recording'}
                aria-label={processed ? 'View notes' : 'Process recording'}
                onClick={() => onSelect(recording.id)}
              >
                {processed ? <NotesIcon size={18} /> : <PlayIcon size={18} />}
              </button>
              <button
                type="button"
                className={`${styles.iconAction} ${styles.danger}`}
                title="Delete recording"
                aria-label="Delete recording"
                onClick={() => onDelete(recording.id)}
              >
                <TrashIcon size={18} />
              </button>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
