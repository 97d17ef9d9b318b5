import { RENAMED_KEYS } from './storage-keys';

/** localStorage access that never throws (private mode, storage disabled): the page's only way in. */

/**
 * Moves values stored under old key names to the current ones. A value already under the new name wins
 * (it is newer); the old key is removed either way. Safe to run on every start.
 */
export function migrateStorageKeys(storage: Storage | undefined = safeLocalStorage()): void {
  if (!storage) return;
  for (const [from, to] of RENAMED_KEYS) {
    try {
      const old = storage.getItem(from);
      if (old === null) continue;
      if (storage.getItem(to) === null) storage.setItem(to, old);
      storage.removeItem(from);
    } catch {
      // Storage disabled or full: the old value stays where it is and is tried again next start.
    }
  }
}

/** localStorage, or undefined where it is missing or access throws (private mode, the service worker). */
export function safeLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** Reads a localStorage key; null when absent or storage is unavailable. */
export function readLocal(key: string): string | null {
  try {
    return safeLocalStorage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes a localStorage key; false when storage refused (private mode, quota). */
export function writeLocal(key: string, value: string): boolean {
  try {
    const storage = safeLocalStorage();
    if (!storage) return false;
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeLocal(key: string): void {
  try {
    safeLocalStorage()?.removeItem(key);
  } catch {
    // Nothing to remove.
  }
}
