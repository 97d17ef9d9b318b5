import { Spinner } from '../../components/ui/Spinner';
import styles from './AppLayout.module.css';

/** 'Loading...' with a spinner, announced politely; for use inside a page's own <main>. */
export function LoadingState({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className={styles.centered}>
      <div className={styles.loading} role="status" aria-live="polite">
        <Spinner size="large" />
        <span>{label}</span>
      </div>
    </div>
  );
}

/** LoadingState as the whole page (before the header can be drawn, e.g. while the guard asks /me). */
export function FullPageLoading({ label }: { label?: string }) {
  return (
    <main className={styles.fill}>
      <LoadingState label={label} />
    </main>
  );
}
