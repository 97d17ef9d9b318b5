import { nanoid } from 'nanoid';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import { localData, readPageConnection, requestBackgroundSync } from '../../data/browser';
import { readLocal } from '../../data/local-storage';
import { LOCAL_KEYS } from '../../data/storage-keys';
import { toast } from '../../lib/toastStore';
import { AudioCapture } from './capture/audio-capture';
import { playBeep } from './capture/beeps';
import { checkStorage } from './capture/storage-guard';
import { ScreenWakeLock } from './capture/wake-lock';
import { FARM_SEGMENT_SECONDS } from './model/segments';
import { createRecorderStore, type RecorderStore } from './recorder-store';
import { CaptureJournal, CaptureJournalDB } from './storage/capture-journal';

/** The diagnostic override of the farm segment length (browser tests), else 30 minutes. */
function farmSegmentSeconds(): number {
  const override = Number(readLocal(LOCAL_KEYS.farmSegmentSeconds));
  return Number.isFinite(override) && override > 0 ? override : FARM_SEGMENT_SECONDS;
}

let instance: StoreApi<RecorderStore> | null = null;

/** The page's recorder, made with the browser's microphone, databases and network on first use. */
export function recorder(): StoreApi<RecorderStore> {
  instance ??= createRecorderStore({
    ...localData(),
    journal: new CaptureJournal(new CaptureJournalDB()),
    processing: {
      fetch: (input, init) => fetch(input, init),
      requestSync: requestBackgroundSync,
      timers: {
        setTimeout: (callback, ms) => window.setTimeout(callback, ms),
        clearTimeout: (handle) => window.clearTimeout(handle as number),
      },
    },
    openCapture: (options) => AudioCapture.open(options),
    connection: readPageConnection,
    checkStorage: (bitrate) => checkStorage(bitrate),
    farmSegmentSeconds,
    newId: () => nanoid(),
    wakeLock: new ScreenWakeLock(),
    beep: playBeep,
    toast,
    ticker: {
      start: (tick) => window.setInterval(tick, 1000),
      stop: (handle) => window.clearInterval(handle as number),
    },
  });
  return instance;
}

export function useRecorder(): RecorderStore;
export function useRecorder<T>(selector: (state: RecorderStore) => T): T;
export function useRecorder<T>(selector?: (state: RecorderStore) => T): T | RecorderStore {
  return useStore(recorder(), (state) => (selector ? selector(state) : state));
}
