import type { ReactNode } from 'react';
import { Card, CardDescription, CardHeader, CardTitle } from '../../components/ui/Card';
import { PublicHeader } from '../shell';
import styles from './AuthLayout.module.css';

export { styles as authStyles };

interface AuthLayoutProps {
  title?: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The frame of the sign-in family of pages: header, then one centred card. */
export function AuthLayout({ title, description, children, footer }: AuthLayoutProps) {
  return (
    <div className={styles.page}>
      <PublicHeader />
      <main id="main" className={styles.main}>
        <Card className={styles.card} aria-labelledby={title ? 'auth-title' : undefined}>
          {title && (
            <CardHeader>
              <CardTitle as="h1" id="auth-title">
                {title}
              </CardTitle>
              {description && <CardDescription>{description}</CardDescription>}
            </CardHeader>
          )}
          {children}
          {footer && <div className={styles.footer}>{footer}</div>}
        </Card>
      </main>
    </div>
  );
}
