import type { Kysely } from 'kysely';
import type { Database, SessionRow, SessionsTable, UserRow } from '../../db/schema.js';

export type SessionWithUser = SessionRow & {
  user: Pick<UserRow, 'id' | 'email' | 'practiceName' | 'isAdmin'>;
};

/** Session rows, keyed by the SHA-256 of the cookie token. Queries only; the rules live in SessionService. */
export function sessionsRepository(db: Kysely<Database>) {
  return {
    async insert(session: SessionsTable): Promise<void> {
      await db.insertInto('sessions').values(session).execute();
    },

    /** The session and the few user fields a request needs, in one round trip. */
    async findWithUser(id: string): Promise<SessionWithUser | undefined> {
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.userId')
        .select([
          'sessions.id',
          'sessions.userId',
          'sessions.expiresAt',
          'sessions.absoluteExpiresAt',
          'sessions.createdAt',
          'users.email',
          'users.practiceName',
          'users.isAdmin',
        ])
        .where('sessions.id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const { email, practiceName, isAdmin, ...session } = row;
      return { ...session, user: { id: session.userId, email, practiceName, isAdmin } };
    },

    async updateExpiry(id: string, expiresAt: string): Promise<void> {
      await db.updateTable('sessions').set({ expiresAt }).where('id', '=', id).execute();
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', id).execute();
    },

    async deleteAllForUser(userId: string): Promise<void> {
      await db.deleteFrom('sessions').where('userId', '=', userId).execute();
    },

    /** ISO-8601 UTC strings compare correctly as text in SQLite and as timestamptz in PostgreSQL. */
    async deleteExpiredForUser(userId: string, now: string): Promise<void> {
      await db
        .deleteFrom('sessions')
        .where('userId', '=', userId)
        .where((eb) => eb.or([eb('expiresAt', '<=', now), eb('absoluteExpiresAt', '<=', now)]))
        .execute();
    },
  };
}

export type SessionsRepository = ReturnType<typeof sessionsRepository>;
