import { Link } from 'react-router-dom';
import { ArrowLeftIcon } from '../icons';
import styles from './PageTitle.module.css';

/** A page's heading with the back arrow to the recorder, and an optional line under it. */
export function PageTitle({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <>
      <div className={subtitle ? `${styles.titleRow} ${styles.withSubtitle}` : styles.titleRow}>
        <Link to="/app" className={styles.back} aria-label="Back to the recorder">
          <ArrowLeftIcon />
        </Link>
        <h1 className={styles.title}>{title}</h1>
      </div>
      {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
    </>
  );
}
