import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../api/config.js';
import { BlobIntegrityError, BlobNotFoundError, sha256Hex } from '../../../api/storage/blob-store.js';
import { createFileBlobStore } from '../../../api/storage/fs-store.js';
import { createBlobStore } from '../../../api/storage/index.js';

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe('file blob store', () => {
  let root: string;
  const bytes = new Uint8Array(Array.from({ length: 10_000 }, (_, i) => (i * 7) % 256));
  const sha256 = sha256Hex(bytes);

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'veldvet-blobs-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('stores, stats, verifies, reads whole and in ranges, and deletes', async () => {
    const store = createFileBlobStore(root);
    await store.put('practice/rec.webm', bytes, { contentType: 'audio/webm', sha256 });
    expect(fs.readdirSync(path.join(root, 'practice'))).toEqual(['rec.webm']);
    expect(await store.stat('practice/rec.webm')).toEqual({ byteSize: bytes.byteLength });
    expect(await store.verify('practice/rec.webm', sha256)).toBe(true);
    expect(await store.verify('practice/rec.webm', sha256)).toBe(true);
    expect(await readAll(await store.read('practice/rec.webm'))).toEqual(bytes);
    expect(await readAll(await store.read('practice/rec.webm', { start: 100, end: 199 }))).toEqual(
      bytes.subarray(100, 200),
    );
    expect(await readAll(await store.read('practice/rec.webm', { start: 9_999, end: 9_999 }))).toEqual(
      bytes.subarray(9_999),
    );

    await store.delete('practice/rec.webm');
    await store.delete('practice/rec.webm');
    expect(await store.stat('practice/rec.webm')).toBeUndefined();
    await expect(store.read('practice/rec.webm')).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(store.verify('practice/rec.webm', sha256)).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('refuses a write whose bytes do not match the SHA-256 and leaves nothing behind', async () => {
    const store = createFileBlobStore(root);
    await expect(
      store.put('p/bad.webm', bytes, { contentType: 'audio/webm', sha256: sha256Hex(new Uint8Array([1])) }),
    ).rejects.toBeInstanceOf(BlobIntegrityError);
    expect(fs.readdirSync(path.join(root, 'p'))).toEqual([]);
  });

  it('notices a file changed on disk after it was verified', async () => {
    const store = createFileBlobStore(root);
    await store.put('p/rec.webm', bytes, { contentType: 'audio/webm', sha256 });
    expect(await store.verify('p/rec.webm', sha256)).toBe(true);
    const corrupted = Buffer.from(bytes);
    corrupted[5] = corrupted[5]! ^ 1;
    fs.writeFileSync(path.join(root, 'p', 'rec.webm'), corrupted);
    expect(await store.verify('p/rec.webm', sha256)).toBe(false);
    // Truncation too.
    fs.writeFileSync(path.join(root, 'p', 'rec.webm'), bytes.subarray(0, 10));
    expect(await store.verify('p/rec.webm', sha256)).toBe(false);
  });

  it('refuses keys that could leave the store', async () => {
    const store = createFileBlobStore(root);
    for (const key of ['../escape', 'a/../../b', '/abs', 'a//b', '', 'a/./b', 'a\\b', '.hidden']) {
      await expect(store.put(key, bytes, { contentType: 'audio/webm', sha256 }), key).rejects.toThrow(
        /Invalid blob key/,
      );
    }
  });
});

describe('createBlobStore', () => {
  it('uses DATA_DIR/audio by default', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/veldvet-config-test' });
    expect(config.BLOB_STORE).toBe('fs');
    expect(config.MAX_UPLOAD_BYTES).toBe(24 * 1024 * 1024);
    expect(createBlobStore(config).kind).toBe('fs');
  });

  it('says what is missing when BLOB_STORE=s3 is not configured', () => {
    expect(() => createBlobStore(loadConfig({ BLOB_STORE: 's3' }))).toThrow(
      'S3_BUCKET: required when BLOB_STORE=s3',
    );
    expect(() =>
      createBlobStore(loadConfig({ BLOB_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })),
    ).toThrow('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
    expect(() => loadConfig({ BLOB_STORE: 'disk' })).toThrow(/BLOB_STORE/);
    expect(createBlobStore(loadConfig({ BLOB_STORE: 's3', S3_BUCKET: 'b' })).kind).toBe('s3');
    expect(() => loadConfig({ S3_PREFIX: '/abs' })).toThrow(/S3_PREFIX/);
  });
});
