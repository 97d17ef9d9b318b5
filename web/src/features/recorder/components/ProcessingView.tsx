import { Card } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import type { ProcessingStep } from '../model/recorder-machine';
import styles from './Recorder.module.css';

const stepText: Record<ProcessingStep, string> = {
  transcribing: 'Transcribing audio...',
  extracting: 'Extracting clinical notes...',
};

/** The processing state: which step runs, with a progress bar (indeterminate until the server reports). */
export function ProcessingView({ step, progress }: { step: ProcessingStep; progress: number | null }) {
  return (
    <Card className={styles.processing} data-testid="processing">
      <Spinner />
      <p className={styles.processingText} role="status" aria-live="polite">
        {stepText[step]}
      </p>
      <div
        className={styles.progress}
        role="progressbar"
        aria-label={stepText[step]}
        aria-valuemin={0}
        aria-valuemax={100}
        {...(progress === null ? {} : { 'aria-valuenow': Math.round(progress * 100) })}
      >
        <span
          className={progress === null ? styles.progressIndeterminate : styles.progressFill}
          style={progress === null ? undefined : { transform: `scaleX(${progress})` }}
        />
      </div>
    </Card>
  );
}
