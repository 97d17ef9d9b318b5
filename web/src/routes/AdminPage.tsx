import { useState } from 'react';
import { AuditLog } from '../features/admin/AuditLog';
import { RetentionSection } from '../features/admin/RetentionSection';
import { StatCards } from '../features/admin/StatCards';
import { UserManagement } from '../features/admin/UserManagement';
import { useCurrentUser } from '../features/auth/api';
import styles from '../features/admin/Admin.module.css';

/**
 * The admin panel (/admin, admins only; the route guard shows Access Denied to everyone else). Spec
 * section 2 'Admin': title, stat cards and the User Management table; below it, beyond the spec
 * (issue 8), record retention and the audit log.
 */
export function AdminPage() {
  // The guard has already loaded the signed-in user; this reads the same cache entry.
  const currentUserId = useCurrentUser().data?.user?.id;
  // Shared by the user table and the retention list, so finding a practice once finds it in both.
  const [search, setSearch] = useState('');
  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <h1 className={styles.title}>Admin Panel</h1>
        <p className={styles.subtitle}>Manage users and view system statistics</p>
      </header>
      <StatCards />
      <UserManagement currentUserId={currentUserId} search={search} onSearchChange={setSearch} />
      <RetentionSection search={search} />
      <AuditLog />
    </div>
  );
}
