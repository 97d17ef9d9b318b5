import {
  adminMessages,
  auditActions,
  RETENTION_YEARS_MAX,
  RETENTION_YEARS_MIN,
  type AdminUser,
  type AuditEntry,
} from '#shared/schemas/admin';

/**
 * Pure rules of the admin panel (spec section 2 'Admin', issue 8): search, what each row may do, and
 * how audit entries read. Kept free of React so the unit tests can pin them down.
 */

export type { AdminStats, AdminUser, AuditEntry } from '#shared/schemas/admin';

export const USERS_KEY = ['/api/admin/users'] as const;
export const STATS_KEY = ['/api/admin/stats'] as const;
export const AUDIT_PATH = '/api/admin/audit';

/** Case-insensitive "contains" on e-mail or practice name; a blank search keeps everyone. */
export function filterUsers<T extends Pick<AdminUser, 'email' | 'practiceName'>>(
  users: readonly T[],
  search: string,
): T[] {
  const needle = search.trim().toLowerCase();
  if (needle === '') return [...users];
  return users.filter(
    (user) =>
      user.email.toLowerCase().includes(needle) || (user.practiceName ?? '').toLowerCase().includes(needle),
  );
}

/** 'No users found matching your search' only when a search is what emptied the table. */
export function emptyUsersText(search: string): string {
  return search.trim() === '' ? 'No users found' : 'No users found matching your search';
}

/** Practice Name column: a dash when there is none (spec). */
export function practiceLabel(practiceName: string | null): string {
  const name = practiceName?.trim() ?? '';
  return name === '' ? '—' : name;
}

export function countAdmins(users: readonly Pick<AdminUser, 'isAdmin'>[]): number {
  return users.filter((user) => user.isAdmin === 1).length;
}

export interface ActionRule {
  /** Why the button is disabled (shown as its tooltip); undefined when it is enabled. */
  disabledReason?: string;
}

export interface RowActions {
  toggle: ActionRule & { label: 'Make Admin' | 'Remove Admin'; nextIsAdmin: boolean };
  remove: ActionRule;
  isSelf: boolean;
}

/**
 * What the Actions cell offers for one user. The server enforces the same rules; disabling the buttons
 * here only saves the admin a round trip to a refusal. Own-row reasons win over the last-admin one,
 * since they are the more specific explanation for the signed-in admin.
 */
export function rowActions(
  user: Pick<AdminUser, 'id' | 'isAdmin'>,
  context: { currentUserId: string | undefined; adminCount: number },
): RowActions {
  const isSelf = context.currentUserId !== undefined && user.id === context.currentUserId;
  const isAdmin = user.isAdmin === 1;
  const lastAdmin = isAdmin && context.adminCount <= 1;
  const toggleReason =
    isAdmin && isSelf
      ? adminMessages.cannotDemoteSelf
      : isAdmin && lastAdmin
        ? adminMessages.lastAdmin
        : undefined;
  const removeReason = isSelf
    ? adminMessages.cannotDeleteSelf
    : lastAdmin
      ? adminMessages.lastAdmin
      : undefined;
  return {
    isSelf,
    toggle: {
      label: isAdmin ? 'Remove Admin' : 'Make Admin',
      nextIsAdmin: !isAdmin,
      ...(toggleReason ? { disabledReason: toggleReason } : {}),
    },
    remove: removeReason ? { disabledReason: removeReason } : {},
  };
}

// ---- Retention -------------------------------------------------------------------------------------

export type RetentionCheck = { ok: true; years: number } | { ok: false; message: string };

/** Validates the years field before it is sent (the API schema's limits), with the message the admin sees under the field. */
export function checkRetentionYears(raw: string): RetentionCheck {
  const text = raw.trim();
  if (!/^\d+$/.test(text)) return { ok: false, message: 'Enter a whole number of years' };
  const years = Number(text);
  if (years < RETENTION_YEARS_MIN)
    return { ok: false, message: `At least ${RETENTION_YEARS_MIN} years (SA Veterinary Council minimum)` };
  if (years > RETENTION_YEARS_MAX) return { ok: false, message: `At most ${RETENTION_YEARS_MAX} years` };
  return { ok: true, years };
}

// ---- Audit log -------------------------------------------------------------------------------------

/** The actions the server records; the filter also offers each family, which the server matches as a prefix. */
export const AUDIT_ACTIONS = auditActions;

/** 'auth', 'recording', ... in first-seen order. */
export function auditFamilies(actions: readonly string[] = AUDIT_ACTIONS): string[] {
  return [...new Set(actions.map((action) => action.split('.')[0]!))];
}

export const AUDIT_PAGE_SIZE = 20;

export interface AuditFilters {
  action: string;
  actor: string;
}

/** Query-string parameters for one page; blank filters are left out (null entries are dropped). */
export function auditParams(filters: AuditFilters, page: number, pageSize = AUDIT_PAGE_SIZE) {
  const action = filters.action.trim();
  const actor = filters.actor.trim();
  return {
    action: action === '' ? null : action,
    actor: actor === '' ? null : actor,
    limit: pageSize,
    offset: Math.max(0, page) * pageSize,
  };
}

/** 'Showing 26–50 of 120' (or 'No entries'). */
export function pageSummary(offset: number, shown: number, total: number): string {
  if (total === 0 || shown === 0) return 'No entries';
  return `Showing ${offset + 1}–${offset + shown} of ${total}`;
}

export function hasNextPage(offset: number, shown: number, total: number): boolean {
  return offset + shown < total;
}

/** '2025-03-01 08:30:05' from an ISO instant, in UTC so every admin reads the same clock. */
export function formatUtc(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** Who did it: the e-mail at the time, else the id; nobody at all is the system (the purge job). */
export function auditActor(entry: Pick<AuditEntry, 'actorEmail' | 'actorId'>): string {
  return entry.actorEmail ?? entry.actorId ?? 'System';
}

/** 'user 3f2a…' — ids are long; the full id goes in the cell's title. */
export function auditTarget(entry: Pick<AuditEntry, 'targetType' | 'targetId'>): string {
  if (entry.targetType === null && entry.targetId === null) return '—';
  const id =
    entry.targetId === null
      ? ''
      : entry.targetId.length > 10
        ? `${entry.targetId.slice(0, 8)}…`
        : entry.targetId;
  return [entry.targetType ?? '', id].filter(Boolean).join(' ');
}

const DETAIL_VALUE_MAX = 60;

/** 'email: a@b.co.za · from: false · to: true'; nested values as compact JSON, long ones cut short. */
export function auditDetails(details: Record<string, unknown>): string {
  const parts = Object.entries(details).map(([key, value]) => {
    const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
    return `${key}: ${text.length > DETAIL_VALUE_MAX ? `${text.slice(0, DETAIL_VALUE_MAX - 1)}…` : text}`;
  });
  return parts.length === 0 ? '—' : parts.join(' · ');
}
