import { adminMessages, type AdminStats, type AdminUser } from '#shared/schemas/admin.js';
import type { AuthUser } from '#shared/schemas/auth.js';
import { HttpError, badRequest, notFound } from '../http/errors.js';
import type { AdminRepository, AdminUserRow } from '../repositories/admin.js';
import type { UsersRepository } from '../repositories/users.js';
import { hashPassword } from '../security/password.js';
import type { AuditService } from './audit-service.js';
import type { Clock } from './clock.js';
import { currentLogger } from '../logging/logger.js';

const log = () => currentLogger({ component: 'admin' });

/** Deletes audio blobs by key; missing keys are not an error. */
export type AudioDeleter = (keys: string[]) => Promise<void>;

/** Who is acting, for the audit log. */
export interface Actor {
  user: AuthUser;
  clientAddress: string;
}

/** Admin accounts guard every practice's records, so the first one gets a longer password than sign-up's 6. */
export const ADMIN_PASSWORD_MIN = 12;

export interface AdminService {
  /**
   * `npm run admin`: makes the account with this e-mail an admin, creating it with `password` when there
   * is none. Never a default password: creating without one is an error.
   */
  bootstrapAdmin(input: {
    email: string;
    password?: string | undefined;
    practiceName?: string | undefined;
  }): Promise<{
    created: boolean;
    promoted: boolean;
    userId: string;
  }>;
  listUsers(): Promise<AdminUser[]>;
  stats(): Promise<AdminStats>;
  setAdmin(actor: Actor, userId: string, isAdmin: boolean): Promise<AdminUser>;
  /** The account, its sessions, recordings and audio. */
  deleteUser(actor: Actor, userId: string): Promise<{ recordingsDeleted: number }>;
  setRetention(
    actor: Actor,
    userId: string,
    change: { retentionYears?: number | undefined; legalHold?: boolean | undefined },
  ): Promise<AdminUser>;
}

export function toAdminUser(row: AdminUserRow): AdminUser {
  return { ...row, legalHold: row.legalHold === 1 };
}

export function createAdminService(deps: {
  admin: AdminRepository;
  users: UsersRepository;
  audit: AuditService;
  deleteAudio: AudioDeleter;
  clock: Clock;
}): AdminService {
  const { admin, users, audit, deleteAudio, clock } = deps;

  async function load(userId: string): Promise<AdminUser> {
    const row = await admin.findUser(userId);
    if (!row) throw notFound(adminMessages.userNotFound);
    return toAdminUser(row);
  }

  const conflict = (message: string) => new HttpError(409, message);

  return {
    async bootstrapAdmin({ email, password, practiceName }) {
      const normalised = email.trim().toLowerCase();
      const now = clock().toISOString();
      const existing = await users.findByEmail(normalised);
      let userId = existing?.id;
      let created = false;
      if (!existing) {
        if (!password)
          throw badRequest(`No account for ${normalised}: give a password (--password-stdin) to create one`);
        if (password.length < ADMIN_PASSWORD_MIN) {
          throw badRequest(`An admin password must be at least ${ADMIN_PASSWORD_MIN} characters`);
        }
        userId = crypto.randomUUID();
        await users.insert({
          id: userId,
          email: normalised,
          passwordHash: await hashPassword(password),
          practiceName: practiceName?.trim() || null,
          isAdmin: 1,
          createdAt: now,
          updatedAt: now,
        });
        created = true;
      }
      const id = userId as string;
      const promoted = !created && existing?.isAdmin !== 1;
      if (promoted) await admin.setAdmin(id, true, now);
      if (created || promoted) {
        await audit.record({
          actorId: null,
          actorEmail: 'npm run admin',
          practiceId: id,
          action: 'admin.user.set_admin',
          targetType: 'user',
          targetId: id,
          details: { email: normalised, from: false, to: true, via: 'command line', created },
        });
      }
      return { created, promoted, userId: id };
    },

    async listUsers() {
      return (await admin.listUsers()).map(toAdminUser);
    },

    stats: () => admin.stats(),

    async setAdmin(actor, userId, isAdmin) {
      if (userId === actor.user.id && !isAdmin) throw badRequest(adminMessages.cannotDemoteSelf);
      const before = await load(userId);
      const outcome = await admin.setAdmin(userId, isAdmin, clock().toISOString());
      if (outcome === 'not-found') throw notFound(adminMessages.userNotFound);
      if (outcome === 'last-admin') throw conflict(adminMessages.lastAdmin);
      await audit.record({
        actorId: actor.user.id,
        actorEmail: actor.user.email,
        practiceId: userId,
        action: 'admin.user.set_admin',
        targetType: 'user',
        targetId: userId,
        details: { email: before.email, from: before.isAdmin === 1, to: isAdmin },
        clientAddress: actor.clientAddress,
      });
      return load(userId);
    },

    async deleteUser(actor, userId) {
      if (userId === actor.user.id) throw badRequest(adminMessages.cannotDeleteSelf);
      const before = await load(userId);
      const { outcome, audioKeys, recordings } = await admin.deleteUser(userId);
      if (outcome === 'not-found') throw notFound(adminMessages.userNotFound);
      if (outcome === 'last-admin') throw conflict(adminMessages.lastAdmin);
      // After the rows: a crash in between leaves unreferenced blobs (found by the purge), never rows whose
      // audio is gone.
      let audioError: string | undefined;
      try {
        await deleteAudio(audioKeys);
      } catch (error) {
        audioError = error instanceof Error ? error.message : 'unknown error';
        log().error({ userId, audioBlobs: audioKeys.length, reason: audioError }, 'user deleted, audio not');
      }
      await audit.record({
        actorId: actor.user.id,
        actorEmail: actor.user.email,
        practiceId: userId,
        action: 'admin.user.delete',
        targetType: 'user',
        targetId: userId,
        details: {
          email: before.email,
          practiceName: before.practiceName,
          recordingsDeleted: recordings,
          audioBlobsDeleted: audioError ? 0 : audioKeys.length,
          ...(audioError ? { audioError } : {}),
        },
        clientAddress: actor.clientAddress,
      });
      return { recordingsDeleted: recordings };
    },

    async setRetention(actor, userId, change) {
      const before = await load(userId);
      if (!(await admin.setRetention(userId, change, clock().toISOString())))
        throw notFound(adminMessages.userNotFound);
      const after = await load(userId);
      await audit.record({
        actorId: actor.user.id,
        actorEmail: actor.user.email,
        practiceId: userId,
        action: 'admin.user.retention',
        targetType: 'user',
        targetId: userId,
        details: {
          email: before.email,
          from: { retentionYears: before.retentionYears, legalHold: before.legalHold },
          to: { retentionYears: after.retentionYears, legalHold: after.legalHold },
        },
        clientAddress: actor.clientAddress,
      });
      return after;
    },
  };
}
