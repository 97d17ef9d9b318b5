import { classifyConnection, type ConnectionInfo, type NetworkInformationLike } from './connection';
import { DeviceSettingsDB, DeviceSettingsStore } from './device-settings';
import { readLocal, removeLocal } from './local-storage';
import { BACKGROUND_SYNC_TAG } from './processing/queue';
import { RecordingsStore, VeldVetDB } from './recordings-db';

/**
 * The page's side of the local data: where recordings and device settings live on this device. Opened on
 * first use, not at import, so importing a screen (or a test) opens no database.
 */
export interface LocalData {
  recordings: RecordingsStore;
  settings: DeviceSettingsStore;
}

let opened: LocalData | null = null;

export function localData(): LocalData {
  if (!opened) {
    const settings = new DeviceSettingsStore(new DeviceSettingsDB());
    opened = { recordings: new RecordingsStore(new VeldVetDB()), settings };
    // Once per device: the Wi-Fi-only switch moves from localStorage to the settings database.
    void settings.migrateFromLocalStorage({ read: readLocal, remove: removeLocal }).catch((error: unknown) => {
      console.warn('Wi-Fi-only setting could not be migrated', error);
    });
  }
  return opened;
}

/** The page's connection: navigator.onLine and the Network Information API where it exists. */
export function readPageConnection(): ConnectionInfo {
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  return classifyConnection(navigator.onLine, connection);
}

/** Asks the service worker to run the queue when connectivity returns, where Background Sync exists. */
export async function requestBackgroundSync(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.ready;
    const sync = (
      registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }
    ).sync;
    await sync?.register(BACKGROUND_SYNC_TAG);
  } catch {
    // No Background Sync (Safari, Firefox): the page runs the queue on open, `online` and visibility change.
  }
}
