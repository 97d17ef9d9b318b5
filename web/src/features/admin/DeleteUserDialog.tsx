import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import type { AdminUser } from './admin-model';
import { useDeleteUser } from './api';
import styles from './Admin.module.css';

/** The spec's 'Are you sure?' confirmation. It stays open until the server has answered. */
export function DeleteUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const remove = useDeleteUser(onClose);
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
      title="Are you sure?"
      description="This will permanently delete the user and all their recordings. This action cannot be undone."
      hideCloseButton
      footer={
        <>
          <Button variant="secondary" disabled={remove.isPending} onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" disabled={remove.isPending} onClick={() => user && remove.mutate(user.id)}>
            {remove.isPending ? 'Deleting...' : 'Delete User'}
          </Button>
        </>
      }
    >
      {user && (
        // Names the account, so the admin can check they clicked the right row.
        <p className={styles.dialogTarget}>
          {user.email}
          {user.recordingCount > 0 &&
            ` · ${user.recordingCount} recording${user.recordingCount === 1 ? '' : 's'}`}
        </p>
      )}
    </Dialog>
  );
}
