import styles from './Admin.module.css';

/** An address that may wrap after its '@' (never inside either half) when the column is squeezed. */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <span className={styles.emailPart}>{email}</span>;
  return (
    <>
      <span className={styles.emailPart}>{email.slice(0, at + 1)}</span>
      <span className={styles.emailPart}>{email.slice(at + 1)}</span>
    </>
  );
}
