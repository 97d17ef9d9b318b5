import { bytesNeeded } from './media-format.js';

export const STORAGE_FULL_MESSAGE =
  'Not enough storage on this device to record safely. Free some space or process and clear saved recordings first.';

/** How many minutes of audio must fit before a recording may start. */
export const RESERVE_MINUTES = 30;

export interface StorageCheck {
  ok: boolean;
  persisted: boolean;
  availableBytes: number | null;
}

/**
 * Asks once for persistent storage (so the browser does not evict recordings under pressure) and checks the
 * quota has room for RESERVE_MINUTES at the chosen bitrate. Where the StorageManager API is missing the
 * check passes: refusing to record would be worse than not knowing.
 */
export async function checkStorage(
  bitrate: number,
  storage: StorageManager | null | undefined = globalThis.navigator?.storage,
): Promise<StorageCheck> {
  if (!storage?.estimate) return { ok: true, persisted: false, availableBytes: null };
  let persisted = false;
  try {
    persisted = (await storage.persisted?.()) || (await storage.persist?.()) || false;
  } catch {
    persisted = false;
  }
  const { quota, usage } = await storage.estimate();
  if (quota === undefined || usage === undefined) return { ok: true, persisted, availableBytes: null };
  const availableBytes = quota - usage;
  return { ok: availableBytes >= bytesNeeded(RESERVE_MINUTES * 60, bitrate), persisted, availableBytes };
}
