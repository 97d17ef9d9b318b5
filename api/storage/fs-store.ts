import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  BlobIntegrityError,
  BlobNotFoundError,
  assertValidKey,
  sha256Hex,
  type BlobStore,
  type ByteRange,
} from './blob-store.js';
import { PRIVATE_DIR_MODE } from '../../db/file-modes.js';

/** Files are immutable once written, so a verified hash stays good while size, mtime and inode are unchanged. */
interface VerifiedFile {
  sha256: string;
  size: number;
  mtimeMs: number;
  ino: number;
}
const VERIFIED_CACHE_LIMIT = 500;
/** put() writes `<key>.<12 hex>.tmp` and renames it into place; a crash mid-write leaves one behind. */
const TEMPORARY = /\.[0-9a-f]{12}\.tmp$/;

/**
 * Audio as files under `root` (config.dataDir/audio by default). Writes go to a temporary file that is
 * fsynced, read back and hashed, and only then renamed into place, so a key never names a partial or
 * corrupted file. Reads re-hash the file (memoised per file version) so disk corruption is caught.
 */
export function createFileBlobStore(root: string): BlobStore {
  const verified = new Map<string, VerifiedFile>();

  function pathFor(key: string): string {
    assertValidKey(key);
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error('Blob key escapes the store');
    return full;
  }

  async function hashFile(file: string): Promise<string> {
    return sha256Hex(await fs.promises.readFile(file));
  }

  async function statOrMissing(file: string, key: string): Promise<fs.Stats> {
    try {
      return await fs.promises.stat(file);
    } catch (error) {
      if (isMissing(error)) throw new BlobNotFoundError(`No stored object ${key}`);
      throw error;
    }
  }

  return {
    kind: 'fs',

    async put(key, data, { sha256 }) {
      const file = pathFor(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        const handle = await fs.promises.open(temporary, 'wx', 0o600);
        try {
          await handle.writeFile(data);
          await handle.sync();
        } finally {
          await handle.close();
        }
        if ((await hashFile(temporary)) !== sha256) {
          throw new BlobIntegrityError('The audio written to disk does not match its SHA-256');
        }
        await fs.promises.rename(temporary, file);
      } catch (error) {
        await fs.promises.rm(temporary, { force: true });
        throw error;
      }
    },

    async stat(key) {
      try {
        const stats = await fs.promises.stat(pathFor(key));
        return { byteSize: stats.size };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async verify(key, sha256) {
      const file = pathFor(key);
      const stats = await statOrMissing(file, key);
      const known = verified.get(file);
      if (
        known &&
        known.sha256 === sha256 &&
        known.size === stats.size &&
        known.mtimeMs === stats.mtimeMs &&
        known.ino === stats.ino
      ) {
        return true;
      }
      const ok = (await hashFile(file)) === sha256;
      if (ok) {
        if (verified.size >= VERIFIED_CACHE_LIMIT) verified.delete(verified.keys().next().value as string);
        verified.set(file, { sha256, size: stats.size, mtimeMs: stats.mtimeMs, ino: stats.ino });
      } else {
        verified.delete(file);
      }
      return ok;
    },

    async read(key, range?: ByteRange) {
      const file = pathFor(key);
      await statOrMissing(file, key);
      const stream = fs.createReadStream(file, range ? { start: range.start, end: range.end } : {});
      return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
    },

    async delete(key) {
      const file = pathFor(key);
      verified.delete(file);
      await fs.promises.rm(file, { force: true });
    },

    async *list() {
      let entries: fs.Dirent[];
      try {
        entries = await fs.promises.readdir(root, { recursive: true, withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return; // nothing stored yet
        throw error;
      }
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const full = path.join(entry.parentPath, entry.name);
        const key = path.relative(root, full).split(path.sep).join('/');
        let stats: fs.Stats;
        try {
          stats = await fs.promises.stat(full);
        } catch (error) {
          if (isMissing(error)) continue; // deleted while we listed
          throw error;
        }
        yield { key, byteSize: stats.size, modifiedAt: stats.mtime, temporary: TEMPORARY.test(entry.name) };
      }
    },
  };
}

function isMissing(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    (error as { code: unknown }).code === 'ENOENT'
  );
}
