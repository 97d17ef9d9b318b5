/**
 * The on-disk layout shared by scripts/backup.ts and scripts/restore.ts:
 *
 *   DIR/manifest.json        what is in the backup, with a SHA-256 of every file
 *   DIR/database.sqlite      SQLite: an online .backup() copy   (or)
 *   DIR/database.pgdump      PostgreSQL: pg_dump --format=custom of one snapshot
 *   DIR/audio/<blob key>     every audio blob the database snapshot references
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';

export const MANIFEST = 'manifest.json';
export const FORMAT = 'veldvet-backup/1';

export interface AudioEntry {
  key: string;
  sha256: string;
  bytes: number;
  contentType: string;
}

export interface Manifest {
  format: typeof FORMAT;
  createdAt: string;
  dialect: 'sqlite' | 'postgres';
  database: { file: string; sha256: string; bytes: number };
  /** Applied migrations at the time of the snapshot. */
  migrations: string[];
  audio: AudioEntry[];
  /** Referenced by the snapshot but gone from the store by the time it was copied (deleted meanwhile). */
  missingAudio: string[];
  /** Present but not matching the SHA-256 the database recorded: copied as found, flagged for a human. */
  corruptAudio: string[];
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** libpq settings from a URL, with the password in PGPASSWORD so it never shows in `ps`. */
export function pgEnvironment(url: string): { env: NodeJS.ProcessEnv; database: string } {
  const parsed = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env, PGHOST: parsed.hostname, PGPORT: parsed.port || '5432' };
  if (parsed.username) env.PGUSER = decodeURIComponent(parsed.username);
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  const sslmode = parsed.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return { env, database: decodeURIComponent(parsed.pathname.replace(/^\//, '')) };
}

/** Blob keys are server-built (`assertValidKey`); refuse anything that could leave the audio folder anyway. */
export function safeRelativeKey(key: string): string {
  if (!/^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/.test(key) || key.includes('..')) {
    throw new Error(`Refusing unsafe audio key in backup: ${JSON.stringify(key)}`);
  }
  return key;
}

/** Runs a PostgreSQL client tool; its stderr becomes the error message. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'ENOENT'
            ? `${command} is not installed (PostgreSQL client tools are needed)`
            : error.message,
        ),
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}: ${stderr.trim()}`)),
    );
  });
}
