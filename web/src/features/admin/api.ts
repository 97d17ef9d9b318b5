import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminStatsResponse,
  AdminUserResponse,
  AdminUsersResponse,
  AuditResponse,
  DeleteUserResponse,
  RetentionRequest,
} from '#shared/schemas/admin';
import { ApiError, apiJson, messageOf } from '../../lib/api';
import { toast } from '../../lib/toastStore';
import { AUDIT_PATH, auditParams, STATS_KEY, USERS_KEY, type AuditFilters } from './admin-model';

/**
 * The admin calls of spec section 7. The app's client never refetches on its own (staleTime Infinity);
 * the admin lists are the exception: opening /admin again should show accounts registered since.
 */
const FRESH_ON_VISIT = { staleTime: 0, refetchOnMount: 'always' } as const;

export function useAdminUsers() {
  return useQuery<AdminUsersResponse>({ queryKey: USERS_KEY, ...FRESH_ON_VISIT });
}

export function useAdminStats() {
  return useQuery<AdminStatsResponse>({ queryKey: STATS_KEY, ...FRESH_ON_VISIT });
}

export function useAuditLog(filters: AuditFilters, page: number) {
  return useQuery<AuditResponse>({
    queryKey: [AUDIT_PATH, auditParams(filters, page)],
    ...FRESH_ON_VISIT,
    // Paging keeps the old rows on screen until the next page arrives, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}

/** The words of a refusal (400/404/409), without the status prefix; undefined for anything else. */
export function refusalText(error: unknown): string | undefined {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.detail.trim() !== '')
    return error.detail;
  return undefined;
}

const isAudit = (queryKey: readonly unknown[]) => queryKey[0] === AUDIT_PATH;

/** POST set-admin; refreshes users (spec) and the audit log, which now has an entry for it. */
export function useSetAdmin(onRefused: (message: string | undefined) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isAdmin }: { id: string; isAdmin: boolean }) =>
      apiJson<AdminUserResponse>('POST', `/api/admin/users/${encodeURIComponent(id)}/set-admin`, {
        isAdmin,
      }),
    onSuccess: async () => {
      onRefused(undefined);
      toast({
        title: 'Admin status updated',
        description: 'User admin status has been changed.',
        variant: 'success',
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: USERS_KEY }),
        queryClient.invalidateQueries({ predicate: (query) => isAudit(query.queryKey) }),
      ]);
    },
    onError: (error) => {
      // The spec words this toast without the server's text; the refusal itself is shown by the table.
      onRefused(refusalText(error));
      toast({ title: 'Update failed', description: 'Failed to update admin status', variant: 'destructive' });
    },
  });
}

/** DELETE a user; refreshes users and stats (spec) and the audit log. */
export function useDeleteUser(onSettled: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiJson<DeleteUserResponse>('DELETE', `/api/admin/users/${encodeURIComponent(id)}`),
    onSuccess: async () => {
      toast({
        title: 'User deleted',
        description: 'User and all their recordings have been deleted.',
        variant: 'success',
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: USERS_KEY }),
        queryClient.invalidateQueries({ queryKey: STATS_KEY }),
        queryClient.invalidateQueries({ predicate: (query) => isAudit(query.queryKey) }),
      ]);
    },
    onError: (error) => {
      toast({
        title: 'Delete failed',
        description: messageOf(error, 'Failed to delete user'),
        variant: 'destructive',
      });
    },
    onSettled,
  });
}

export type RetentionChange = RetentionRequest & { id: string; email: string };

function retentionMessage({ email, retentionYears, legalHold }: RetentionChange): string {
  if (legalHold !== undefined)
    return legalHold
      ? `Legal hold is on for ${email}: the purge will keep all their records.`
      : `Legal hold is off for ${email}.`;
  return `Records of ${email} are kept ${retentionYears} years after the last consultation.`;
}

/** POST retention (years and/or legal hold; beyond the spec, issue 8). */
export function useSetRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, retentionYears, legalHold }: RetentionChange) =>
      apiJson<AdminUserResponse>('POST', `/api/admin/users/${encodeURIComponent(id)}/retention`, {
        retentionYears,
        legalHold,
      } satisfies RetentionRequest),
    onSuccess: async (_response, change) => {
      toast({ title: 'Retention updated', description: retentionMessage(change), variant: 'success' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: USERS_KEY }),
        queryClient.invalidateQueries({ predicate: (query) => isAudit(query.queryKey) }),
      ]);
    },
    onError: (error) => {
      toast({
        title: 'Update failed',
        description: messageOf(error, 'Failed to update retention settings'),
        variant: 'destructive',
      });
    },
  });
}
