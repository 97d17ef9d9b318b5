import { LocalDatabase, request } from './idb.js';
import type { LocalRecording } from './local-recording.js';
import { DB_NAMES } from './storage-keys.js';

/** The product name followed by 'DB', version 2, one store 'recordings' (spec section 3). */
export const LOCAL_DB_NAME = DB_NAMES.recordings;

export class VeldVetDB extends LocalDatabase {
  constructor(name: string = LOCAL_DB_NAME) {
    // needsProcessing is indexed as the spec asks, but IndexedDB cannot key booleans, so queries on it
    // filter instead of using the index.
    super(name, 2, { recordings: { key: 'id', indexes: ['needsProcessing', 'recordingStartTime'] } });
  }
}

const RECORDINGS = 'recordings';

/** `changes` applied to `record`; a field set to undefined is removed (as Dexie's update did). */
function applyChanges<T extends object>(record: T, changes: object): T {
  const next = { ...record } as Record<string, unknown>;
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete next[key];
    else next[key] = value;
  }
  return next as T;
}

export type RecordingChanges = Partial<Omit<LocalRecording, 'id'>>;

/**
 * Local recordings: the only code that reads and writes them, in the page and in the service worker.
 * The page's screens re-read `list()` after every write (idb.ts watchDatabase), so a write here (by either)
 * shows at once.
 */
export class RecordingsStore {
  constructor(private readonly db: VeldVetDB) {}

  async put(recording: LocalRecording): Promise<void> {
    await this.db.run(RECORDINGS, 'readwrite', (store) => store.put(recording));
  }

  get(id: string): Promise<LocalRecording | undefined> {
    return this.db.run(RECORDINGS, 'readonly', (store) => store.get(id) as IDBRequest<LocalRecording | undefined>);
  }

  /** Newest first. */
  async list(): Promise<LocalRecording[]> {
    return (await this.byStartTime()).reverse();
  }

  async update(id: string, changes: RecordingChanges): Promise<void> {
    const found = await this.db.transaction(RECORDINGS, 'readwrite', async (tx) => {
      const store = tx.objectStore(RECORDINGS);
      const recording = (await request(store.get(id))) as LocalRecording | undefined;
      if (recording) await request(store.put(applyChanges(recording, changes)));
      return recording !== undefined;
    });
    if (!found) throw new Error(`Local recording ${id} not found`);
  }

  /** Notes the vet edited by hand: they count as processed now (spec section 4). */
  async saveEditedNotes(id: string, changes: { transcript?: string; clinicalData?: LocalRecording['clinicalData'] }) {
    await this.update(id, {
      ...changes,
      ...(changes.clinicalData ? { needsProcessing: false, processedAt: new Date().toISOString() } : {}),
    });
  }

  async delete(id: string): Promise<void> {
    await this.db.run(RECORDINGS, 'readwrite', (store) => store.delete(id));
  }

  async clear(): Promise<void> {
    await this.db.run(RECORDINGS, 'readwrite', (store) => store.clear());
  }

  /** Oldest first (recordings without a start time are not listed, as the index leaves them out). */
  private byStartTime(): Promise<LocalRecording[]> {
    return this.db.run(
      RECORDINGS,
      'readonly',
      (store) => store.index('recordingStartTime').getAll() as IDBRequest<LocalRecording[]>,
    );
  }

  /** Recordings with no clinical notes yet, oldest first. */
  async awaitingProcessing(): Promise<LocalRecording[]> {
    const all = await this.byStartTime();
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
    await this.db.transaction(RECORDINGS, 'readwrite', async (tx) => {
      const store = tx.objectStore(RECORDINGS);
      const all = (await request(store.getAll())) as LocalRecording[];
      for (const recording of all) {
        if (recording.id === parentId || recording.parentRecordingId === parentId)
          await request(store.put({ ...recording, totalSegments: total }));
      }
    });
  }
}
