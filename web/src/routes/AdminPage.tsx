import { ShieldIcon } from '../components/icons';
import { Card } from '../components/ui/Card';
import styles from './PlaceholderPage.module.css';

/** The admin panel (/admin, admins only). Placeholder until the admin issue lands. */
export function AdminPage() {
  return (
    <>
      <h1 className={styles.title}>Admin Panel</h1>
      <p className={styles.subtitle}>Manage users and view system statistics</p>
      <Card>
        <div className={styles.empty}>
          <span className={styles.emptyIcon}>
            <ShieldIcon size={30} />
          </span>
          <p className={styles.emptyTitle}>User management is on its way</p>
        </div>
      </Card>
    </>
  );
}
