import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The attempt log behind the sliding-window rate limits. Queries only; the rules live in RateLimitService. */
export function rateLimitsRepository(db: Kysely<Database>) {
  return {
    async insert(event: { id: string; bucket: string; keyHash: string; occurredAt: string }): Promise<void> {
      await db.insertInto('rateLimitEvents').values(event).execute();
    },

    /** Times of the key's attempts after `since`, oldest first. */
    async timesSince(bucket: string, keyHash: string, since: string): Promise<string[]> {
      const rows = await db
        .selectFrom('rateLimitEvents')
        .select('occurredAt')
        .where('bucket', '=', bucket)
        .where('keyHash', '=', keyHash)
        .where('occurredAt', '>', since)
        .orderBy('occurredAt')
        .execute();
      return rows.map((row) => row.occurredAt);
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom('rateLimitEvents').where('id', '=', id).execute();
    },

    async deleteKey(bucket: string, keyHash: string): Promise<void> {
      await db
        .deleteFrom('rateLimitEvents')
        .where('bucket', '=', bucket)
        .where('keyHash', '=', keyHash)
        .execute();
    },

    async deleteOlderThan(bucket: string, keyHash: string, before: string): Promise<void> {
      await db
        .deleteFrom('rateLimitEvents')
        .where('bucket', '=', bucket)
        .where('keyHash', '=', keyHash)
        .where('occurredAt', '<=', before)
        .execute();
    },

    /** Housekeeping for the purge job: attempts older than every window. */
    async deleteAllBefore(before: string): Promise<number> {
      const result = await db
        .deleteFrom('rateLimitEvents')
        .where('occurredAt', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type RateLimitsRepository = ReturnType<typeof rateLimitsRepository>;
