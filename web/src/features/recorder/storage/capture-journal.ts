import Dexie, { type Table } from 'dexie';
import type { PreConsultationData } from '#shared/schemas/clinical.js';
import { DB_NAMES } from '../../../data/storage-keys.js';

/**
 * A write-ahead journal for the recording in progress: every 1-second MediaRecorder chunk is stored as it
 * arrives, so a tab crash, reload or phone reboot loses at most the last second. Kept in its own database
 * so the spec's VeldVetDB stays exactly as specified.
 */
export const CAPTURE_DB_NAME = DB_NAMES.captureJournal;

export interface CaptureMeta {
  id: string;
  startedAt: string;
  mimeType: string;
  preConsultationData: PreConsultationData;
  isFarmMode: boolean;
  segmentNumber: number;
  parentRecordingId?: string;
}

export interface CaptureChunk {
  captureId: string;
  seq: number;
  data: Blob;
  /** Recorded (un-paused) milliseconds at the end of this chunk. */
  recordedMs: number;
}

export interface RecoveredCapture {
  meta: CaptureMeta;
  audio: Blob;
  recordedSeconds: number;
}

export class CaptureJournalDB extends Dexie {
  captures!: Table<CaptureMeta, string>;
  chunks!: Table<CaptureChunk, [string, number]>;

  constructor(name: string = CAPTURE_DB_NAME) {
    super(name);
    this.version(1).stores({ captures: 'id, startedAt', chunks: '[captureId+seq], captureId' });
  }
}

export class CaptureJournal {
  constructor(private readonly db: CaptureJournalDB) {}

  async begin(meta: CaptureMeta): Promise<void> {
    await this.db.captures.put(meta);
  }

  async append(chunk: CaptureChunk): Promise<void> {
    await this.db.chunks.put(chunk);
  }

  /** The capture's audio so far, in order, and how many seconds it holds. */
  async assemble(captureId: string): Promise<RecoveredCapture | undefined> {
    const meta = await this.db.captures.get(captureId);
    if (!meta) return undefined;
    const chunks = await this.db.chunks.where('captureId').equals(captureId).sortBy('seq');
    const audio = new Blob(
      chunks.map((chunk) => chunk.data),
      { type: meta.mimeType },
    );
    const recordedMs = chunks.at(-1)?.recordedMs ?? 0;
    return { meta, audio, recordedSeconds: Math.round(recordedMs / 1000) };
  }

  /** Forget a capture once it is safely in the local recordings store (or discarded). */
  async discard(captureId: string): Promise<void> {
    await this.db.transaction('rw', this.db.captures, this.db.chunks, async () => {
      await this.db.chunks.where('captureId').equals(captureId).delete();
      await this.db.captures.delete(captureId);
    });
  }

  /** Captures left behind by a crash or reload, with at least one chunk of audio, oldest first. */
  async interrupted(exceptId?: string): Promise<RecoveredCapture[]> {
    const metas = await this.db.captures.orderBy('startedAt').toArray();
    const recovered: RecoveredCapture[] = [];
    for (const meta of metas) {
      if (meta.id === exceptId) continue;
      const capture = await this.assemble(meta.id);
      if (capture && capture.audio.size > 0) recovered.push(capture);
      else await this.discard(meta.id);
    }
    return recovered;
  }
}
