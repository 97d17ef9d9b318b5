import type { Kysely } from 'kysely';
import type { Database, IdempotencyKeyRow } from '../../db/schema.js';
import { isUniqueViolation } from './users.js';

/** Rows of api/http/idempotency.ts. The unique (practiceId, key, route) index is the lock. */
export function idempotencyRepository(db: Kysely<Database>) {
  return {
    async find(practiceId: string, key: string, route: string): Promise<IdempotencyKeyRow | undefined> {
      return db
        .selectFrom('idempotencyKeys')
        .selectAll()
        .where('practiceId', '=', practiceId)
        .where('key', '=', key)
        .where('route', '=', route)
        .executeTakeFirst();
    },

    /** Claims the key with a 'pending' row; false when another request already holds it. */
    async claim(row: {
      id: string;
      practiceId: string;
      key: string;
      route: string;
      requestHash: string;
      now: string;
    }): Promise<boolean> {
      try {
        await db
          .insertInto('idempotencyKeys')
          .values({
            id: row.id,
            practiceId: row.practiceId,
            key: row.key,
            route: row.route,
            requestHash: row.requestHash,
            statusCode: null,
            responseBody: null,
            createdAt: row.now,
            completedAt: null,
          })
          .execute();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    /** Takes over a pending row whose holder's lease ran out (it crashed or hung); false if someone was faster. */
    async takeOver(id: string, heldSince: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('idempotencyKeys')
        .set({ createdAt: now })
        .where('id', '=', id)
        .where('statusCode', 'is', null)
        .where('createdAt', '=', heldSince)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async complete(id: string, statusCode: number, responseBody: string, now: string): Promise<void> {
      await db
        .updateTable('idempotencyKeys')
        .set({ statusCode, responseBody, completedAt: now })
        .where('id', '=', id)
        .execute();
    },

    /** Deletes finished outcomes completed before `before`; returns how many went. */
    async pruneCompletedBefore(before: string): Promise<number> {
      const result = await db
        .deleteFrom('idempotencyKeys')
        .where('statusCode', 'is not', null)
        .where('completedAt', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Frees a key whose request failed, so the client's retry runs afresh. */
    async release(id: string): Promise<void> {
      await db.deleteFrom('idempotencyKeys').where('id', '=', id).where('statusCode', 'is', null).execute();
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof idempotencyRepository>;
