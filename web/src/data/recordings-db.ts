import Dexie, { type Table } from 'dexie';
import type { LocalRecording } from './local-recording.js';
import { DB_NAMES } from './storage-keys.js';

/** The product name followed by 'DB', version 2, one store 'recordings' (spec section 3). */
export const LOCAL_DB_NAME = DB_NAMES.recordings;

export class VeldVetDB extends Dexie {
  recordings!: Table<LocalRecording, string>;

  constructor(name: string = LOCAL_DB_NAME) {
    super(name);
    // needsProcessing is indexed as the spec asks, but IndexedDB cannot key booleans, so queries on it
    // filter instead of using the index.
    this.version(2).stores({ recordings: 'id, needsProcessing, recordingStartTime' });
  }
}

export type RecordingChanges = Partial<Omit<LocalRecording, 'id'>>;

/**
 * Local recordings: the only code that reads and writes them, in the page and in the service worker.
 * The page's screens watch `list()` through Dexie liveQuery, so a write here (by either) shows at once.
 */
export class RecordingsStore {
  constructor(private readonly db: VeldVetDB) {}

  async put(recording: LocalRecording): Promise<void> {
    await this.db.recordings.put(recording);
  }

  get(id: string): Promise<LocalRecording | undefined> {
    return this.db.recordings.get(id);
  }

  /** Newest first. */
  async list(): Promise<LocalRecording[]> {
    return this.db.recordings.orderBy('recordingStartTime').reverse().toArray();
  }

  async update(id: string, changes: RecordingChanges): Promise<void> {
    const updated = await this.db.recordings.update(id, changes);
    if (updated === 0) throw new Error(`Local recording ${id} not found`);
  }

  /** Notes the vet edited by hand: they count as processed now (spec section 4). */
  async saveEditedNotes(id: string, changes: { transcript?: string; clinicalData?: LocalRecording['clinicalData'] }) {
    await this.update(id, {
      ...changes,
      ...(changes.clinicalData ? { needsProcessing: false, processedAt: new Date().toISOString() } : {}),
    });
  }

  async delete(id: string): Promise<void> {
    await this.db.recordings.delete(id);
  }

  async clear(): Promise<void> {
    await this.db.recordings.clear();
  }

  /** Recordings with no clinical notes yet, oldest first. */
  async awaitingProcessing(): Promise<LocalRecording[]> {
    const all = await this.db.recordings.orderBy('recordingStartTime').toArray();
    return all.filter((recording) => recording.needsProcessing);
  }

  /** Recordings waiting in the processing queue (the vet asked, the network did not allow), oldest first. */
  async queued(): Promise<LocalRecording[]> {
    return (await this.awaitingProcessing()).filter((recording) => recording.isOnlineOnly);
  }

  /**
   * A farm consultation ended at segment `total` without a normal stop (recovered after a crash): every
   * stored segment of it, the parent included, gets the final count, as a normal stop gives them.
   */
  async endConsultation(parentId: string, total: number): Promise<void> {
    await this.db.transaction('rw', this.db.recordings, async () => {
      await this.db.recordings.update(parentId, { totalSegments: total });
      await this.db.recordings
        .filter((recording) => recording.parentRecordingId === parentId)
        .modify({ totalSegments: total });
    });
  }
}
