import { Card, CardTitle } from '../../components/ui/Card';
import { ButtonLink } from '../../components/ui/Button';
import { LockIcon } from '../../components/icons';
import { layoutStyles as styles } from '../shell';

export function AccessDenied() {
  return (
    <div className={styles.centered}>
      <Card className={styles.denied} aria-labelledby="access-denied-title">
        <span className={styles.deniedIcon}>
          <LockIcon size={26} />
        </span>
        <CardTitle as="h1" id="access-denied-title">
          Access Denied
        </CardTitle>
        <p className={styles.deniedText}>You need administrator privileges to access this page.</p>
        <ButtonLink to="/app">Go to App</ButtonLink>
      </Card>
    </div>
  );
}
