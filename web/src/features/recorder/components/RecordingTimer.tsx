import { formatTimer } from '#shared/format/recording-metadata';
import styles from './Recorder.module.css';

/** MM:SS with 'Recording...' and a live input level, so the vet can see the microphone hears them. */
export function RecordingTimer({
  seconds,
  level,
  paused,
}: {
  seconds: number;
  level: number;
  paused: boolean;
}) {
  return (
    <div className={styles.timer}>
      <span className={styles.timerValue} data-testid="timer" role="timer">
        {formatTimer(seconds)}
      </span>
      {!paused && <span className={styles.timerLabel}>Recording...</span>}
      <div
        className={styles.meter}
        role="meter"
        aria-label="Microphone level"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(level * 100)}
      >
        <span className={styles.meterFill} style={{ transform: `scaleX(${paused ? 0 : level})` }} />
      </div>
    </div>
  );
}
