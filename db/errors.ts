/**
 * Database and storage failures that are not the client's fault and not a bug: the database is away,
 * busy or full. The API answers them with 503 (Retry-After) or 507 and a sentence the recorder can show,
 * instead of a bare 500.
 */

/** A write waited for SQLite's lock (held outside the server) longer than SQLITE_BUSY_TIMEOUT_MS. */
export class DatabaseBusyError extends Error {
  constructor(override readonly cause?: unknown) {
    super('The database is locked by another program');
    this.name = 'DatabaseBusyError';
  }
}

export type InfrastructureFailure =
  | { kind: 'unavailable'; status: 503; retryAfterSeconds: number; message: string }
  | { kind: 'busy'; status: 503; retryAfterSeconds: number; message: string }
  | { kind: 'full'; status: 507; message: string };

export const infrastructureMessages = {
  unavailable: 'The database is unavailable at the moment. Nothing was saved; please try again shortly.',
  busy: 'The server is busy at the moment. Nothing was saved; please try again shortly.',
  full: "The server's storage is full. Nothing was saved; please ask your administrator to free space.",
} as const;

// PostgreSQL SQLSTATE classes and codes (https://www.postgresql.org/docs/current/errcodes-appendix.html).
const PG_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300', '58000', '58030']);
const PG_BUSY = new Set(['57014', '55P03', '40001', '40P01', '53200']);
const PG_FULL = new Set(['53100']);
const NODE_UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);
const NODE_FULL = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL']);
const SQLITE_UNAVAILABLE = new Set(['SQLITE_IOERR', 'SQLITE_CANTOPEN', 'SQLITE_READONLY', 'SQLITE_PROTOCOL']);
const SQLITE_BUSY = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_BUSY_SNAPSHOT']);

const PG_CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection terminated unexpectedly',
  'Client was closed and is not queryable',
];

/** The failure an error stands for, or undefined for anything else (a bug, or the client's mistake). */
export function classifyInfrastructureError(error: unknown): InfrastructureFailure | undefined {
  if (error instanceof DatabaseBusyError) return busy();
  if (!(error instanceof Error)) return undefined;
  const code = String((error as { code?: unknown }).code ?? '');
  const codeBase = code.split('_').slice(0, 2).join('_'); // SQLITE_IOERR_WRITE → SQLITE_IOERR
  if (NODE_FULL.has(code) || PG_FULL.has(code) || code === 'SQLITE_FULL') return full();
  if (SQLITE_BUSY.has(code) || PG_BUSY.has(code)) return busy();
  if (PG_UNAVAILABLE.has(code) || code.startsWith('08') || NODE_UNAVAILABLE.has(code)) return unavailable();
  if (SQLITE_UNAVAILABLE.has(codeBase)) return unavailable();
  if (PG_CONNECTION_MESSAGES.some((text) => error.message.startsWith(text))) return unavailable();
  return undefined;
}

const unavailable = (): InfrastructureFailure => ({
  kind: 'unavailable',
  status: 503,
  retryAfterSeconds: 5,
  message: infrastructureMessages.unavailable,
});
const busy = (): InfrastructureFailure => ({
  kind: 'busy',
  status: 503,
  retryAfterSeconds: 2,
  message: infrastructureMessages.busy,
});
const full = (): InfrastructureFailure => ({
  kind: 'full',
  status: 507,
  message: infrastructureMessages.full,
});
