import { MicIcon, TractorIcon } from '../../../components/icons';
import type { RecorderStatus } from '../model/recorder-machine';
import styles from './Recorder.module.css';

interface RecordButtonProps {
  status: RecorderStatus;
  isFarmMode: boolean;
  onPress: () => void;
  disabled?: boolean;
}

/** The one big round button: record, pause, resume. 150 px; 225 px in Farm Mode while paused. */
export function RecordButton({ status, isFarmMode, onPress, disabled }: RecordButtonProps) {
  const label =
    status === 'recording'
      ? 'Tap to Pause'
      : status === 'paused'
        ? 'PAUSED - Tap to Resume'
        : 'Tap to Record';
  const classes = [
    styles.recordButton,
    status === 'recording' ? styles.recording : '',
    status === 'paused' ? styles.paused : '',
    isFarmMode ? styles.farm : '',
    isFarmMode && status === 'paused' ? styles.farmPaused : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={styles.recordButtonWrap}>
      <button
        type="button"
        className={classes}
        onClick={onPress}
        disabled={disabled}
        aria-label={label}
        data-testid="record-button"
        data-status={status}
      >
        {isFarmMode ? <TractorIcon size={56} /> : <MicIcon size={56} />}
      </button>
      <p className={styles.recordLabel} aria-live="polite">
        {label}
      </p>
    </div>
  );
}
