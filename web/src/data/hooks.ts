import { useEffect, useState } from 'react';
import { localData } from './browser';
import { DEFAULT_DEVICE_SETTINGS, type DeviceSettings } from './device-settings';
import { watchDatabase } from './idb';
import type { LocalRecording } from './local-recording';
import { DB_NAMES } from './storage-keys';

/**
 * A live query as React state: read once, then again after every write to `database` (here, in another
 * tab, or in the service worker; idb.ts watchDatabase). Reads never overlap: writes during a read cause
 * one more read after it. `query` must be stable (a module-level function).
 */
function useLive<T>(database: string, query: () => Promise<T>, initial: T): T {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    let active = true;
    let reading = false;
    let again = false;
    const read = async () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      do {
        again = false;
        try {
          const next = await query();
          if (active) setValue(next);
        } catch (error) {
          console.warn('Local data could not be read', error);
        }
      } while (again && active);
      reading = false;
    };
    const stop = watchDatabase(database, () => void read());
    void read();
    return () => {
      active = false;
      stop();
    };
  }, [database, query]);
  return value;
}

const NO_RECORDINGS: LocalRecording[] = [];
const listRecordings = () => localData().recordings.list();
const readSettings = () => localData().settings.get();

/**
 * Local recordings, newest first, kept current: any write (the recorder, the review, the processing
 * queue, the service worker) shows without a reload. Empty until the first read.
 */
export function useLocalRecordings(): LocalRecording[] {
  return useLive(DB_NAMES.recordings, listRecordings, NO_RECORDINGS);
}

/** This device's settings, live; the defaults until the first read. */
export function useDeviceSettings(): DeviceSettings {
  return useLive(DB_NAMES.deviceSettings, readSettings, DEFAULT_DEVICE_SETTINGS);
}
