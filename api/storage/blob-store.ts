import { createHash } from 'node:crypto';

/** An inclusive byte range, as HTTP Range speaks it. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where recording audio lives. The database keeps only the key, the SHA-256, the size and the type, so the
 * bytes can sit on local disk or in any S3-compatible store without the rest of the app knowing which.
 */
export interface BlobStore {
  readonly kind: 'fs' | 's3';
  /**
   * Stores the bytes under `key` and makes sure what landed hashes to `sha256` (hex) before it becomes
   * visible under that key; throws BlobIntegrityError otherwise (nothing is left behind).
   */
  put(key: string, data: Uint8Array, options: { contentType: string; sha256: string }): Promise<void>;
  /** Size of the stored object, or undefined when there is none. */
  stat(key: string): Promise<{ byteSize: number } | undefined>;
  /** True when the stored object still hashes to `sha256`; false when it differs; BlobNotFoundError when gone. */
  verify(key: string, sha256: string): Promise<boolean>;
  /** The whole object, or the inclusive `range` of it, as a stream; BlobNotFoundError when gone. */
  read(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array>>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Every object in the store, in no particular order, including leftovers of writes that never finished
   * (`temporary`: the file store's `*.tmp`, which a kill -9 mid-write leaves behind). For the sweep that
   * removes those and blobs no recording references (api/services/blob-sweep.ts).
   */
  list(): AsyncIterable<StoredBlob>;
}

export interface StoredBlob {
  key: string;
  byteSize: number;
  modifiedAt: Date;
  /** A half-written upload, never a real object; its key is only good for delete(). */
  temporary: boolean;
}

export class BlobIntegrityError extends Error {}
export class BlobNotFoundError extends Error {}

export function sha256Hex(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Keys are built by the server, never taken from a client; this guards the file store against traversal anyway. */
const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export function assertValidKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.length > 512) throw new Error(`Invalid blob key: ${JSON.stringify(key)}`);
}
