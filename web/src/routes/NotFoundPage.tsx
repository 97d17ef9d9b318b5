import { CompassIcon } from '../components/icons';
import { ButtonLink } from '../components/ui/Button';
import { Card } from '../components/ui/Card';
import { PublicHeader } from '../features/shell/PublicHeader';
import styles from './NotFoundPage.module.css';

export function NotFoundPage() {
  return (
    <div className={styles.page}>
      <PublicHeader />
      <main id="main" className={styles.main}>
        <Card className={styles.card} aria-labelledby="not-found-title">
          <span className={styles.icon}>
            <CompassIcon size={30} />
          </span>
          <h1 id="not-found-title" className={styles.title}>
            404 Page Not Found
          </h1>
          <p className={styles.text}>The page you are looking for doesn&apos;t exist or has moved.</p>
          <div className={styles.actions}>
            <ButtonLink to="/">Go Home</ButtonLink>
            <ButtonLink to="/app" variant="secondary">
              Open the App
            </ButtonLink>
          </div>
        </Card>
      </main>
    </div>
  );
}
