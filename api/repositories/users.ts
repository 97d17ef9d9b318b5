import type { Kysely } from 'kysely';
import type { Database, NewUserRow, UserRow } from '../../db/schema.js';

/** User rows. E-mails arrive already lower-cased (shared/schemas/auth.ts); the unique index is on lower(email). */
export function usersRepository(db: Kysely<Database>) {
  return {
    async findByEmail(email: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .executeTakeFirst();
    },

    async findById(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insert(user: NewUserRow): Promise<void> {
      await db.insertInto('users').values(user).execute();
    },

    async updatePasswordHash(id: string, passwordHash: string, updatedAt: string): Promise<void> {
      await db.updateTable('users').set({ passwordHash, updatedAt }).where('id', '=', id).execute();
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;

/** True for the unique-index violation of either dialect, so a racing duplicate sign-up maps to the same 409. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = (error as { code: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
