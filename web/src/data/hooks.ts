import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { localData } from './browser';
import { DEFAULT_DEVICE_SETTINGS, type DeviceSettings } from './device-settings';
import type { LocalRecording } from './local-recording';

/**
 * A Dexie liveQuery as React state: re-read whenever a write (here, in another tab, or in the service
 * worker) touches what the query read. Ours rather than dexie-react-hooks, which adds ~8 KB to the
 * recorder's chunk for hooks we do not use. `query` must be stable (a module-level function).
 */
function useLive<T>(query: () => Promise<T>, initial: T): T {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    const subscription = liveQuery(query).subscribe({
      next: setValue,
      error: (error: unknown) => console.warn('Local data could not be read', error),
    });
    return () => subscription.unsubscribe();
  }, [query]);
  return value;
}

const NO_RECORDINGS: LocalRecording[] = [];
const listRecordings = () => localData().recordings.list();
const readSettings = () => localData().settings.get();

/**
 * Local recordings, newest first, kept current by Dexie liveQuery: any write (the recorder, the review,
 * the processing queue, the service worker) shows without a reload. Empty until the first read.
 */
export function useLocalRecordings(): LocalRecording[] {
  return useLive(listRecordings, NO_RECORDINGS);
}

/** This device's settings, live; the defaults until the first read. */
export function useDeviceSettings(): DeviceSettings {
  return useLive(readSettings, DEFAULT_DEVICE_SETTINGS);
}
