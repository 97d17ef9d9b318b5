import { useLiveQuery } from 'dexie-react-hooks';
import { localData } from './browser';
import { DEFAULT_DEVICE_SETTINGS, type DeviceSettings } from './device-settings';
import type { LocalRecording } from './local-recording';

const NO_RECORDINGS: LocalRecording[] = [];

/**
 * Local recordings, newest first, kept current by Dexie liveQuery: any write (the recorder, the review,
 * the processing queue, the service worker) shows without a reload. Empty until the first read.
 */
export function useLocalRecordings(): LocalRecording[] {
  return useLiveQuery(() => localData().recordings.list(), [], NO_RECORDINGS);
}

/** This device's settings, live; the defaults until the first read. */
export function useDeviceSettings(): DeviceSettings {
  return useLiveQuery(() => localData().settings.get(), [], DEFAULT_DEVICE_SETTINGS);
}
