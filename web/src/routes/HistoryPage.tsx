import { Link } from 'react-router-dom';
import { ArrowLeftIcon, HistoryIcon } from '../components/icons';
import { Card } from '../components/ui/Card';
import styles from './PlaceholderPage.module.css';

/** Recording history (/history). Placeholder until the history issue lands. */
export function HistoryPage() {
  return (
    <>
      <div className={styles.titleRow}>
        <Link to="/app" className={styles.back} aria-label="Back to the recorder">
          <ArrowLeftIcon />
        </Link>
        <h1 className={styles.title}>Recording History</h1>
      </div>
      <Card>
        <div className={styles.empty}>
          <span className={styles.emptyIcon}>
            <HistoryIcon size={30} />
          </span>
          <p className={styles.emptyTitle}>No recordings found</p>
          <p>Start recording consultations to see them here</p>
        </div>
      </Card>
    </>
  );
}
