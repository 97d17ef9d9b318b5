import type { HeadObjectCommandOutput, S3Client } from '@aws-sdk/client-s3';
import {
  BlobIntegrityError,
  BlobNotFoundError,
  assertValidKey,
  sha256Hex,
  type BlobStore,
  type ByteRange,
} from './blob-store.js';

export interface S3BlobStoreOptions {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  prefix: string;
  forcePathStyle: boolean;
  /** Unset: the SDK's default credential chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
}

const VERIFIED_CACHE_LIMIT = 500;

type Sdk = typeof import('@aws-sdk/client-s3');
let sdkPromise: Promise<Sdk> | undefined;
/**
 * The SDK is loaded on first use, not at boot: it is ~20 MiB of a server's resident memory (issue 19, idle
 * RSS), and most installations keep audio on disk (BLOB_STORE=fs) and never call it.
 */
const loadSdk = (): Promise<Sdk> => (sdkPromise ??= import('@aws-sdk/client-s3'));

/**
 * Audio in any S3-compatible store (AWS S3, MinIO, Cloudflare R2, Ceph…).
 *
 * Writes send the SHA-256 as x-amz-checksum-sha256, so the store itself refuses bytes that arrive altered,
 * and are then confirmed: by the checksum the store reports, or, for stores that do not keep checksums, by
 * reading the object back and hashing it. Reads confirm the object the same way (memoised per ETag).
 */
export function createS3BlobStore(options: S3BlobStoreOptions, client?: S3Client): BlobStore {
  let connected: Promise<{ sdk: Sdk; s3: S3Client }> | undefined;
  const connect = () =>
    (connected ??= loadSdk().then((sdk) => ({
      sdk,
      s3:
        client ??
        new sdk.S3Client({
          region: options.region,
          forcePathStyle: options.forcePathStyle,
          ...(options.endpoint ? { endpoint: options.endpoint } : {}),
          ...(options.credentials ? { credentials: options.credentials } : {}),
        }),
    })));
  const Bucket = options.bucket;
  const verified = new Map<string, string>();

  function objectKey(key: string): string {
    assertValidKey(key);
    return `${options.prefix}${key}`;
  }

  async function head(key: string): Promise<HeadObjectCommandOutput | undefined> {
    const { sdk, s3 } = await connect();
    try {
      return await s3.send(
        new sdk.HeadObjectCommand({ Bucket, Key: objectKey(key), ChecksumMode: 'ENABLED' }),
      );
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async function hashObject(key: string): Promise<string> {
    const { sdk, s3 } = await connect();
    const object = await s3.send(new sdk.GetObjectCommand({ Bucket, Key: objectKey(key) }));
    if (!object.Body) throw new BlobNotFoundError(`No stored object ${key}`);
    return sha256Hex(await object.Body.transformToByteArray());
  }

  /** True/false when the store's own checksum answers; undefined when it keeps none (then we hash). */
  function checksumMatches(info: HeadObjectCommandOutput, sha256: string): boolean | undefined {
    if (!info.ChecksumSHA256 || info.ChecksumSHA256.includes('-')) return undefined;
    return info.ChecksumSHA256 === Buffer.from(sha256, 'hex').toString('base64');
  }

  async function verify(key: string, sha256: string): Promise<boolean> {
    const info = await head(key);
    if (!info) throw new BlobNotFoundError(`No stored object ${key}`);
    const byChecksum = checksumMatches(info, sha256);
    if (byChecksum !== undefined) return byChecksum;
    const version = `${info.ETag ?? ''}|${info.ContentLength ?? ''}|${sha256}`;
    if (verified.get(key) === version) return true;
    const ok = (await hashObject(key)) === sha256;
    if (ok) {
      if (verified.size >= VERIFIED_CACHE_LIMIT) verified.delete(verified.keys().next().value as string);
      verified.set(key, version);
    } else {
      verified.delete(key);
    }
    return ok;
  }

  return {
    kind: 's3',

    async put(key, data, { contentType, sha256 }) {
      const { sdk, s3 } = await connect();
      try {
        await s3.send(
          new sdk.PutObjectCommand({
            Bucket,
            Key: objectKey(key),
            Body: data,
            ContentType: contentType,
            ContentLength: data.byteLength,
            ChecksumSHA256: Buffer.from(sha256, 'hex').toString('base64'),
            Metadata: { sha256 },
          }),
        );
      } catch (error) {
        if (errorName(error) === 'BadDigest' || errorName(error) === 'InvalidDigest') {
          throw new BlobIntegrityError('The object store refused the audio: its SHA-256 did not match');
        }
        throw error;
      }
      let intact: boolean;
      try {
        intact = await verify(key, sha256);
      } catch (error) {
        if (error instanceof BlobNotFoundError) intact = false;
        else throw error;
      }
      if (!intact) {
        await s3.send(new sdk.DeleteObjectCommand({ Bucket, Key: objectKey(key) })).catch(() => undefined);
        throw new BlobIntegrityError('The audio stored in the object store does not match its SHA-256');
      }
    },

    async stat(key) {
      const info = await head(key);
      return info ? { byteSize: info.ContentLength ?? 0 } : undefined;
    },

    verify,

    async read(key, range?: ByteRange) {
      const { sdk, s3 } = await connect();
      try {
        const object = await s3.send(
          new sdk.GetObjectCommand({
            Bucket,
            Key: objectKey(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        if (!object.Body) throw new BlobNotFoundError(`No stored object ${key}`);
        return object.Body.transformToWebStream() as ReadableStream<Uint8Array>;
      } catch (error) {
        if (isNotFound(error)) throw new BlobNotFoundError(`No stored object ${key}`);
        throw error;
      }
    },

    async delete(key) {
      verified.delete(key);
      const { sdk, s3 } = await connect();
      await s3.send(new sdk.DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },

    // PutObject is atomic (an interrupted upload leaves no object), so the store has no temporaries.
    async *list() {
      const { sdk, s3 } = await connect();
      let ContinuationToken: string | undefined;
      do {
        const page = await s3.send(
          new sdk.ListObjectsV2Command({ Bucket, Prefix: options.prefix, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key?.startsWith(options.prefix)) continue;
          yield {
            key: object.Key.slice(options.prefix.length),
            byteSize: object.Size ?? 0,
            modifiedAt: object.LastModified ?? new Date(0),
            temporary: false,
          };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}

function errorName(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : undefined;
}

function isNotFound(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  const name = errorName(error);
  return status === 404 || name === 'NotFound' || name === 'NoSuchKey';
}
