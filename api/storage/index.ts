import path from 'node:path';
import { ConfigError, type Config } from '../config.js';
import type { BlobStore } from './blob-store.js';
import { createFileBlobStore } from './fs-store.js';
import { createS3BlobStore } from './s3-store.js';

export type { BlobStore, ByteRange } from './blob-store.js';
export { BlobIntegrityError, BlobNotFoundError, sha256Hex } from './blob-store.js';

/** The store BLOB_STORE names: files under DATA_DIR/audio (default), or an S3-compatible bucket. */
export function createBlobStore(config: Config): BlobStore {
  if (config.BLOB_STORE === 'fs') return createFileBlobStore(path.join(config.dataDir, 'audio'));
  if (!config.S3_BUCKET)
    throw new ConfigError('Invalid configuration: S3_BUCKET: required when BLOB_STORE=s3');
  if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  return createS3BlobStore({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    prefix: config.S3_PREFIX,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
  });
}
