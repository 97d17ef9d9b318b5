import { sql, type Kysely, type Transaction } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { AdminStats } from '#shared/schemas/admin.js';

export interface AdminUserRow {
  id: string;
  email: string;
  practiceName: string | null;
  isAdmin: number;
  recordingCount: number;
  retentionYears: number;
  legalHold: number;
  createdAt: string;
}

export interface RetentionCandidate {
  id: string;
  patientName: string;
  clientName: string | null;
  recordedAt: string;
  audioBlobKey: string | null;
}

/** Outcome of a change that must never leave the system without an administrator. */
export type GuardedChange = 'done' | 'not-found' | 'last-admin';

/** PostgreSQL's count(*) is bigint (parsed to number in db/database.ts); a scalar subquery may come back null. */
function withNumericCount<T extends { recordingCount: number | null }>(
  row: T,
): T & { recordingCount: number } {
  return { ...row, recordingCount: Number(row.recordingCount ?? 0) };
}

/** Cross-practice queries for the admin area. Queries only; the rules live in AdminService. */
export function adminRepository(db: Kysely<Database>, dialect: DialectName) {
  const activeRecordings = (trx: Kysely<Database>) =>
    trx.selectFrom('recordings').where('deletedAt', 'is', null);

  /**
   * PostgreSQL runs concurrent transactions side by side: lock the admin rows so two admins demoting or
   * deleting each other at once cannot both see "another admin remains". SQLite serialises writers already.
   */
  async function lockAdmins(trx: Transaction<Database>): Promise<number> {
    const query = trx.selectFrom('users').select('id').where('isAdmin', '=', 1);
    const rows = dialect === 'postgres' ? await query.forUpdate().execute() : await query.execute();
    return rows.length;
  }

  const usersWithCounts = () =>
    db
      .selectFrom('users')
      .select((eb) => [
        'users.id',
        'users.email',
        'users.practiceName',
        'users.isAdmin',
        'users.retentionYears',
        'users.legalHold',
        'users.createdAt',
        eb
          .selectFrom('recordings')
          .select(eb.fn.countAll<number>().as('n'))
          .where('recordings.deletedAt', 'is', null)
          .whereRef('recordings.practiceId', '=', 'users.id')
          .as('recordingCount'),
      ]);

  return {
    async listUsers(): Promise<AdminUserRow[]> {
      const rows = await usersWithCounts()
        .orderBy('users.createdAt', 'desc')
        .orderBy('users.email')
        .execute();
      return rows.map(withNumericCount);
    },

    async findUser(id: string): Promise<AdminUserRow | undefined> {
      const row = await usersWithCounts().where('users.id', '=', id).executeTakeFirst();
      return row && withNumericCount(row);
    },

    /** A practice is an account with a practice name or at least one non-deleted recording. */
    async stats(): Promise<AdminStats> {
      const users = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const recordings = await activeRecordings(db)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const practices = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where((eb) =>
          eb.or([
            eb(sql`trim(coalesce(${sql.ref('users.practiceName')}, ''))`, '<>', ''),
            eb.exists(
              eb
                .selectFrom('recordings')
                .select('recordings.id')
                .where('recordings.deletedAt', 'is', null)
                .whereRef('recordings.practiceId', '=', 'users.id'),
            ),
          ]),
        )
        .executeTakeFirstOrThrow();
      return {
        totalUsers: Number(users.n),
        totalRecordings: Number(recordings.n),
        totalPractices: Number(practices.n),
      };
    },

    async setAdmin(id: string, isAdmin: boolean, updatedAt: string): Promise<GuardedChange> {
      return db.transaction().execute(async (trx) => {
        const admins = await lockAdmins(trx);
        const target = await trx
          .selectFrom('users')
          .select('isAdmin')
          .where('id', '=', id)
          .executeTakeFirst();
        if (!target) return 'not-found';
        if (!isAdmin && target.isAdmin === 1 && admins <= 1) return 'last-admin';
        await trx
          .updateTable('users')
          .set({ isAdmin: isAdmin ? 1 : 0, updatedAt })
          .where('id', '=', id)
          .execute();
        return 'done';
      });
    },

    /**
     * Deletes the account; its sessions, reset tokens, recordings and note versions go with it (ON DELETE
     * CASCADE). Returns the blob keys of its audio, for the caller to delete once the rows are gone.
     */
    async deleteUser(
      id: string,
    ): Promise<{ outcome: GuardedChange; audioKeys: string[]; recordings: number }> {
      return db.transaction().execute(async (trx) => {
        const admins = await lockAdmins(trx);
        const target = await trx
          .selectFrom('users')
          .select('isAdmin')
          .where('id', '=', id)
          .executeTakeFirst();
        if (!target) return { outcome: 'not-found' as const, audioKeys: [], recordings: 0 };
        if (target.isAdmin === 1 && admins <= 1)
          return { outcome: 'last-admin' as const, audioKeys: [], recordings: 0 };
        const recordings = await trx
          .selectFrom('recordings')
          .select('audioBlobKey')
          .where('practiceId', '=', id)
          .execute();
        // Explicit, not only by cascade: sessions must end even if a future table forgets its ON DELETE.
        await trx.deleteFrom('sessions').where('userId', '=', id).execute();
        await trx.deleteFrom('recordings').where('practiceId', '=', id).execute();
        await trx.deleteFrom('users').where('id', '=', id).execute();
        const audioKeys = recordings.flatMap((row) => (row.audioBlobKey ? [row.audioBlobKey] : []));
        return { outcome: 'done' as const, audioKeys, recordings: recordings.length };
      });
    },

    async setRetention(
      id: string,
      change: { retentionYears?: number | undefined; legalHold?: boolean | undefined },
      updatedAt: string,
    ): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({
          updatedAt,
          ...(change.retentionYears !== undefined ? { retentionYears: change.retentionYears } : {}),
          ...(change.legalHold !== undefined ? { legalHold: change.legalHold ? 1 : 0 } : {}),
        })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Practices the retention purge may touch: every account not on legal hold. */
    async practicesForPurge(): Promise<Array<{ id: string; retentionYears: number }>> {
      return db.selectFrom('users').select(['id', 'retentionYears']).where('legalHold', '=', 0).execute();
    },

    async countOnLegalHold(): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('legalHold', '<>', 0)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Every recording of a practice, soft-deleted too (they are kept for the legal period as well), no audio. */
    async recordingsForRetention(practiceId: string): Promise<RetentionCandidate[]> {
      return db
        .selectFrom('recordings')
        .select(['id', 'patientName', 'clientName', 'recordedAt', 'audioBlobKey'])
        .where('practiceId', '=', practiceId)
        .execute();
    },

    /** Hard delete; note versions follow by cascade. Re-checks the hold so a hold set mid-run wins. */
    async deleteRecordings(practiceId: string, ids: string[]): Promise<number> {
      let deleted = 0;
      for (let start = 0; start < ids.length; start += 500) {
        const chunk = ids.slice(start, start + 500);
        const result = await db
          .deleteFrom('recordings')
          .where('practiceId', '=', practiceId)
          .where('id', 'in', chunk)
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('users')
                  .select('users.id')
                  .where('users.id', '=', practiceId)
                  .where('users.legalHold', '<>', 0),
              ),
            ),
          )
          .executeTakeFirst();
        deleted += Number(result.numDeletedRows);
      }
      return deleted;
    },

    /** Audio keys still referenced by some row: the purge never deletes a blob another row points at. */
    async referencedAudioKeys(keys: string[]): Promise<Set<string>> {
      const found = new Set<string>();
      for (let start = 0; start < keys.length; start += 500) {
        const rows = await db
          .selectFrom('recordings')
          .select('audioBlobKey')
          .where('audioBlobKey', 'in', keys.slice(start, start + 500))
          .execute();
        for (const row of rows) if (row.audioBlobKey) found.add(row.audioBlobKey);
      }
      return found;
    },
  };
}

export type AdminRepository = ReturnType<typeof adminRepository>;
