import fs from 'node:fs';

/**
 * The database holds clinical records and password hashes, the audio store the consultations themselves:
 * neither is for other accounts on the machine. Files are 0600 and folders 0700 (owner only).
 */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/**
 * Everything this process creates from now on is owner-only, whatever the shell's umask (usually 022):
 * SQLite's -wal/-shm, backups, pg_dump output, temporary audio. Called first thing by the server and the
 * operator scripts.
 */
export function restrictNewFiles(): void {
  process.umask(0o077);
}

/** Creates `dir` (and missing parents) owner-only, and tightens it if it already existed. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  fs.chmodSync(dir, PRIVATE_DIR_MODE);
}

/** Tightens an existing file to owner-only (an installation from before this rule); a missing one is fine. */
export function tightenFile(file: string): void {
  try {
    fs.chmodSync(file, PRIVATE_FILE_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * A SQLite database file that does not exist yet is created empty and owner-only before SQLite opens it:
 * SQLite gives its -wal and -shm files the database file's own mode, so they follow.
 */
export function preparePrivateSqliteFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  for (const suffix of ['', '-wal', '-shm']) tightenFile(`${file}${suffix}`);
}
