/**
 * Where db/ writes its few warnings (a lost PostgreSQL connection, a missing pg_trgm). db/ sits below api/
 * and cannot import its logger, so api/logging hands one in when it is created; a script that only opens or
 * migrates the database keeps stderr.
 */
export interface DatabaseLogger {
  warn(message: string): void;
}

let current: DatabaseLogger = { warn: (message) => console.warn(`[db] ${message}`) };

export function setDatabaseLogger(log: DatabaseLogger): void {
  current = log;
}

export function databaseLog(): DatabaseLogger {
  return current;
}
