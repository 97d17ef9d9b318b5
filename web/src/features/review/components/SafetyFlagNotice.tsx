import { Button } from '../../../components/ui/Button';
import { FLAG_KIND_LABEL, type ReviewFlag } from '../model/safety-flags';
import styles from './Review.module.css';

/** One extractor warning on a bullet, with its Acknowledge action until the vet has acknowledged it. */
export function SafetyFlagNotice({
  flag,
  acknowledged,
  onAcknowledge,
}: {
  flag: ReviewFlag;
  acknowledged: boolean;
  onAcknowledge?: (() => void) | undefined;
}) {
  const tone = acknowledged
    ? styles.flag_acknowledged
    : flag.severity === 'danger'
      ? styles.flag_danger
      : styles.flag_warning;
  return (
    <div
      className={[styles.flag, tone].join(' ')}
      role="note"
      data-testid="safety-flag"
      data-acknowledged={acknowledged}
    >
      <span className={styles.flagText}>
        <strong>
          {acknowledged ? '✓ ' : '⚠ '}
          {FLAG_KIND_LABEL[flag.kind]}:
        </strong>{' '}
        {flag.message}
        {flag.suggestion && !acknowledged ? ` Suggestion: ${flag.suggestion}` : ''}
        {acknowledged ? ' (acknowledged)' : ''}
      </span>
      {!acknowledged && onAcknowledge && (
        <Button
          size="sm"
          variant="secondary"
          onClick={onAcknowledge}
          aria-label={`Acknowledge: ${flag.message}`}
        >
          Acknowledge
        </Button>
      )}
    </div>
  );
}
