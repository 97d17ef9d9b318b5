import type { BlobStore } from '../storage/index.js';
import type { Clock } from './clock.js';

export interface BlobSweepReport {
  /** Half-written uploads (`*.tmp`) removed. */
  temporaryBlobsDeleted: number;
  /** Stored audio no recording row references (a save killed between the write and its row) removed. */
  orphanBlobsDeleted: number;
}

export interface BlobSweepDeps {
  blobs: BlobStore;
  /** The keys among `keys` that some recording row (soft-deleted ones included) still names. */
  referencedAudioKeys(keys: string[]): Promise<Set<string>>;
  clock: Clock;
  /**
   * Only leftovers older than this are touched (ORPHAN_BLOB_GRACE_MINUTES): a save writes its blob
   * before its row, and another instance sharing the store may be mid-write right now.
   */
  graceMs: number;
  /** Keys under these prefixes wait `graceMs` of their own (transcription uploads waiting for their save). */
  longerGrace?: { prefixes: readonly string[]; graceMs: number } | undefined;
}

const BATCH = 500;

/**
 * Removes what a crash leaves in the blob store: temporaries of writes that never finished, and blobs
 * whose recording row was never written (or rolled back). Runs at boot and in the retention purge.
 */
export async function sweepBlobs(deps: BlobSweepDeps): Promise<BlobSweepReport> {
  const report: BlobSweepReport = { temporaryBlobsDeleted: 0, orphanBlobsDeleted: 0 };
  const now = deps.clock().getTime();
  const before = now - deps.graceMs;
  const longer = deps.longerGrace;
  const cutoff = (key: string) =>
    longer && longer.prefixes.some((prefix) => key.startsWith(prefix)) ? now - longer.graceMs : before;
  let candidates: string[] = [];
  const flush = async () => {
    const referenced = await deps.referencedAudioKeys(candidates);
    for (const key of candidates) {
      if (referenced.has(key)) continue;
      await deps.blobs.delete(key);
      report.orphanBlobsDeleted++;
    }
    candidates = [];
  };
  for await (const blob of deps.blobs.list()) {
    if (blob.modifiedAt.getTime() > cutoff(blob.key)) continue;
    if (blob.temporary) {
      await deps.blobs.delete(blob.key);
      report.temporaryBlobsDeleted++;
      continue;
    }
    candidates.push(blob.key);
    if (candidates.length >= BATCH) await flush();
  }
  if (candidates.length > 0) await flush();
  return report;
}
