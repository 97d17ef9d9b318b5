import type { Kysely } from 'kysely';
import type { Database, PasswordResetRow, PasswordResetsTable } from '../../db/schema.js';

/** Password-reset tokens, stored as SHA-256 hashes. Queries only; the rules live in AuthService. */
export function passwordResetsRepository(db: Kysely<Database>) {
  return {
    async insert(reset: PasswordResetsTable): Promise<void> {
      await db.insertInto('passwordResets').values(reset).execute();
    },

    async find(tokenHash: string): Promise<PasswordResetRow | undefined> {
      return db
        .selectFrom('passwordResets')
        .selectAll()
        .where('tokenHash', '=', tokenHash)
        .executeTakeFirst();
    },

    /**
     * Marks the token used only if it still is unused and unexpired; the condition in the UPDATE makes two
     * concurrent resets with one token race safely: exactly one sees `true`.
     */
    async consume(tokenHash: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('passwordResets')
        .set({ usedAt: now })
        .where('tokenHash', '=', tokenHash)
        .where('usedAt', 'is', null)
        .where('expiresAt', '>', now)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** After a successful reset no other outstanding link for the account may work. */
    async deleteAllForUser(userId: string): Promise<void> {
      await db.deleteFrom('passwordResets').where('userId', '=', userId).execute();
    },

    async deleteExpiredForUser(userId: string, now: string): Promise<void> {
      await db
        .deleteFrom('passwordResets')
        .where('userId', '=', userId)
        .where('expiresAt', '<=', now)
        .execute();
    },
  };
}

export type PasswordResetsRepository = ReturnType<typeof passwordResetsRepository>;
