import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { AuditLogRow, Database } from '../../db/schema.js';

export interface AuditInsert {
  occurredAt: string;
  actorId: string | null;
  actorEmail: string | null;
  practiceId: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: string;
  clientAddress: string | null;
}

export interface AuditQuery {
  actorId?: string | undefined;
  actorEmail?: string | undefined;
  /** Exact action, or a prefix: `export` matches `export.email` and `export.pdf`. */
  action?: string | undefined;
  practiceId?: string | undefined;
  /** Inclusive lower bound, ISO-8601 UTC. */
  from?: string | undefined;
  /** Exclusive upper bound, ISO-8601 UTC. */
  to?: string | undefined;
  limit: number;
  offset: number;
}

/**
 * The audit log. Insert and read only: there is deliberately no update or delete here, and the
 * database's triggers refuse both anyway.
 */
export function auditRepository(db: Kysely<Database>) {
  function filtered<O>(query: SelectQueryBuilder<Database, 'auditLog', O>, filter: AuditQuery) {
    let q = query;
    if (filter.actorId !== undefined) q = q.where('actorId', '=', filter.actorId);
    if (filter.actorEmail !== undefined) q = q.where('actorEmail', '=', filter.actorEmail);
    if (filter.practiceId !== undefined) q = q.where('practiceId', '=', filter.practiceId);
    if (filter.from !== undefined) q = q.where('occurredAt', '>=', filter.from);
    if (filter.to !== undefined) q = q.where('occurredAt', '<', filter.to);
    const action = filter.action;
    if (action !== undefined) {
      // `_` and `%` are LIKE wildcards; escaping them (with an explicit ESCAPE, which SQLite lacks by default)
      // keeps the prefix literal in both dialects.
      const prefix = `${action.replace(/[\\%_]/g, (ch) => `\\${ch}`)}.%`;
      q = q.where((eb) =>
        eb.or([eb('action', '=', action), sql<boolean>`${sql.ref('action')} LIKE ${prefix} ESCAPE '\\'`]),
      );
    }
    return q;
  }

  return {
    async insert(entry: AuditInsert): Promise<void> {
      await db.insertInto('auditLog').values(entry).execute();
    },

    async list(filter: AuditQuery): Promise<{ rows: AuditLogRow[]; total: number }> {
      const rows = await filtered(db.selectFrom('auditLog').selectAll(), filter)
        .orderBy('occurredAt', 'desc')
        .orderBy('id', 'desc')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute();
      const count = await filtered(
        db.selectFrom('auditLog').select((eb) => eb.fn.countAll<number>().as('total')),
        filter,
      ).executeTakeFirstOrThrow();
      return { rows, total: Number(count.total) };
    },
  };
}

export type AuditRepository = ReturnType<typeof auditRepository>;
