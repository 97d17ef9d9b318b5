/**
 * npm run restore -- --from DIR [--force]
 *
 * Puts a backup made by `npm run backup` back: the database (SQLite file or pg_restore into DATABASE_URL)
 * and every audio blob into the configured store. Every file is checked against manifest.json before
 * anything is touched. Stop the server first. A target database that already holds accounts is only
 * replaced with --force.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../api/config.js';
import { createBlobStore } from '../api/storage/index.js';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { restrictNewFiles } from '../db/file-modes.js';
import {
  FORMAT,
  MANIFEST,
  pgEnvironment,
  run,
  safeRelativeKey,
  sha256File,
  type Manifest,
} from './backup-format.js';

async function verify(fromDir: string, manifest: Manifest): Promise<void> {
  if (manifest.format !== FORMAT) throw new Error(`Not a VeldVet backup (format ${String(manifest.format)})`);
  restrictNewFiles(); // the restored database and audio are owner-only (db/file-modes.ts)
  const dbFile = path.join(fromDir, manifest.database.file);
  if ((await sha256File(dbFile)) !== manifest.database.sha256)
    throw new Error(`${manifest.database.file} does not match its SHA-256`);
  for (const entry of manifest.audio) {
    const file = path.join(fromDir, 'audio', safeRelativeKey(entry.key));
    if (!fs.existsSync(file) || (await sha256File(file)) !== entry.sha256)
      throw new Error(`audio/${entry.key} is missing or damaged`);
  }
}

async function targetHasAccounts(databaseUrl: string | undefined, dataDir: string): Promise<boolean> {
  const handle = openDatabase({ databaseUrl, dataDir });
  try {
    const row = await handle.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
    return row !== undefined;
  } catch {
    return false; // No users table: an empty database.
  } finally {
    await handle.close();
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { from: { type: 'string' }, force: { type: 'boolean', default: false } },
  });
  if (!values.from) {
    console.error('Usage: npm run restore -- --from DIR [--force]');
    return 2;
  }
  const fromDir = path.resolve(values.from);
  const manifest = JSON.parse(fs.readFileSync(path.join(fromDir, MANIFEST), 'utf8')) as Manifest;
  await verify(fromDir, manifest);

  const config = loadConfig();
  const probe = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  const { dialect, location } = probe;
  await probe.close();
  if (dialect !== manifest.dialect) {
    throw new Error(`The backup is of a ${manifest.dialect} database but DATABASE_URL selects ${dialect}`);
  }
  if (!values.force && (await targetHasAccounts(config.DATABASE_URL, config.dataDir))) {
    console.error(
      `The target database (${location}) already holds accounts. Re-run with --force to replace it.`,
    );
    return 2;
  }

  const dbFile = path.join(fromDir, manifest.database.file);
  if (dialect === 'sqlite') {
    // Copy beside the target and rename over it; stale WAL/SHM files would replay the old data on top.
    const temporary = `${location}.restore-${process.pid}`;
    fs.mkdirSync(path.dirname(location), { recursive: true });
    fs.copyFileSync(dbFile, temporary);
    for (const suffix of ['-wal', '-shm']) fs.rmSync(`${location}${suffix}`, { force: true });
    fs.renameSync(temporary, location);
  } else {
    const { env, database } = pgEnvironment(config.DATABASE_URL!);
    await run(
      'pg_restore',
      [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        `--dbname=${database}`,
        dbFile,
      ],
      env,
    );
  }

  const blobs = createBlobStore(config);
  for (const entry of manifest.audio) {
    const data = fs.readFileSync(path.join(fromDir, 'audio', safeRelativeKey(entry.key)));
    // put() re-hashes what it stored, so the store ends up with exactly the backed-up bytes.
    await blobs.put(entry.key, new Uint8Array(data), {
      contentType: entry.contentType,
      sha256: entry.sha256,
    });
  }

  // A backup from an older version is brought up to this version's schema.
  const handle = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await migrateToLatest(handle.db);
    const users = await handle.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const recordings = await handle.db
      .selectFrom('recordings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    console.log(
      `Restored ${manifest.createdAt} backup: ${Number(users.n)} accounts, ${Number(recordings.n)} recordings, ` +
        `${manifest.audio.length} audio files.`,
    );
  } finally {
    await handle.close();
  }
  if (manifest.missingAudio.length > 0)
    console.warn(
      `${manifest.missingAudio.length} audio files were already missing when the backup was taken.`,
    );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // An operator's command: the reason goes to stderr whatever LOG_LEVEL says.
    console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
