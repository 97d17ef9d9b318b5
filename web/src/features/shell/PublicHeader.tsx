import { ButtonLink } from '../../components/ui/Button';
import { Brand } from './Brand';
import styles from './Header.module.css';

/** The header for signed-out pages: the brand, and on the landing page the Sign In / Sign Up actions. */
export function PublicHeader({ showAuthActions = false }: { showAuthActions?: boolean }) {
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Brand />
        {showAuthActions && (
          <nav className={`${styles.nav} ${styles.publicActions}`} aria-label="Account">
            <ButtonLink to="/login" variant="ghost" size="sm">
              Sign In
            </ButtonLink>
            <ButtonLink to="/register" size="sm">
              Sign Up
            </ButtonLink>
          </nav>
        )}
      </div>
    </header>
  );
}
