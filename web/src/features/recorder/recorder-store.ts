import { nanoid } from 'nanoid';
import { create } from 'zustand';
import { isFarmConsultation, type ClinicalData, type PreConsultationData } from '../../../../shared/schemas/clinical';
import { toast } from '../../lib/toastStore';
import { AudioCapture, CaptureError, type FinishedSegment } from './capture/audio-capture';
import { NO_AUDIO_CAPTURED } from './capture/microphone-errors';
import { playBeep } from './capture/beeps';
import { bitsPerSecond } from './capture/media-format';
import { checkStorage, STORAGE_FULL_MESSAGE } from './capture/storage-guard';
import { ScreenWakeLock } from './capture/wake-lock';
import { classifyConnection, type ConnectionInfo, type NetworkInformationLike } from './model/connection';
import type { LocalRecording } from './model/local-recording';
import { processingBlock } from './model/processing-gate';
import {
  initialRecorderState,
  recorderReducer,
  type RecorderEvent,
  type RecorderState,
} from './model/recorder-machine';
import { linkSegments, shouldCloseSegment } from './model/segments';
import {
  processingErrorMessage,
  processRecording,
  ProcessingError,
  type ProcessingResult,
} from './processing/process-recording';
import { applyProcessingResult, BACKGROUND_SYNC_TAG, queuedRecordings } from './processing/processing-queue';
import {
  afterFailure,
  earliestRetry,
  isBackingOff,
  type RetryReason,
  type RetryState,
} from './processing/retry-schedule';
import { format } from 'date-fns';
import { farmSegmentSeconds, loadWifiOnly, saveWifiOnly } from './recorder-settings';
import { CaptureJournal, CaptureJournalDB, type RecoveredCapture } from './storage/capture-journal';
import { LocalRecordingStore, VeldVetDB } from './storage/local-db';

export const LOCAL_SAVE_FAILED = 'Failed to save recording to local storage';
export const NO_RECORDING_TO_SAVE = 'No recording to save';

export type RecordingPatch = Partial<
  Pick<
    LocalRecording,
    | 'transcript'
    | 'clinicalData'
    | 'processedAt'
    | 'needsProcessing'
    | 'transcriptSegments'
    | 'evidence'
    | 'leftOut'
    | 'safetyFlags'
    | 'acknowledgedFlags'
    | 'serverRecordingId'
    | 'serverNotesVersion'
    | 'serverSavedFingerprint'
    | 'herdVisit'
    | 'herdServerVisitId'
    | 'herdSavedFingerprint'
  >
>;

interface RecorderStore {
  machine: RecorderState;
  level: number;
  wifiOnly: boolean;
  connection: ConnectionInfo;
  preConsultation: PreConsultationData;
  /** Local recordings, newest first. */
  recordings: LocalRecording[];
  /** Farm segment being recorded (1-based). */
  segmentNumber: number;
  interrupted: RecoveredCapture[];
  /** Ids being processed in the background queue. */
  processingIds: string[];

  init(): Promise<void>;
  dispatch(event: RecorderEvent): void;
  start(): Promise<void>;
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
  process(): Promise<void>;
  reset(): void;
  saveAndRecordNext(): Promise<void>;
  select(id: string): void;
  remove(id: string): Promise<void>;
  clearAll(): Promise<void>;
  recoverInterrupted(captureId: string): Promise<void>;
  discardInterrupted(captureId: string): Promise<void>;
  setPreConsultation(data: PreConsultationData): void;
  setWifiOnly(value: boolean): void;
  refreshConnection(): void;
  updateSelected(changes: { transcript?: string; clinicalData?: ClinicalData }): Promise<void>;
  /** Review data of one local recording (notes, evidence, flags, server save state); reloads the list. */
  patchRecording(id: string, changes: RecordingPatch): Promise<void>;
  runQueue(): Promise<void>;
  /** The connection came back: queued recordings are tried at once, their backoff starts over. */
  resetBackoff(): Promise<void>;
  /** The vet tapped a failed or waiting recording: try it now. */
  retryNow(id: string): Promise<void>;
}

const recordingsDb = new VeldVetDB();
const localStore = new LocalRecordingStore(recordingsDb);
const journal = new CaptureJournal(new CaptureJournalDB());
const wakeLock = new ScreenWakeLock();
let capture: AudioCapture | null = null;
let ticker: number | null = null;
/** Segments finished so far in the current farm consultation. */
let finishedSegments: FinishedSegment[] = [];
/**
 * Microphone operations (segment roll-over, pause, resume, the final stop) run strictly one after another:
 * a pause or stop tapped while Farm Mode is closing a segment must act on the next segment, not race it.
 */
let captureWork: Promise<unknown> = Promise.resolve();
let rollingSegment = false;
function serially<T>(operation: () => Promise<T> | T): Promise<T> {
  const result = captureWork.then(operation);
  captureWork = result.catch(() => undefined);
  return result;
}

/**
 * The queue runs one pass at a time: `online`, visibility, app open and the service worker's sync message
 * often fire together, and two passes would upload the same recording twice.
 */
let queuePass: Promise<void> | null = null;
let queuePassWanted = false;
/** The next automatic retry of a queued recording (backoff after a dropped upload or a busy server). */
let retryTimer: number | null = null;

function readConnection(): ConnectionInfo {
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  return classifyConnection(navigator.onLine, connection);
}

export function isFarmMode(data: PreConsultationData): boolean {
  return isFarmConsultation(data.consultationType);
}

function toLocalRecording(
  segment: FinishedSegment,
  preConsultationData: PreConsultationData,
): LocalRecording {
  return {
    id: segment.captureId,
    audioBlob: segment.audio,
    audioBlobType: segment.mimeType || 'audio/webm',
    recordingTime: segment.recordedSeconds,
    recordingStartTime: segment.startedAt,
    preConsultationData: { ...preConsultationData, isFarmMode: isFarmMode(preConsultationData) },
    needsProcessing: true,
    isOnlineOnly: false,
    segmentNumber: segment.segmentNumber,
    totalSegments: 1,
    ...(segment.parentRecordingId ? { parentRecordingId: segment.parentRecordingId } : {}),
  };
}

export const useRecorder = create<RecorderStore>()((set, get) => {
  const dispatch = (event: RecorderEvent) => set((s) => ({ machine: recorderReducer(s.machine, event) }));
  const reload = async () => set({ recordings: await localStore.list() });

  const stopTicker = () => {
    if (ticker !== null) window.clearInterval(ticker);
    ticker = null;
  };

  /** Farm Mode: close the running segment and start the next one on the same microphone stream. */
  const rollSegment = async () => {
    if (!capture) return;
    const finished = await capture.finishSegment();
    const stored = toLocalRecording(finished, get().preConsultation);
    await localStore.put(stored);
    await journal.discard(finished.captureId);
    finishedSegments.push(finished);
    const next = get().segmentNumber + 1;
    set({ segmentNumber: next });
    await capture.startSegment({ segmentNumber: next, parentRecordingId: finishedSegments[0]!.captureId });
    await reload();
  };

  const onTick = () => {
    const state = get();
    if (state.machine.status !== 'recording') return;
    dispatch({ type: 'TICK' });
    if (
      !rollingSegment &&
      capture &&
      isFarmMode(state.preConsultation) &&
      shouldCloseSegment(capture.recordedSeconds, farmSegmentSeconds())
    ) {
      rollingSegment = true;
      void serially(rollSegment)
        .catch((error: unknown) => console.error('Segment roll-over failed', error))
        .finally(() => {
          rollingSegment = false;
        });
    }
  };

  const releaseCapture = () => {
    stopTicker();
    capture?.close();
    capture = null;
    void wakeLock.release();
    set({ level: 0 });
  };

  /**
   * New Recording and Save & Record Next Animal 'clear everything' (spec section 4): the machine and the
   * pre-consultation form. A form left holding the last client and patient would file the next recording
   * under an animal the vet never chose for it.
   */
  const clearForNextAnimal = () => {
    dispatch({ type: 'RESET' });
    set({ preConsultation: {} });
  };

  const storeResult = (id: string, result: ProcessingResult) => applyProcessingResult(localStore, id, result);

  /**
   * A failure worth another try (the upload dropped with the browser still 'online', or the engine was
   * busy): the recording waits in the queue with its next attempt on the backoff schedule (or the server's
   * Retry-After), Background Sync is asked to run the queue too, and the page's own timer retries it.
   */
  const noteRetryableFailure = async (id: string, error: ProcessingError): Promise<RetryState> => {
    const previous = await localStore.get(id).catch(() => undefined);
    const retry = afterFailure(previous?.retry, {
      now: new Date(),
      reason: retryReason(error.status),
      retryAfterMs: error.retryAfterMs,
    });
    await localStore.update(id, { isOnlineOnly: true, retry }).catch(() => undefined);
    await requestBackgroundSync();
    return retry;
  };

  /** Arms one timer for the earliest pending retry among queued recordings. */
  const scheduleRetry = async () => {
    if (retryTimer !== null) window.clearTimeout(retryTimer);
    retryTimer = null;
    const queued = await queuedRecordings(localStore).catch(() => []);
    const at = earliestRetry(
      queued.map((recording) => recording.retry),
      new Date(),
    );
    if (at === null) return;
    retryTimer = window.setTimeout(
      () => {
        retryTimer = null;
        void get().runQueue();
      },
      Math.max(0, at - Date.now()) + 50,
    );
  };

  const failureBanner = (error: unknown, retry: RetryState | null) =>
    retry
      ? `${processingErrorMessage(error)} Retrying by itself at ${format(new Date(retry.nextAt), 'HH:mm')}.`
      : processingErrorMessage(error);

  /** Processes queued recordings once the network allows; one at a time, never the same one twice. */
  const drainQueue = async (): Promise<void> => {
    const connection = readConnection();
    set({ connection });
    const queued = await queuedRecordings(localStore);
    for (const recording of queued) {
      const { wifiOnly, processingIds, machine } = get();
      if (processingIds.includes(recording.id)) continue;
      if (isBackingOff(recording.retry, new Date())) continue;
      if (processingBlock({ hasAudio: recording.audioBlob.size > 0, connection, wifiOnly })) return;
      const isSelected = machine.selectedRecordingId === recording.id && machine.status === 'recorded';
      set((s) => ({ processingIds: [...s.processingIds, recording.id] }));
      if (isSelected) dispatch({ type: 'PROCESS' });
      try {
        const result = await processRecording(recording, {
          fetch: (input, init) => fetch(input, init),
          ...(isSelected
            ? { onStage: (step, progress) => dispatch({ type: 'PROCESS_PROGRESS', step, progress }) }
            : {}),
        });
        await storeResult(recording.id, result);
        if (isSelected) dispatch({ type: 'PROCESS_SUCCEEDED' });
      } catch (error) {
        const retry =
          error instanceof ProcessingError && error.retryable
            ? await noteRetryableFailure(recording.id, error)
            : null;
        if (isSelected) dispatch({ type: 'PROCESS_FAILED', error: failureBanner(error, retry) });
        if (!retry) {
          await localStore.update(recording.id, {
            processingError: processingErrorMessage(error),
            isOnlineOnly: false,
          });
        }
      } finally {
        set((s) => ({ processingIds: s.processingIds.filter((other) => other !== recording.id) }));
        await reload();
      }
    }
  };

  return {
    machine: initialRecorderState,
    level: 0,
    wifiOnly: loadWifiOnly(),
    connection: { type: 'other' },
    preConsultation: {},
    recordings: [],
    segmentNumber: 1,
    interrupted: [],
    processingIds: [],

    async init() {
      set({ connection: readConnection() });
      await reload();
      set({ interrupted: await journal.interrupted(capture?.currentSegment?.captureId) });
    },

    dispatch,

    async start() {
      if (get().machine.status !== 'ready') return;
      const preConsultation = get().preConsultation;
      const farm = isFarmMode(preConsultation);
      const storage = await checkStorage(bitsPerSecond(farm)).catch(() => ({ ok: true }));
      if (!storage.ok) {
        dispatch({ type: 'CAPTURE_FAILED', error: STORAGE_FULL_MESSAGE });
        return;
      }
      try {
        capture = await AudioCapture.open({
          journal,
          isFarmMode: farm,
          preConsultationData: preConsultation,
          newId: () => nanoid(),
          onLevel: (level) => set({ level }),
        });
        finishedSegments = [];
        set({ segmentNumber: 1 });
        const segment = await capture.startSegment({ segmentNumber: 1 });
        playBeep('start');
        dispatch({ type: 'START', at: segment.startedAt });
        void wakeLock.hold();
        ticker = window.setInterval(onTick, 1000);
      } catch (error) {
        releaseCapture();
        dispatch({ type: 'CAPTURE_FAILED', error: error instanceof Error ? error.message : String(error) });
      }
    },

    pause() {
      if (get().machine.status !== 'recording') return;
      void serially(() => capture?.pause());
      playBeep('pause');
      dispatch({ type: 'PAUSE' });
    },

    resume() {
      if (get().machine.status !== 'paused') return;
      void serially(() => capture?.resume());
      playBeep('resume');
      dispatch({ type: 'RESUME' });
    },

    async stop() {
      const status = get().machine.status;
      if ((status !== 'recording' && status !== 'paused') || !capture) return;
      stopTicker();
      playBeep('stop');
      try {
        let finished: FinishedSegment | null;
        try {
          finished = await serially(() => {
            if (!capture) throw new CaptureError(NO_AUDIO_CAPTURED);
            return capture.finishSegment();
          });
        } catch (error) {
          // Ended a moment after Farm Mode opened a new segment: that segment is empty, the earlier ones
          // are the consultation.
          const emptyLastSegment = error instanceof CaptureError && error.message === NO_AUDIO_CAPTURED;
          if (!emptyLastSegment || finishedSegments.length === 0) throw error;
          finished = null;
        }
        const all = finished ? [...finishedSegments, finished] : [...finishedSegments];
        const preConsultation = get().preConsultation;
        const links = linkSegments(all.map((segment) => segment.captureId));
        if (finished) {
          const latest = toLocalRecording(finished, preConsultation);
          await localStore.put({ ...latest, ...links.at(-1)!, id: latest.id });
          await journal.discard(finished.captureId);
        }
        for (const link of finished ? links.slice(0, -1) : links) {
          await localStore.update(link.id, { totalSegments: link.totalSegments });
        }
        dispatch({ type: 'STOP' });
        dispatch({ type: 'STORED_LOCALLY', id: links[0]!.id });
        await reload();
      } catch (error) {
        const message = error instanceof CaptureError ? error.message : LOCAL_SAVE_FAILED;
        dispatch({ type: 'CAPTURE_FAILED', error: message });
      } finally {
        finishedSegments = [];
        releaseCapture();
      }
    },

    async process() {
      const { machine, wifiOnly } = get();
      if (machine.status !== 'recorded') return;
      const recording = machine.selectedRecordingId
        ? await localStore.get(machine.selectedRecordingId)
        : undefined;
      const connection = readConnection();
      set({ connection });
      const block = processingBlock({ hasAudio: Boolean(recording?.audioBlob.size), connection, wifiOnly });
      if (block) {
        dispatch({ type: 'PROCESS_BLOCKED', error: block.message });
        if (block.queue && recording) {
          await localStore.update(recording.id, { isOnlineOnly: true });
          await requestBackgroundSync();
          await reload();
        }
        return;
      }
      const id = recording!.id;
      dispatch({ type: 'PROCESS' });
      set((s) => ({ processingIds: [...s.processingIds, id] }));
      try {
        const result = await processRecording(recording!, {
          fetch: (input, init) => fetch(input, init),
          onStage: (step, progress) => dispatch({ type: 'PROCESS_PROGRESS', step, progress }),
        });
        await storeResult(id, result);
        dispatch({ type: 'PROCESS_SUCCEEDED' });
      } catch (error) {
        let retry: RetryState | null = null;
        if (error instanceof ProcessingError && error.retryable) {
          retry = await noteRetryableFailure(id, error);
        } else {
          await localStore
            .update(id, { processingError: processingErrorMessage(error) })
            .catch(() => undefined);
        }
        dispatch({ type: 'PROCESS_FAILED', error: failureBanner(error, retry) });
      } finally {
        set((s) => ({ processingIds: s.processingIds.filter((other) => other !== id) }));
        await reload();
        await scheduleRetry();
      }
    },

    reset() {
      clearForNextAnimal();
    },

    async saveAndRecordNext() {
      const { machine } = get();
      const id = machine.selectedRecordingId;
      const stored = id ? await localStore.get(id) : undefined;
      if (!stored || !machine.startedAt) {
        dispatch({ type: 'PROCESS_BLOCKED', error: NO_RECORDING_TO_SAVE });
        return;
      }
      // Recordings are stored the moment they stop; saving again only confirms it and clears the screen.
      toast({
        title: 'Recording saved',
        description: 'Saved on this device. Ready for the next animal.',
        variant: 'success',
      });
      clearForNextAnimal();
    },

    select(id) {
      const recording = get().recordings.find((candidate) => candidate.id === id);
      if (!recording) return;
      dispatch({
        type: 'SELECT',
        id,
        hasNotesOrTranscript: Boolean(recording.clinicalData || recording.transcript),
        durationSeconds: recording.recordingTime,
        startedAt: recording.recordingStartTime,
      });
      set({ preConsultation: { ...recording.preConsultationData } });
    },

    async remove(id) {
      try {
        await localStore.delete(id);
      } catch (error) {
        console.error('Local delete failed', error);
      }
      const wasSelected = get().machine.selectedRecordingId === id;
      set((s) => ({ recordings: s.recordings.filter((recording) => recording.id !== id) }));
      dispatch({ type: 'DELETED', id });
      // The form held the deleted animal's details (selecting loads them): the next recording starts blank.
      if (wasSelected) set({ preConsultation: {} });
    },

    async clearAll() {
      try {
        await localStore.clear();
      } catch (error) {
        console.error('Local clear failed', error);
      }
      set({ recordings: [] });
      clearForNextAnimal();
    },

    async recoverInterrupted(captureId) {
      const capture = get().interrupted.find((item) => item.meta.id === captureId);
      if (!capture) return;
      try {
        await localStore.put({
          id: capture.meta.id,
          audioBlob: capture.audio,
          audioBlobType: capture.audio.type || capture.meta.mimeType,
          recordingTime: capture.recordedSeconds,
          recordingStartTime: capture.meta.startedAt,
          preConsultationData: capture.meta.preConsultationData,
          needsProcessing: true,
          isOnlineOnly: false,
          segmentNumber: capture.meta.segmentNumber,
          totalSegments: capture.meta.segmentNumber,
          ...(capture.meta.parentRecordingId ? { parentRecordingId: capture.meta.parentRecordingId } : {}),
        });
        await journal.discard(captureId);
        set((s) => ({ interrupted: s.interrupted.filter((item) => item.meta.id !== captureId) }));
        await reload();
        get().select(captureId);
      } catch (error) {
        console.error(error);
        toast({ title: 'Save failed', description: LOCAL_SAVE_FAILED, variant: 'destructive' });
      }
    },

    async discardInterrupted(captureId) {
      await journal.discard(captureId);
      set((s) => ({ interrupted: s.interrupted.filter((item) => item.meta.id !== captureId) }));
    },

    setPreConsultation(data) {
      set({ preConsultation: data });
    },

    setWifiOnly(value) {
      saveWifiOnly(value);
      set({ wifiOnly: value });
    },

    refreshConnection() {
      set({ connection: readConnection() });
    },

    async updateSelected(changes) {
      const id = get().machine.selectedRecordingId;
      if (!id) return;
      await localStore.update(id, {
        ...changes,
        ...(changes.clinicalData ? { needsProcessing: false, processedAt: new Date().toISOString() } : {}),
      });
      await reload();
    },

    async patchRecording(id, changes) {
      await localStore.update(id, changes);
      await reload();
    },

    /** Processes queued recordings once the network allows; one at a time, never the same one twice. */
    runQueue() {
      if (queuePass) {
        queuePassWanted = true;
        return queuePass;
      }
      queuePass = (async () => {
        do {
          queuePassWanted = false;
          await drainQueue();
        } while (queuePassWanted);
      })().finally(() => {
        queuePass = null;
        void scheduleRetry();
      });
      return queuePass;
    },

    async resetBackoff() {
      for (const recording of await queuedRecordings(localStore)) {
        if (recording.retry) await localStore.update(recording.id, { retry: undefined });
      }
      await reload();
      await get().runQueue();
    },

    async retryNow(id) {
      const recording = get().recordings.find((candidate) => candidate.id === id);
      if (!recording || recording.clinicalData) return;
      await localStore.update(id, { isOnlineOnly: true, processingError: undefined, retry: undefined });
      await reload();
      await get().runQueue();
    },
  };
});

/** 503/429 (engine busy) and 409 (the same upload still running) are 'busy'; no answer at all is the network. */
function retryReason(status: number | null): RetryReason {
  if (status === null) return 'network';
  return status === 503 || status === 429 || status === 409 ? 'busy' : 'server';
}

/** Asks the service worker to run the queue when connectivity returns, where Background Sync exists. */
async function requestBackgroundSync(): Promise<void> {
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
