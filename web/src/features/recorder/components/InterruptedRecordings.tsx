import {
  formatConsultationDate,
  formatConsultationTime,
  formatShortDuration,
} from '#shared/format/recording-metadata';
import { Button } from '../../../components/ui/Button';
import type { RecoveredCapture } from '../storage/capture-journal';
import styles from './Recorder.module.css';

interface InterruptedRecordingsProps {
  captures: RecoveredCapture[];
  onRecover: (id: string) => void;
  onDiscard: (id: string) => void;
}

/** Recordings cut short by a crash, reload or reboot, offered back instead of silently lost. */
export function InterruptedRecordings({ captures, onRecover, onDiscard }: InterruptedRecordingsProps) {
  if (captures.length === 0) return null;
  return (
    <div className={styles.recovery} role="alert" data-testid="interrupted">
      <p className={styles.recoveryTitle}>Interrupted recording found</p>
      {captures.map((capture) => (
        <div key={capture.meta.id} className={styles.recoveryRow}>
          <p>
            {capture.meta.preConsultationData.patientName || 'Unknown Patient'} · started{' '}
            {formatConsultationDate(new Date(capture.meta.startedAt))}{' '}
            {formatConsultationTime(new Date(capture.meta.startedAt))} ·{' '}
            <span data-testid="interrupted-duration">{formatShortDuration(capture.recordedSeconds)}</span>{' '}
            saved
          </p>
          <div className={styles.recoveryActions}>
            <Button size="sm" onClick={() => onRecover(capture.meta.id)}>
              Recover recording
            </Button>
            <Button size="sm" variant="ghost" onClick={() => onDiscard(capture.meta.id)}>
              Discard
            </Button>
          </div>
        </div>
      ))}
    </div>
  );
}
