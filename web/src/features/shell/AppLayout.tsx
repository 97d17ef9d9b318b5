import type { ReactNode } from 'react';
import type { AuthUser } from '../auth';
import { AppHeader } from './AppHeader';
import styles from './AppLayout.module.css';

/** A signed-in page: header, then the page in a centred column. */
export function AppLayout({ user, children }: { user: AuthUser; children: ReactNode }) {
  return (
    <div className={styles.shell}>
      <AppHeader user={user} />
      <main id="main" className={styles.main}>
        {children}
      </main>
    </div>
  );
}
