import { Button, ButtonLink } from '../../components/ui/Button';
import { HistoryIcon, LogOutIcon, SettingsIcon, ShieldIcon } from '../../components/icons';
import { isAdmin, useLogout, type AuthUser } from '../auth';

import { Brand } from './Brand';
import styles from './Header.module.css';

/** The signed-in header: brand, then Admin (admins only), History, Settings and Logout. */
export function AppHeader({ user }: { user: AuthUser }) {
  const logout = useLogout();
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Brand to="/app" />
        <nav className={styles.nav} aria-label="Account">
          <span className={styles.account} title={user.email}>
            {user.practiceName || user.email}
          </span>
          {isAdmin(user) && (
            <ButtonLink to="/admin" variant="ghost" size="sm" className={styles.iconButton} title="Admin">
              <ShieldIcon size={18} />
              <span className={styles.buttonLabel}>Admin</span>
            </ButtonLink>
          )}
          <ButtonLink to="/history" variant="ghost" size="sm" className={styles.iconButton} title="History">
            <HistoryIcon size={18} />
            <span className={styles.buttonLabel}>History</span>
          </ButtonLink>
          <ButtonLink to="/settings" variant="ghost" size="sm" className={styles.iconButton} title="Settings">
            <SettingsIcon size={18} />
            <span className={styles.buttonLabel}>Settings</span>
          </ButtonLink>
          <Button
            variant="secondary"
            size="sm"
            className={styles.iconButton}
            title="Logout"
            onClick={() => logout.mutate()}
            disabled={logout.isPending}
          >
            <LogOutIcon size={18} />
            <span className={styles.buttonLabel}>Logout</span>
          </Button>
        </nav>
      </div>
    </header>
  );
}
