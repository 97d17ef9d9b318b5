import { createHash } from 'node:crypto';
import { sha256Hex, type BlobStore } from '../storage/index.js';
import { audioMimeType } from '../storage/mime.js';

/** Blob-store folders whose objects no recording references yet; the sweep keeps them longer (uploadGraceMs). */
export const UPLOAD_PREFIXES = ['uploads/', 'jobs/'] as const;

/**
 * Where a /api/transcribe upload sent with an Idempotency-Key waits for its save: per practice, and named by
 * a hash of the key (the key is the client's, never a path). The same key always names the same object,
 * so a retried upload replaces it and the save finds it.
 */
export function uploadKeyFor(practiceId: string, idempotencyKey: string): string {
  const name = createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 40);
  return `uploads/${practiceId}/${name}`;
}

/**
 * Keeps a transcription upload for its save (audio once). The first upload under a key wins: once a save
 * references it, the recording's audio must never change under it.
 */
export async function keepUpload(
  blobs: BlobStore,
  practiceId: string,
  idempotencyKey: string,
  audio: Uint8Array,
): Promise<void> {
  const key = uploadKeyFor(practiceId, idempotencyKey);
  if (await blobs.stat(key)) return;
  await putAudio(blobs, key, audio);
}

/** Stores audio under `key`, typed by its bytes (the recording's row takes the type from here). */
export async function putAudio(blobs: BlobStore, key: string, audio: Uint8Array): Promise<void> {
  const contentType = audioMimeType(audio, undefined, 'webm');
  await blobs.put(key, audio, { contentType, sha256: sha256Hex(audio) });
}

/** The whole object as bytes (audio is bounded by MAX_AUDIO_BYTES). */
export async function readBlob(blobs: BlobStore, key: string): Promise<Uint8Array> {
  const stream = await blobs.read(key);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
    chunks.push(chunk);
    total += chunk.byteLength;
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
