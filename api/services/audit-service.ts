import type { AuditLogRow } from '../../db/schema.js';
import type { AuditQuery, AuditRepository } from '../repositories/audit.js';
import type { UsersRepository } from '../repositories/users.js';
import type { Clock } from './clock.js';

import { auditActions, type AuditAction, type AuditEntry } from '#shared/schemas/admin.js';

export { auditActions, type AuditAction, type AuditEntry };

export interface AuditEvent {
  /** Who did it; null when nobody is signed in (a failed sign-in) or for the system (the purge job). */
  actorId: string | null;
  /** The practice (user) whose data it concerns. Defaults to the actor. */
  practiceId?: string | null | undefined;
  action: AuditAction;
  /** 'user', 'recording', 'session', 'audit', … */
  targetType?: string | null | undefined;
  targetId?: string | null | undefined;
  /**
   * What else matters: export channel and recipient, changed fields, filters. Keys that look like secrets
   * (password, token, secret, cookie, authorization, api key, audio data) are redacted before writing.
   */
  details?: Record<string, unknown> | undefined;
  /** Snapshot of the actor's e-mail; looked up from actorId when omitted. */
  actorEmail?: string | null | undefined;
  /** From clientAddress(c, config) in a route. */
  clientAddress?: string | null | undefined;
}

export interface AuditService {
  /** Appends one entry, stamped with the injected clock in UTC. */
  record(event: AuditEvent): Promise<void>;
  list(filter: AuditQuery): Promise<{ entries: AuditEntry[]; total: number }>;
}

const SECRET_KEY =
  /password|passwd|secret|token|cookie|authori[sz]ation|api[-_]?key|^session|^audio(data|base64)?$/i;
const MAX_STRING = 500;
const MAX_DETAILS_CHARS = 4000;

/** A copy of `value` safe to keep forever: secret-looking keys redacted, long strings cut, depth bounded. */
export function sanitiseDetails(value: unknown, depth = 0): unknown {
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
  if (depth >= 4) return '[nested]';
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => sanitiseDetails(item, depth + 1));
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, item]) => [
        key,
        SECRET_KEY.test(key) ? '[redacted]' : sanitiseDetails(item, depth + 1),
      ]),
    );
  }
  return String(value);
}

function serialiseDetails(details: Record<string, unknown> | undefined): string {
  const json = JSON.stringify(sanitiseDetails(details ?? {}));
  return json.length <= MAX_DETAILS_CHARS
    ? json
    : JSON.stringify({ truncated: json.slice(0, MAX_DETAILS_CHARS) });
}

function toEntry(row: AuditLogRow): AuditEntry {
  let details: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row.details);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      details = parsed as Record<string, unknown>;
  } catch {
    details = {};
  }
  return { ...row, id: Number(row.id), details };
}

export function createAuditService(deps: {
  audit: AuditRepository;
  users: UsersRepository;
  clock: Clock;
}): AuditService {
  const { audit, users, clock } = deps;
  return {
    async record(event) {
      let actorEmail = event.actorEmail ?? null;
      if (actorEmail === null && event.actorId)
        actorEmail = (await users.findById(event.actorId))?.email ?? null;
      await audit.insert({
        occurredAt: clock().toISOString(),
        actorId: event.actorId,
        actorEmail,
        practiceId: event.practiceId === undefined ? event.actorId : event.practiceId,
        action: event.action,
        targetType: event.targetType ?? null,
        targetId: event.targetId ?? null,
        details: serialiseDetails(event.details),
        clientAddress: event.clientAddress ?? null,
      });
    },

    async list(filter) {
      const { rows, total } = await audit.list(filter);
      return { entries: rows.map(toEntry), total };
    },
  };
}
