import styles from './Spinner.module.css';

/** Decorative: the surrounding text ('Loading...', 'Signing in...') carries the meaning. */
export function Spinner({ size = 'small' }: { size?: 'small' | 'large' }) {
  return (
    <span aria-hidden="true" className={[styles.spinner, size === 'large' ? styles.large : ''].join(' ')} />
  );
}
