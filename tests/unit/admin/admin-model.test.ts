import { describe, expect, it } from 'vitest';
import { auditActions } from '../../../api/services/audit-service.js';
import { adminMessages } from '#shared/schemas/admin.js';
import {
  AUDIT_ACTIONS,
  auditActor,
  auditDetails,
  auditFamilies,
  auditParams,
  auditTarget,
  checkRetentionYears,
  countAdmins,
  emptyUsersText,
  filterUsers,
  formatUtc,
  hasNextPage,
  pageSummary,
  practiceLabel,
  rowActions,
} from '../../../web/src/features/admin/admin-model.js';

const users = [
  { id: 'u1', email: 'Anna@Karoo-Vets.co.za', practiceName: 'Karoo Veterinary Clinic', isAdmin: 1 },
  { id: 'u2', email: 'ben@example.co.za', practiceName: null, isAdmin: 0 },
  { id: 'u3', email: 'carla@bushveld.co.za', practiceName: 'Bushveld Animal Hospital', isAdmin: 0 },
];

describe('filterUsers: case-insensitive contains on e-mail or practice name', () => {
  it('keeps everyone for a blank or whitespace search', () => {
    expect(filterUsers(users, '')).toEqual(users);
    expect(filterUsers(users, '   ')).toEqual(users);
  });

  it('matches the e-mail regardless of case', () => {
    expect(filterUsers(users, 'anna@KAROO').map((u) => u.id)).toEqual(['u1']);
    expect(filterUsers(users, 'EXAMPLE').map((u) => u.id)).toEqual(['u2']);
  });

  it('matches inside the practice name, and a missing name matches nothing', () => {
    expect(filterUsers(users, 'animal hosp').map((u) => u.id)).toEqual(['u3']);
    expect(filterUsers(users, 'clinic').map((u) => u.id)).toEqual(['u1']);
    expect(filterUsers(users, 'null')).toEqual([]);
  });

  it('matches either field and trims the search', () => {
    expect(filterUsers(users, ' .co.za ').map((u) => u.id)).toEqual(['u1', 'u2', 'u3']);
    expect(filterUsers(users, 'karoo').map((u) => u.id)).toEqual(['u1']);
    expect(filterUsers(users, 'zzz')).toEqual([]);
  });

  it('does not change the list it was given', () => {
    const copy = [...users];
    filterUsers(users, 'ben');
    expect(users).toEqual(copy);
  });
});

describe('table texts', () => {
  it("uses 'No users found matching your search' only when searching", () => {
    expect(emptyUsersText('')).toBe('No users found');
    expect(emptyUsersText('  ')).toBe('No users found');
    expect(emptyUsersText('x')).toBe('No users found matching your search');
  });

  it('shows a dash for an empty practice name', () => {
    expect(practiceLabel(null)).toBe('—');
    expect(practiceLabel('  ')).toBe('—');
    expect(practiceLabel('Karoo Vets')).toBe('Karoo Vets');
  });

  it('counts admins', () => {
    expect(countAdmins(users)).toBe(1);
    expect(countAdmins([])).toBe(0);
  });
});

describe('rowActions: own row and last admin', () => {
  it('offers Make Admin and Delete on an ordinary user', () => {
    const actions = rowActions({ id: 'u2', isAdmin: 0 }, { currentUserId: 'u1', adminCount: 1 });
    expect(actions).toEqual({
      isSelf: false,
      toggle: { label: 'Make Admin', nextIsAdmin: true },
      remove: {},
    });
  });

  it('offers Remove Admin on another admin when there are two or more', () => {
    const actions = rowActions({ id: 'u3', isAdmin: 1 }, { currentUserId: 'u1', adminCount: 2 });
    expect(actions.toggle).toEqual({ label: 'Remove Admin', nextIsAdmin: false });
    expect(actions.remove).toEqual({});
  });

  it("disables both buttons on the signed-in admin's own row, with the server's words as reasons", () => {
    const actions = rowActions({ id: 'u1', isAdmin: 1 }, { currentUserId: 'u1', adminCount: 3 });
    expect(actions.isSelf).toBe(true);
    expect(actions.toggle.label).toBe('Remove Admin');
    expect(actions.toggle.disabledReason).toBe(adminMessages.cannotDemoteSelf);
    expect(actions.remove.disabledReason).toBe(adminMessages.cannotDeleteSelf);
  });

  it('prefers the own-row reason when the signed-in admin is also the last one', () => {
    const actions = rowActions({ id: 'u1', isAdmin: 1 }, { currentUserId: 'u1', adminCount: 1 });
    expect(actions.toggle.disabledReason).toBe(adminMessages.cannotDemoteSelf);
    expect(actions.remove.disabledReason).toBe(adminMessages.cannotDeleteSelf);
  });

  it('protects the last admin on any row (e.g. a list that is out of date)', () => {
    const actions = rowActions({ id: 'u9', isAdmin: 1 }, { currentUserId: 'u1', adminCount: 1 });
    expect(actions.toggle.disabledReason).toBe(adminMessages.lastAdmin);
    expect(actions.remove.disabledReason).toBe(adminMessages.lastAdmin);
  });

  it('never blocks granting admin, even to oneself (a stale list), since that is harmless', () => {
    const actions = rowActions({ id: 'u1', isAdmin: 0 }, { currentUserId: 'u1', adminCount: 0 });
    expect(actions.toggle).toEqual({ label: 'Make Admin', nextIsAdmin: true });
    expect(actions.remove.disabledReason).toBe(adminMessages.cannotDeleteSelf);
  });

  it('treats an unknown signed-in user as nobody in the list', () => {
    const actions = rowActions({ id: 'u1', isAdmin: 1 }, { currentUserId: undefined, adminCount: 2 });
    expect(actions.isSelf).toBe(false);
    expect(actions.toggle.disabledReason).toBeUndefined();
  });
});

describe('checkRetentionYears', () => {
  it('accepts whole years from the minimum to the maximum', () => {
    expect(checkRetentionYears('3')).toEqual({ ok: true, years: 3 });
    expect(checkRetentionYears(' 7 ')).toEqual({ ok: true, years: 7 });
    expect(checkRetentionYears('100')).toEqual({ ok: true, years: 100 });
  });

  it('refuses fewer than 3, more than 100, fractions and blanks', () => {
    expect(checkRetentionYears('2')).toEqual({
      ok: false,
      message: 'At least 3 years (SA Veterinary Council minimum)',
    });
    expect(checkRetentionYears('101')).toEqual({ ok: false, message: 'At most 100 years' });
    expect(checkRetentionYears('4.5').ok).toBe(false);
    expect(checkRetentionYears('').ok).toBe(false);
    expect(checkRetentionYears('-5').ok).toBe(false);
  });
});

describe('audit log helpers', () => {
  it("lists exactly the server's audit actions, and their families", () => {
    expect([...AUDIT_ACTIONS]).toEqual([...auditActions]);
    expect(auditFamilies()).toEqual(['auth', 'recording', 'export', 'admin', 'retention']);
  });

  it('builds query parameters, leaving blank filters out', () => {
    expect(auditParams({ action: '', actor: '  ' }, 0)).toEqual({
      action: null,
      actor: null,
      limit: 20,
      offset: 0,
    });
    expect(auditParams({ action: 'admin.user', actor: ' a@b.co.za ' }, 2, 10)).toEqual({
      action: 'admin.user',
      actor: 'a@b.co.za',
      limit: 10,
      offset: 20,
    });
    expect(auditParams({ action: '', actor: '' }, -1).offset).toBe(0);
  });

  it('summarises a page and knows when there is another', () => {
    expect(pageSummary(0, 25, 60)).toBe('Showing 1–25 of 60');
    expect(pageSummary(50, 10, 60)).toBe('Showing 51–60 of 60');
    expect(pageSummary(0, 0, 0)).toBe('No entries');
    expect(hasNextPage(0, 25, 60)).toBe(true);
    expect(hasNextPage(50, 10, 60)).toBe(false);
  });

  it('formats times in UTC whatever the zone of the browser', () => {
    expect(formatUtc('2025-03-01T08:30:05.123Z')).toBe('2025-03-01 08:30:05');
    expect(formatUtc('2025-03-01T10:30:05+02:00')).toBe('2025-03-01 08:30:05');
    expect(formatUtc('not a date')).toBe('not a date');
  });

  it('names the actor by e-mail, else id, else the system', () => {
    expect(auditActor({ actorEmail: 'a@b.co.za', actorId: 'u1' })).toBe('a@b.co.za');
    expect(auditActor({ actorEmail: null, actorId: 'u1' })).toBe('u1');
    expect(auditActor({ actorEmail: null, actorId: null })).toBe('System');
  });

  it('shortens long target ids', () => {
    expect(auditTarget({ targetType: 'user', targetId: '0123456789abcdef' })).toBe('user 01234567…');
    expect(auditTarget({ targetType: 'audit', targetId: null })).toBe('audit');
    expect(auditTarget({ targetType: null, targetId: null })).toBe('—');
  });

  it('flattens details into key: value pairs, cutting long values', () => {
    expect(auditDetails({ email: 'a@b.co.za', from: false, to: true })).toBe(
      'email: a@b.co.za · from: false · to: true',
    );
    expect(auditDetails({ filter: { limit: 50 } })).toBe('filter: {"limit":50}');
    expect(auditDetails({})).toBe('—');
    const long = auditDetails({ ids: 'x'.repeat(200) });
    expect(long.length).toBeLessThan(70);
    expect(long.endsWith('…')).toBe(true);
  });
});
