/**
 * npm run backup -- --out DIR
 *
 * A consistent online backup of the database and the audio it references, taken while the server runs:
 *  - SQLite: better-sqlite3's online .backup() (the SQLite backup API: a transactionally consistent copy).
 *  - PostgreSQL: pg_dump of an exported snapshot; the audio keys are read in that same snapshot, so the
 *    list of blobs matches the dump exactly.
 *  - Audio: every blob the snapshot references is copied from the blob store (fs or S3) to DIR/audio and
 *    checked against the SHA-256 the database holds. manifest.json lists every file with its SHA-256.
 * Exit 0: complete. Exit 1: written but incomplete (blobs deleted or corrupt meanwhile; see the manifest).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { loadConfig } from '../api/config.js';
import { createBlobStore, type BlobStore } from '../api/storage/index.js';
import { loadPg, openDatabase } from '../db/database.js';
import { ensurePrivateDir, PRIVATE_DIR_MODE, restrictNewFiles } from '../db/file-modes.js';
import {
  FORMAT,
  MANIFEST,
  pgEnvironment,
  run,
  safeRelativeKey,
  sha256File,
  type AudioEntry,
  type Manifest,
} from './backup-format.js';

interface AudioRef {
  key: string;
  sha256: string | null;
  contentType: string | null;
}

const AUDIO_QUERY =
  'SELECT DISTINCT "audioBlobKey" AS key, "audioSha256" AS sha256, "audioMimeType" AS "contentType" ' +
  'FROM recordings WHERE "audioBlobKey" IS NOT NULL ORDER BY 1';
const MIGRATIONS_QUERY = 'SELECT name FROM kysely_migration ORDER BY name';

async function backupSqlite(
  file: string,
  outFile: string,
): Promise<{ audio: AudioRef[]; migrations: string[] }> {
  const source = new SQLite(file, { fileMustExist: true });
  try {
    await source.backup(outFile);
  } finally {
    source.close();
  }
  // The key list comes from the copy itself, so it is exactly the snapshot's.
  const copy = new SQLite(outFile, { readonly: true });
  try {
    return {
      audio: copy.prepare(AUDIO_QUERY).all() as AudioRef[],
      migrations: (copy.prepare(MIGRATIONS_QUERY).all() as Array<{ name: string }>).map((row) => row.name),
    };
  } finally {
    copy.close();
  }
}

async function backupPostgres(
  url: string,
  outFile: string,
): Promise<{ audio: AudioRef[]; migrations: string[] }> {
  const pg = await loadPg();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // The snapshot stays valid while this transaction is open; pg_dump attaches to it.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const snapshot = (await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id')).rows[0]!.id;
    const audio = (await client.query<AudioRef>(AUDIO_QUERY)).rows;
    const migrations = (await client.query<{ name: string }>(MIGRATIONS_QUERY)).rows.map((row) => row.name);
    const { env, database } = pgEnvironment(url);
    await run(
      'pg_dump',
      ['--format=custom', `--snapshot=${snapshot}`, '--no-owner', `--file=${outFile}`, database],
      env,
    );
    await client.query('COMMIT');
    return { audio, migrations };
  } finally {
    await client.end();
  }
}

async function copyAudio(
  blobs: BlobStore,
  refs: AudioRef[],
  audioDir: string,
  manifest: Manifest,
): Promise<void> {
  for (const ref of refs) {
    const target = path.join(audioDir, safeRelativeKey(ref.key));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    let stream: ReadableStream<Uint8Array>;
    try {
      stream = await blobs.read(ref.key);
    } catch {
      manifest.missingAudio.push(ref.key);
      continue;
    }
    const hash = createHash('sha256');
    let bytes = 0;
    // Hash the bytes as they pass on their way to the file: what is listed is exactly what was written.
    const counted = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        hash.update(chunk);
        bytes += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    await pipeline(
      Readable.fromWeb(stream.pipeThrough(counted) as NodeReadableStream<Uint8Array>),
      fs.createWriteStream(target, { mode: 0o600 }),
    );
    const sha256 = hash.digest('hex');
    if (ref.sha256 && ref.sha256 !== sha256) manifest.corruptAudio.push(ref.key);
    const entry: AudioEntry = {
      key: ref.key,
      sha256,
      bytes,
      contentType: ref.contentType ?? 'application/octet-stream',
    };
    manifest.audio.push(entry);
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  if (!values.out) {
    console.error('Usage: npm run backup -- --out DIR');
    return 2;
  }
  const outDir = path.resolve(values.out);
  if (fs.existsSync(outDir) && fs.readdirSync(outDir).length > 0) {
    console.error(`${outDir} is not empty; give a new folder so backups never mix.`);
    return 2;
  }
  // A backup is the whole clinical record: owner-only, whatever the shell's umask.
  restrictNewFiles();
  ensurePrivateDir(path.join(outDir, 'audio'));
  fs.chmodSync(outDir, PRIVATE_DIR_MODE);

  const config = loadConfig();
  const handle = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  const { dialect, location } = handle;
  await handle.close();

  const dbFile = path.join(outDir, dialect === 'sqlite' ? 'database.sqlite' : 'database.pgdump');
  const started = Date.now();
  const snapshot =
    dialect === 'sqlite'
      ? await backupSqlite(location, dbFile)
      : await backupPostgres(config.DATABASE_URL!, dbFile);

  const manifest: Manifest = {
    format: FORMAT,
    createdAt: new Date().toISOString(),
    dialect,
    database: {
      file: path.basename(dbFile),
      sha256: await sha256File(dbFile),
      bytes: fs.statSync(dbFile).size,
    },
    migrations: snapshot.migrations,
    audio: [],
    missingAudio: [],
    corruptAudio: [],
  };
  await copyAudio(createBlobStore(config), snapshot.audio, path.join(outDir, 'audio'), manifest);
  fs.writeFileSync(path.join(outDir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `Backup written to ${outDir} in ${seconds}s: ${dialect} database (${manifest.database.bytes} bytes), ` +
      `${manifest.audio.length} audio files.`,
  );
  if (manifest.missingAudio.length + manifest.corruptAudio.length > 0) {
    console.error(
      `Incomplete: ${manifest.missingAudio.length} audio files were missing and ${manifest.corruptAudio.length} ` +
        'did not match their recorded SHA-256 (listed in manifest.json).',
    );
    return 1;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // An operator's command: the reason goes to stderr whatever LOG_LEVEL says.
    console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
