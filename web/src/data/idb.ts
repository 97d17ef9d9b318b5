/**
 * The little of IndexedDB this app uses, as promises: named databases with their stores and indexes, one
 * transaction per operation, and a change signal that reaches every page and the service worker. It
 * replaced Dexie (issue 19): Dexie was 30 KiB of gzipped JavaScript in the recorder's precached path for
 * get, put, delete, an index read and a live query.
 *
 * Databases keep the layout Dexie gave them, so a device's existing recordings open unchanged: Dexie's
 * version N is IndexedDB version N × 10, a primary key or index on several fields is an array key path,
 * and an index is named after its key path ('[captureId+seq]' for a compound one).
 */

/** A store: its primary key path and its indexes' key paths. */
export interface StoreSchema {
  key: string | string[];
  indexes?: Array<string | string[]>;
}

const indexName = (keyPath: string | string[]) =>
  Array.isArray(keyPath) ? `[${keyPath.join('+')}]` : keyPath;

/** An IDBRequest as a promise. */
export function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** Deletes a database (tests, sign-out clean-ups). */
export function deleteDatabase(name: string): Promise<void> {
  return request(indexedDB.deleteDatabase(name)).then(() => undefined);
}

// Change signal: listeners in this realm directly, other pages and the worker by BroadcastChannel.
type ChangeListener = () => void;
const listeners = new Map<string, Set<ChangeListener>>();
let channel: BroadcastChannel | null | undefined;

function changeChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('veldvet-local-data') : null;
    if (channel) {
      channel.onmessage = (event: MessageEvent<{ database?: unknown }>) => {
        if (typeof event.data?.database === 'string') fire(event.data.database);
      };
      // Node (unit tests): the channel must not keep the process alive.
      (channel as BroadcastChannel & { unref?: () => void }).unref?.();
    }
  }
  return channel;
}

function fire(database: string): void {
  for (const listener of listeners.get(database) ?? []) listener();
}

function announceChange(database: string): void {
  fire(database);
  changeChannel()?.postMessage({ database });
}

/**
 * Calls `listener` after every committed write to the named database, here, in another tab or in the
 * service worker. Returns the unsubscribe function.
 */
export function watchDatabase(database: string, listener: ChangeListener): () => void {
  changeChannel();
  let set = listeners.get(database);
  if (!set) listeners.set(database, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/** One database, opened on first use (so constructing one opens nothing). */
export class LocalDatabase {
  private opening: Promise<IDBDatabase> | undefined;

  constructor(
    readonly name: string,
    /** The schema version as Dexie numbered it (IndexedDB's is ten times this). */
    readonly version: number,
    readonly stores: Readonly<Record<string, StoreSchema>>,
  ) {}

  open(): Promise<IDBDatabase> {
    this.opening ??= this.connect(this.version * 10).catch(async (error: unknown) => {
      // Dexie may have moved a device's database past ×10 (its own schema patches): take it as it is.
      if (!(error instanceof DOMException && error.name === 'VersionError')) throw error;
      const current = await this.connect(undefined);
      if (this.missingStores(current)) {
        const next = current.version + 1;
        current.close();
        return this.connect(next);
      }
      return current;
    });
    this.opening.catch(() => (this.opening = undefined));
    return this.opening;
  }

  close(): void {
    const opening = this.opening;
    this.opening = undefined;
    void opening?.then((db) => db.close()).catch(() => undefined);
  }

  private missingStores(db: IDBDatabase): boolean {
    return Object.keys(this.stores).some((store) => !db.objectStoreNames.contains(store));
  }

  private connect(version: number | undefined): Promise<IDBDatabase> {
    return new Promise((resolve, reject) => {
      const req = version === undefined ? indexedDB.open(this.name) : indexedDB.open(this.name, version);
      req.onupgradeneeded = () => {
        const db = req.result;
        const upgrade = req.transaction!;
        for (const [storeName, schema] of Object.entries(this.stores)) {
          const store = db.objectStoreNames.contains(storeName)
            ? upgrade.objectStore(storeName)
            : db.createObjectStore(storeName, { keyPath: schema.key });
          for (const keyPath of schema.indexes ?? []) {
            if (!store.indexNames.contains(indexName(keyPath))) store.createIndex(indexName(keyPath), keyPath);
          }
        }
      };
      req.onsuccess = () => {
        const db = req.result;
        // Another tab upgrading or deleting the database: step aside, reopen on next use.
        db.onversionchange = () => {
          db.close();
          this.opening = undefined;
        };
        db.onclose = () => (this.opening = undefined);
        resolve(db);
      };
      req.onerror = () => reject(req.error);
    });
  }

  /**
   * Runs `work` in one transaction over `stores` and resolves with its result once the transaction has
   * committed; a write then signals watchers. `work` must only await requests of this transaction.
   */
  async transaction<T>(
    stores: string | string[],
    mode: IDBTransactionMode,
    work: (tx: IDBTransaction) => Promise<T>,
  ): Promise<T> {
    const db = await this.open();
    const tx = db.transaction(stores, mode);
    const committed = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error ?? new DOMException('The transaction was aborted', 'AbortError'));
    });
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      committed.catch(() => undefined);
      try {
        tx.abort();
      } catch {
        // Already finished.
      }
      throw error;
    }
    await committed;
    if (mode === 'readwrite') announceChange(this.name);
    return result;
  }

  /** One store's request in its own transaction. */
  run<T>(store: string, mode: IDBTransactionMode, make: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
    return this.transaction(store, mode, (tx) => request(make(tx.objectStore(store))));
  }

  count(store: string): Promise<number> {
    return this.run(store, 'readonly', (s) => s.count());
  }
}
