import { AsyncLocalStorage } from 'node:async_hooks';
import { setDatabaseLogger } from '../../db/log.js';
import pino, { type Bindings, type DestinationStream, type Level, type Logger } from 'pino';

export type { Logger };

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = Level | 'silent';

/**
 * LOG_LEVEL when it names a level; otherwise 'info', or 'silent' under NODE_ENV=test: tests provoke
 * failures on purpose and assert the answers; LOG_LEVEL=warn shows the lines when a test needs reading.
 */
export function logLevelFromEnv(env: NodeJS.ProcessEnv = process.env): LogLevel {
  const wanted = env.LOG_LEVEL?.trim().toLowerCase();
  if (wanted && (LOG_LEVELS as readonly string[]).includes(wanted)) return wanted as LogLevel;
  return env.NODE_ENV === 'test' ? 'silent' : 'info';
}

const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'emailPassword',
  'smtpPassword',
  'token',
  'resetToken',
  'sessionToken',
  'secret',
  'apiKey',
  'authorization',
  'cookie',
  'set-cookie',
  'audioData',
];

const SECRETS = new Set(SECRET_KEYS);
const CENSOR = '[redacted]';

type Fields = Record<string, unknown>;
const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Keys whose values never reach a log line: at the top level, one level down ({ user: { password } }) and
 * in the headers one level down ({ request: { headers: { cookie } } }). The request log itself carries no
 * bodies or headers; this catches a careless `log.info({ body })` elsewhere.
 *
 * Done here rather than by pino's `redact` paths (issue 19): its wildcard paths cost ~30 µs a line, a
 * third of a health check's CPU, for a request line that never holds a secret. Objects are copied only
 * when something in them is censored.
 */
export function censorSecrets(fields: Fields, depth = 0): Fields {
  let copy: Fields | undefined;
  for (const key of Object.keys(fields)) {
    const value = fields[key];
    let safe = value;
    if (SECRETS.has(key)) safe = CENSOR;
    else if (isFields(value) && (depth === 0 || key === 'headers')) safe = censorSecrets(value, depth + 1);
    if (safe !== value) (copy ??= { ...fields })[key] = safe;
  }
  return copy ?? fields;
}

export interface LoggerOptions {
  level?: LogLevel;
  /** Where lines go; stdout by default. Tests pass a stream to read them back. */
  destination?: DestinationStream;
}

let stampedAt = Number.NaN;
let stamp = '';
/**
 * pino's isoTime, formatted once per millisecond: a busy server writes several lines in the same one, and
 * the Date formatting was a third of a request line's cost (issue 19).
 */
function isoTimeByMillisecond(): string {
  const now = Date.now();
  if (now !== stampedAt) {
    stampedAt = now;
    stamp = `,"time":"${new Date(now).toISOString()}"`;
  }
  return stamp;
}

/** One JSON line per event: time (ISO), level as a word, msg, and the fields given. */
export function createLogger({ level = logLevelFromEnv(), destination }: LoggerOptions = {}): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: isoTimeByMillisecond,
      formatters: { level: (label) => ({ level: label }), log: (fields) => censorSecrets(fields) },
    },
    destination ?? standardOutput(),
  );
}

/**
 * stdout, written asynchronously: while a write is in flight, the lines logged meanwhile are joined into
 * the next one, so a busy server makes one system call per batch instead of one per request line (issue 19:
 * the request line was a sixth of a health check's cost). Nothing waits when the server is quiet, and pino
 * flushes what is pending when the process exits, crashes included.
 */
function standardOutput(): DestinationStream {
  return pino.destination({ dest: process.stdout.fd ?? 1, sync: false });
}

/** The process's logger. Services and jobs take a child of it (see forRequest) rather than a new one. */
export const logger = createLogger();

// db/ cannot import this module (it sits below api/): its warnings come here once the API has a logger.
const databaseLogger = logger.child({ component: 'db' });
setDatabaseLogger({ warn: (message) => databaseLogger.warn(message) });

/**
 * A child logger for work done on behalf of one request, e.g. a job the request queued: pass the request
 * id along with the job and call this where it runs, so its lines carry the same id as the request's.
 */
export function forRequest(requestId: string | undefined, parent: Logger = logger): Logger {
  return requestId ? parent.child({ requestId }) : parent;
}

/**
 * What a request's work logs through. The child logger carrying the request id is made on first use: most
 * requests log nothing but their request line, and a pino child per request cost about a fifth of a
 * health check's CPU time.
 */
interface LoggerScope {
  requestId: string | undefined;
  parent: Logger;
  log?: Logger;
}

const requestScope = new AsyncLocalStorage<LoggerScope>();

function scopeLogger(scope: LoggerScope): Logger {
  return (scope.log ??= forRequest(scope.requestId, scope.parent));
}

/** Runs `work` with `log` as the current logger. */
export function runWithLogger<T>(log: Logger, work: () => T): T {
  return requestScope.run({ requestId: undefined, parent: log, log }, work);
}

/** Runs `work` for one request: currentLogger() inside it carries `requestId` (requestLog does this). */
export function runForRequest<T>(requestId: string | undefined, parent: Logger, work: () => T): T {
  return requestScope.run({ requestId, parent }, work);
}

/**
 * The logger of the request being served (its id on every line) or, outside a request (timers, jobs,
 * scripts), the process logger; with `bindings` such as `{ component: 'recordings' }` added. Services call
 * this where they log instead of keeping a logger of their own.
 */
export function currentLogger(bindings?: Bindings): Logger {
  const scope = requestScope.getStore();
  const log = scope ? scopeLogger(scope) : logger;
  return bindings ? log.child(bindings) : log;
}
