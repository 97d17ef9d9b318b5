import Dexie, { type Table } from 'dexie';
import type { LocalRecording } from '../model/local-recording.js';

/** The product name followed by 'DB', version 2, one store 'recordings' (spec section 3). */
export const LOCAL_DB_NAME = 'VeldVetDB';

export class VeldVetDB extends Dexie {
  recordings!: Table<LocalRecording, string>;

  constructor(name: string = LOCAL_DB_NAME) {
    super(name);
    // needsProcessing is indexed as the spec asks, but IndexedDB cannot key booleans, so queries on it
    // filter instead of using the index.
    this.version(2).stores({ recordings: 'id, needsProcessing, recordingStartTime' });
  }
}

/** Local recordings: the only place the recorder reads and writes them. */
export class LocalRecordingStore {
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

  async update(id: string, changes: Partial<Omit<LocalRecording, 'id'>>): Promise<void> {
    const updated = await this.db.recordings.update(id, changes);
    if (updated === 0) throw new Error(`Local recording ${id} not found`);
  }

  async delete(id: string): Promise<void> {
    await this.db.recordings.delete(id);
  }

  async clear(): Promise<void> {
    await this.db.recordings.clear();
  }

  /** Recordings with no clinical notes yet, oldest first, for the processing queue. */
  async awaitingProcessing(): Promise<LocalRecording[]> {
    const all = await this.db.recordings.orderBy('recordingStartTime').toArray();
    return all.filter((recording) => recording.needsProcessing);
  }
}
