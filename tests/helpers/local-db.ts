import type { Page } from 'playwright-core';

/**
 * The PWA's device store (IndexedDB VeldVetDB, web/src/data/recordings-db.ts) read and written from inside
 * the page, as the app sees it. One copy for every Chromium test that seeds or inspects local recordings.
 */

/** A local recording to put in the store; `audioBytes` zero bytes stand in for the recorded audio. */
export type SeedRecording = Record<string, unknown> & { id: string; audioBytes?: number };

/** Waits until the app (Dexie) has created the store, then puts the recording, processed and not queued. */
export function seedLocalRecording(page: Page, recording: SeedRecording): Promise<void> {
  return page.evaluate(async ({ audioBytes = 256, ...fields }) => {
    let db: IDBDatabase | undefined;
    for (let attempt = 0; attempt < 150 && !db; attempt += 1) {
      const opened = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('VeldVetDB');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => resolve(open.result);
      });
      if (opened.objectStoreNames.contains('recordings')) db = opened;
      else {
        opened.close();
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    if (!db) throw new Error('VeldVetDB has no recordings store');
    const now = new Date().toISOString();
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('recordings', 'readwrite');
      tx.objectStore('recordings').put({
        audioBlob: new Blob([new Uint8Array(audioBytes)], { type: 'audio/webm' }),
        audioBlobType: 'audio/webm',
        recordingStartTime: now,
        processedAt: now,
        needsProcessing: false,
        isOnlineOnly: false,
        ...fields,
      });
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  }, recording);
}

/** Every local recording as stored (typed by the caller to the fields it reads). */
export function readLocalRecordings<T>(page: Page): Promise<T[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('VeldVetDB');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => resolve(open.result);
    });
    const rows = await new Promise<unknown[]>((resolve, reject) => {
      const request = db.transaction('recordings').objectStore('recordings').getAll();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    db.close();
    return rows;
  }) as Promise<T[]>;
}
