import { useId, useState } from 'react';
import { RETENTION_YEARS_MAX, RETENTION_YEARS_MIN } from '#shared/schemas/admin';
import { Button } from '../../components/ui/Button';
import { Card, CardDescription, CardTitle } from '../../components/ui/Card';
import { Input } from '../../components/ui/Field';
import { Switch } from '../../components/ui/Switch';
import {
  checkRetentionYears,
  emptyUsersText,
  filterUsers,
  practiceLabel,
  type AdminUser,
} from './admin-model';
import { useAdminUsers, useSetRetention } from './api';
import { EmailText } from './EmailText';
import styles from './Admin.module.css';

function RetentionRow({ user }: { user: AdminUser }) {
  const id = useId();
  const [draft, setDraft] = useState(String(user.retentionYears));
  const setRetention = useSetRetention();
  const check = checkRetentionYears(draft);
  const changed = check.ok && check.years !== user.retentionYears;
  const busy = setRetention.isPending;
  return (
    <tr data-testid="retention-row" data-email={user.email} role="row">
      <th scope="row" role="rowheader" className={styles.emailCell}>
        <EmailText email={user.email} />
        <span className={styles.subtle}>{practiceLabel(user.practiceName)}</span>
      </th>
      <td role="cell" className={styles.yearsCell} data-label="Retention (years)">
        <form
          className={styles.yearsForm}
          onSubmit={(event) => {
            event.preventDefault();
            if (check.ok && changed)
              setRetention.mutate({ id: user.id, email: user.email, retentionYears: check.years });
          }}
        >
          <Input
            id={`${id}-years`}
            className={styles.yearsInput}
            type="number"
            inputMode="numeric"
            min={RETENTION_YEARS_MIN}
            max={RETENTION_YEARS_MAX}
            step={1}
            aria-label={`Retention in years for ${user.email}`}
            aria-invalid={!check.ok || undefined}
            aria-describedby={check.ok ? undefined : `${id}-error`}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <Button type="submit" size="sm" variant="secondary" disabled={!changed || busy}>
            Save
          </Button>
        </form>
        {!check.ok && (
          <p id={`${id}-error`} className={styles.fieldError}>
            {check.message}
          </p>
        )}
      </td>
      <td role="cell" className={styles.holdCell}>
        <Switch
          label="Legal hold"
          checked={user.legalHold}
          disabled={busy}
          onCheckedChange={(legalHold) => setRetention.mutate({ id: user.id, email: user.email, legalHold })}
        />
      </td>
    </tr>
  );
}

/**
 * Beyond the spec (issue 8): how long each practice's records are kept after the last consultation, and
 * a legal hold that stops the purge. Follows the User Management search so one practice is easy to find.
 */
export function RetentionSection({ search }: { search: string }) {
  const users = useAdminUsers();
  if (!users.data) return null;
  const shown = filterUsers(users.data.users, search);
  return (
    <Card className={styles.section} aria-labelledby="retention-title">
      <div className={styles.sectionIntro}>
        <CardTitle id="retention-title">Record Retention</CardTitle>
        <CardDescription>
          Records are kept this many years after a patient&apos;s last consultation (at least{' '}
          {RETENTION_YEARS_MIN}, the SA Veterinary Council minimum). A legal hold keeps everything of that
          practice.
          {search.trim() !== '' &&
            ` Filtered by the search above: ${shown.length} of ${users.data.users.length}.`}
        </CardDescription>
      </div>
      <div className={styles.tableScroll} tabIndex={0} role="region" aria-label="Retention table">
        <table className={`${styles.table} ${styles.stackOnPhone}`} role="table">
          <caption className="visually-hidden">Retention period and legal hold per user</caption>
          <thead>
            <tr role="row">
              <th scope="col" role="columnheader">
                User
              </th>
              <th scope="col" role="columnheader">
                Retention (years)
              </th>
              <th scope="col" role="columnheader">
                Legal hold
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.length === 0 ? (
              <tr>
                <td colSpan={3} className={styles.bodyMessage}>
                  {emptyUsersText(search)}
                </td>
              </tr>
            ) : (
              // The key includes the saved values, so a row's draft resets when the server's answer lands.
              shown.map((user) => <RetentionRow key={`${user.id}:${user.retentionYears}`} user={user} />)
            )}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
