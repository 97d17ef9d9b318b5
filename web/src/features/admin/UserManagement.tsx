import { useState, type ReactNode } from 'react';
import { CloseIcon, ShieldCheckIcon } from '../../components/icons';
import { Button } from '../../components/ui/Button';
import { Card, CardTitle } from '../../components/ui/Card';
import { Input } from '../../components/ui/Field';
import { Spinner } from '../../components/ui/Spinner';
import {
  countAdmins,
  emptyUsersText,
  filterUsers,
  practiceLabel,
  rowActions,
  type AdminUser,
} from './admin-model';
import { useAdminUsers, useSetAdmin } from './api';
import { DeleteUserDialog } from './DeleteUserDialog';
import { EmailText } from './EmailText';
import { SearchIcon, TrashIcon } from '../../components/icons';
import styles from './Admin.module.css';

const COLUMNS = 5;

/** One full-width line in the table body: loading, error or empty. */
function BodyMessage({ children, role }: { children: ReactNode; role?: 'status' | 'alert' }) {
  return (
    <tr role="row">
      <td colSpan={COLUMNS} className={styles.bodyMessage} role={role ?? 'cell'}>
        {children}
      </td>
    </tr>
  );
}

function AdminFlag({ isAdmin }: { isAdmin: boolean }) {
  if (isAdmin)
    return (
      <span className={styles.adminFlag}>
        <ShieldCheckIcon size={18} role="img" aria-label="Admin" />
      </span>
    );
  return (
    <>
      <span aria-hidden="true" className={styles.dash}>
        —
      </span>
      <span className="visually-hidden">Not an admin</span>
    </>
  );
}

interface UserRowProps {
  user: AdminUser;
  currentUserId: string | undefined;
  adminCount: number;
  toggling: boolean;
  onToggle: (user: AdminUser, isAdmin: boolean) => void;
  onDelete: (user: AdminUser) => void;
}

function UserRow({ user, currentUserId, adminCount, toggling, onToggle, onDelete }: UserRowProps) {
  const actions = rowActions(user, { currentUserId, adminCount });
  return (
    <tr data-testid="user-row" data-email={user.email} role="row">
      <th scope="row" role="rowheader" className={styles.emailCell}>
        <EmailText email={user.email} />
        {actions.isSelf && <span className={styles.youBadge}>You</span>}
      </th>
      <td role="cell" className={styles.practiceCell} data-label="Practice Name">
        {practiceLabel(user.practiceName)}
      </td>
      <td role="cell" className={styles.numeric} data-label="Recordings">
        {user.recordingCount}
      </td>
      <td role="cell" className={styles.centre} data-label="Admin">
        <AdminFlag isAdmin={user.isAdmin === 1} />
      </td>
      <td role="cell" className={styles.userActionsCell}>
        <div className={styles.actions}>
          <Button
            size="sm"
            variant="secondary"
            className={styles.toggleButton}
            // A disabled button cannot be focused, so the reason also lives in the tooltip (title).
            disabled={actions.toggle.disabledReason !== undefined || toggling}
            title={actions.toggle.disabledReason}
            onClick={() => onToggle(user, actions.toggle.nextIsAdmin)}
          >
            {toggling ? <Spinner /> : null}
            {actions.toggle.label}
          </Button>
          <Button
            size="sm"
            variant="danger"
            disabled={actions.remove.disabledReason !== undefined}
            title={actions.remove.disabledReason}
            onClick={() => onDelete(user)}
          >
            <TrashIcon size={16} />
            Delete
          </Button>
        </div>
      </td>
    </tr>
  );
}

/** The spec's 'User Management' table: search, one row per account, admin flag and delete. */
export function UserManagement({
  currentUserId,
  search,
  onSearchChange,
}: {
  currentUserId: string | undefined;
  search: string;
  onSearchChange: (search: string) => void;
}) {
  const users = useAdminUsers();
  const [refusal, setRefusal] = useState<string | undefined>();
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const setAdmin = useSetAdmin(setRefusal);
  const all = users.data?.users ?? [];
  const shown = filterUsers(all, search);
  const adminCount = countAdmins(all);

  let body: ReactNode;
  if (users.isPending)
    body = (
      <BodyMessage role="status">
        <Spinner /> Loading users...
      </BodyMessage>
    );
  else if (users.isError) body = <BodyMessage role="alert">{users.error.message}</BodyMessage>;
  else if (shown.length === 0) body = <BodyMessage>{emptyUsersText(search)}</BodyMessage>;
  else
    body = shown.map((user) => (
      <UserRow
        key={user.id}
        user={user}
        currentUserId={currentUserId}
        adminCount={adminCount}
        toggling={setAdmin.isPending && setAdmin.variables.id === user.id}
        onToggle={(target, isAdmin) => setAdmin.mutate({ id: target.id, isAdmin })}
        onDelete={setDeleting}
      />
    ));

  return (
    <Card className={styles.section} aria-labelledby="user-management-title">
      <div className={styles.sectionHeader}>
        <CardTitle id="user-management-title">User Management</CardTitle>
        <div className={styles.search}>
          <span className={styles.searchIcon}>
            <SearchIcon size={18} />
          </span>
          <Input
            type="search"
            aria-label="Search users"
            placeholder="Search by email or practice name..."
            value={search}
            onChange={(event) => onSearchChange(event.target.value)}
          />
        </div>
      </div>
      {refusal && (
        <div className={styles.refusal} role="alert">
          <p>{refusal}</p>
          <button
            type="button"
            className={styles.refusalClose}
            aria-label="Dismiss message"
            onClick={() => setRefusal(undefined)}
          >
            <CloseIcon size={16} />
          </button>
        </div>
      )}
      {/* A wide table scrolls inside the card on a phone instead of widening the page; focusable so
          keyboard users can scroll it too. */}
      <div className={styles.tableScroll} tabIndex={0} role="region" aria-label="Users table">
        {/* On a phone each user becomes a card (stackOnPhone), so Make Admin and Delete stay on screen. */}
        <table className={`${styles.table} ${styles.stackOnPhone}`} role="table">
          <caption className="visually-hidden">
            Users with their practice, recordings and admin status. You cannot remove your own admin rights or
            delete your own account.
          </caption>
          <thead>
            <tr role="row">
              <th scope="col" role="columnheader">
                Email
              </th>
              <th scope="col" role="columnheader">
                Practice Name
              </th>
              <th scope="col" role="columnheader" className={styles.numeric}>
                Recordings
              </th>
              <th scope="col" role="columnheader" className={styles.centre}>
                Admin
              </th>
              <th scope="col" role="columnheader">
                Actions
              </th>
            </tr>
          </thead>
          <tbody>{body}</tbody>
        </table>
      </div>
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
    </Card>
  );
}
