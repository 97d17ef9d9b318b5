import { afterEach, describe, expect, it } from 'vitest';
import { BlobIntegrityError, BlobNotFoundError, sha256Hex } from '../../../api/storage/blob-store.js';
import { createS3BlobStore } from '../../../api/storage/s3-store.js';
import { startFakeS3, type FakeS3 } from './fake-s3.js';

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe.each([true, false])('S3 blob store (store keeps checksums: %s)', (keepsChecksums) => {
  let s3: FakeS3 | undefined;
  const bytes = new Uint8Array(Array.from({ length: 20_000 }, (_, i) => (i * 13) % 256));
  const sha256 = sha256Hex(bytes);

  afterEach(async () => {
    await s3?.close();
    s3 = undefined;
  });

  async function store() {
    s3 = await startFakeS3({ keepsChecksums });
    return createS3BlobStore({
      bucket: s3.bucket,
      region: 'af-south-1',
      endpoint: s3.endpoint,
      prefix: 'audio/',
      forcePathStyle: true,
      credentials: { accessKeyId: 'test', secretAccessKey: 'test-secret' },
    });
  }

  it('stores under the prefix, verifies, reads whole and in ranges, and deletes', async () => {
    const blobs = await store();
    await blobs.put('practice/rec.webm', bytes, { contentType: 'audio/webm', sha256 });
    expect([...s3!.objects.keys()]).toEqual(['audio/practice/rec.webm']);
    expect(s3!.objects.get('audio/practice/rec.webm')!.contentType).toBe('audio/webm');
    expect(await blobs.stat('practice/rec.webm')).toEqual({ byteSize: bytes.byteLength });
    expect(await blobs.verify('practice/rec.webm', sha256)).toBe(true);
    expect(await readAll(await blobs.read('practice/rec.webm'))).toEqual(bytes);
    expect(await readAll(await blobs.read('practice/rec.webm', { start: 500, end: 1499 }))).toEqual(
      bytes.subarray(500, 1500),
    );

    await blobs.delete('practice/rec.webm');
    expect(s3!.objects.size).toBe(0);
    expect(await blobs.stat('practice/rec.webm')).toBeUndefined();
    await expect(blobs.read('practice/rec.webm')).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(blobs.verify('practice/rec.webm', sha256)).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('refuses bytes that do not match their SHA-256 and keeps nothing', async () => {
    const blobs = await store();
    const wrong = sha256Hex(new Uint8Array([1, 2, 3]));
    await expect(
      blobs.put('p/bad.webm', bytes, { contentType: 'audio/webm', sha256: wrong }),
    ).rejects.toBeInstanceOf(BlobIntegrityError);
    expect(s3!.objects.size).toBe(0);
  });

  it('notices an object altered in the store', async () => {
    const blobs = await store();
    await blobs.put('p/rec.webm', bytes, { contentType: 'audio/webm', sha256 });
    const object = s3!.objects.get('audio/p/rec.webm')!;
    const altered = Buffer.from(object.body);
    altered[10] = altered[10]! ^ 0xff;
    // A changed object gets a new ETag; a store that keeps checksums reports the one it was written with.
    s3!.objects.set('audio/p/rec.webm', {
      ...object,
      body: altered,
      etag: '"changed"',
      checksum: keepsChecksums ? Buffer.from(sha256Hex(altered), 'hex').toString('base64') : undefined,
    });
    expect(await blobs.verify('p/rec.webm', sha256)).toBe(false);
  });
});
