import { createStore, type StoreApi } from 'zustand/vanilla';
import { sequential } from '#shared/async';
import { formatConsultationTime } from '#shared/format/recording-metadata';
import type { ClinicalData, PreConsultationData } from '#shared/schemas/clinical';
import { isFarmConsultation } from '#shared/schemas/consultation';
import type { ConnectionInfo } from '../../data/connection';
import { processingMessages } from '../../data/processing/gate';
import type { DeviceSettingsStore } from '../../data/device-settings';
import { newLocalRecording } from '../../data/local-recording';
import {
  createProcessingQueue,
  type ProcessingQueue,
  type ProcessingQueueDeps,
  type ProcessOutcome,
} from '../../data/processing/queue';
import type { RecordingChanges, RecordingsStore } from '../../data/recordings-db';
import type { ToastInput } from '../../lib/toastStore';
import {
  CaptureError,
  type CaptureOptions,
  type FinishedSegment,
  type SegmentInfo,
} from './capture/audio-capture';
import type { BeepName } from './capture/beeps';
import { bitsPerSecond } from './capture/media-format';
import { NO_AUDIO_CAPTURED } from './capture/microphone-errors';
import { STORAGE_FULL_MESSAGE } from './capture/storage-guard';
import {
  initialRecorderState,
  recorderReducer,
  type RecorderEvent,
  type RecorderState,
} from './model/recorder-machine';
import { linkSegments, shouldCloseSegment } from './model/segments';
import type { CaptureJournal, RecoveredCapture } from './storage/capture-journal';

export const LOCAL_SAVE_FAILED = 'Failed to save recording to local storage';
export const NO_RECORDING_TO_SAVE = 'No recording to save';

/** The microphone session the recorder drives (capture/audio-capture.ts's AudioCapture in the browser). */
export interface CaptureSession {
  readonly recordedSeconds: number;
  readonly currentSegment: SegmentInfo | null;
  startSegment(info: Omit<SegmentInfo, 'captureId' | 'startedAt'>): Promise<SegmentInfo>;
  pause(): void;
  resume(): void;
  finishSegment(): Promise<FinishedSegment>;
  close(): void;
}

/** Everything the recorder touches outside itself: the browser gives the real ones, tests give fakes. */
export interface RecorderDeps {
  recordings: RecordingsStore;
  settings: DeviceSettingsStore;
  journal: CaptureJournal;
  /** The processing queue's network side (fetch, Background Sync, retry timers). */
  processing: Pick<ProcessingQueueDeps, 'fetch' | 'requestSync' | 'timers' | 'now'>;
  openCapture(options: CaptureOptions): Promise<CaptureSession>;
  connection(): ConnectionInfo;
  checkStorage(bitrate: number): Promise<{ ok: boolean }>;
  /** Farm segment length in seconds (30 minutes; browser tests shorten it). */
  farmSegmentSeconds(): number;
  newId(): string;
  wakeLock: { hold(): Promise<void>; release(): Promise<void> };
  beep(name: BeepName): void;
  toast(input: ToastInput): void;
  /** The one-second timer tick. */
  ticker: { start(tick: () => void): unknown; stop(handle: unknown): void };
  logError?(message: string, error: unknown): void;
}

export interface RecorderStore {
  machine: RecorderState;
  level: number;
  connection: ConnectionInfo;
  preConsultation: PreConsultationData;
  /** Farm segment being recorded (1-based). */
  segmentNumber: number;
  interrupted: RecoveredCapture[];
  /** Ids being processed (by a tap or by the queue). */
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
  select(id: string): Promise<void>;
  remove(id: string): Promise<void>;
  clearAll(): Promise<void>;
  recoverInterrupted(captureId: string): Promise<void>;
  discardInterrupted(captureId: string): Promise<void>;
  setPreConsultation(data: PreConsultationData): void;
  setWifiOnly(value: boolean): Promise<void>;
  refreshConnection(): void;
  updateSelected(changes: { transcript?: string; clinicalData?: ClinicalData }): Promise<void>;
  /** Review data of one local recording (notes, evidence, flags, server save state). */
  patchRecording(id: string, changes: RecordingChanges): Promise<void>;
  runQueue(): Promise<void>;
  /** The connection came back: queued recordings are tried at once, their backoff starts over. */
  resetBackoff(): Promise<void>;
  /** The vet tapped a failed or waiting recording: try it now. */
  retryNow(id: string): Promise<void>;
  /** Stops timers and releases the microphone (tests, page teardown). */
  dispose(): void;
}

export function isFarmMode(data: PreConsultationData): boolean {
  return isFarmConsultation(data.consultationType);
}

const capturedAudio = (segment: FinishedSegment) => ({
  id: segment.captureId,
  audio: segment.audio,
  mimeType: segment.mimeType,
  recordedSeconds: segment.recordedSeconds,
  startedAt: segment.startedAt,
  segmentNumber: segment.segmentNumber,
  ...(segment.parentRecordingId ? { parentRecordingId: segment.parentRecordingId } : {}),
});

/**
 * The recorder: microphone, timer, farm segment roll-over and the state machine of spec section 4. Local
 * recordings live in the data layer (web/src/data), which the screens read through liveQuery; processing is
 * the data layer's queue. One store per call: the page makes one (recorder.ts), tests make their own.
 */
export function createRecorderStore(deps: RecorderDeps): StoreApi<RecorderStore> {
  const { recordings, journal } = deps;
  const logError = deps.logError ?? ((message, error) => console.error(message, error));
  let capture: CaptureSession | null = null;
  let ticker: unknown = null;
  /** Segments finished so far in the current farm consultation. */
  let finishedSegments: FinishedSegment[] = [];
  let rollingSegment = false;
  /**
   * Microphone operations (segment roll-over, pause, resume, the final stop) run strictly one after another:
   * a pause or stop tapped while Farm Mode is closing a segment must act on the next segment, not race it.
   */
  const serially = sequential(<T>(operation: () => Promise<T> | T) => operation());

  return createStore<RecorderStore>()((set, get) => {
    const dispatch = (event: RecorderEvent) => set((s) => ({ machine: recorderReducer(s.machine, event) }));

    /** Progress of a recording is shown when it is the one on screen. */
    const stageListener = (id: string) => (step: 'transcribing' | 'extracting', progress: number | null) => {
      const { machine } = get();
      if (machine.selectedRecordingId !== id) return;
      if (machine.status === 'recorded') dispatch({ type: 'PROCESS' });
      dispatch({ type: 'PROCESS_PROGRESS', step, progress });
    };

    const failureBanner = (outcome: Extract<ProcessOutcome, { kind: 'retrying' | 'failed' }>) =>
      outcome.kind === 'retrying'
        ? `${outcome.message} Retrying by itself at ${formatConsultationTime(new Date(outcome.retry.nextAt))}.`
        : outcome.message;

    /** The recording on screen finished processing (the vet's tap or the queue): the machine follows. */
    const onSettled = (id: string, outcome: ProcessOutcome) => {
      const { machine } = get();
      if (machine.selectedRecordingId !== id || machine.status !== 'processing') return;
      if (outcome.kind === 'done') dispatch({ type: 'PROCESS_SUCCEEDED' });
      else if (outcome.kind === 'retrying' || outcome.kind === 'failed')
        dispatch({ type: 'PROCESS_FAILED', error: failureBanner(outcome) });
    };

    const queue: ProcessingQueue = createProcessingQueue({
      ...deps.processing,
      store: recordings,
      settings: deps.settings,
      connection: () => {
        const connection = deps.connection();
        set({ connection });
        return connection;
      },
      onActiveChange: (ids) => set({ processingIds: [...ids] }),
      onSettled,
      stageListener,
    });

    const stopTicker = () => {
      if (ticker !== null) deps.ticker.stop(ticker);
      ticker = null;
    };

    /** Farm Mode: close the running segment and start the next one on the same microphone stream. */
    const rollSegment = async () => {
      if (!capture) return;
      const finished = await capture.finishSegment();
      await recordings.put(newLocalRecording(capturedAudio(finished), get().preConsultation));
      await journal.discard(finished.captureId);
      finishedSegments.push(finished);
      const next = get().segmentNumber + 1;
      set({ segmentNumber: next });
      await capture.startSegment({ segmentNumber: next, parentRecordingId: finishedSegments[0]!.captureId });
    };

    const onTick = () => {
      const state = get();
      if (state.machine.status !== 'recording') return;
      dispatch({ type: 'TICK' });
      if (
        !rollingSegment &&
        capture &&
        isFarmMode(state.preConsultation) &&
        shouldCloseSegment(capture.recordedSeconds, deps.farmSegmentSeconds())
      ) {
        rollingSegment = true;
        void serially(rollSegment)
          .catch((error: unknown) => logError('Segment roll-over failed', error))
          .finally(() => {
            rollingSegment = false;
          });
      }
    };

    const releaseCapture = () => {
      stopTicker();
      capture?.close();
      capture = null;
      void deps.wakeLock.release();
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

    return {
      machine: initialRecorderState,
      level: 0,
      connection: { type: 'other' },
      preConsultation: {},
      segmentNumber: 1,
      interrupted: [],
      processingIds: [],

      async init() {
        set({ connection: deps.connection() });
        set({ interrupted: await journal.interrupted(capture?.currentSegment?.captureId) });
      },

      dispatch,

      async start() {
        if (get().machine.status !== 'ready') return;
        const preConsultation = get().preConsultation;
        const farm = isFarmMode(preConsultation);
        const storage = await deps.checkStorage(bitsPerSecond(farm)).catch(() => ({ ok: true }));
        if (!storage.ok) {
          dispatch({ type: 'CAPTURE_FAILED', error: STORAGE_FULL_MESSAGE });
          return;
        }
        try {
          capture = await deps.openCapture({
            journal,
            isFarmMode: farm,
            preConsultationData: preConsultation,
            newId: deps.newId,
            onLevel: (level) => set({ level }),
          });
          finishedSegments = [];
          set({ segmentNumber: 1 });
          const segment = await capture.startSegment({ segmentNumber: 1 });
          deps.beep('start');
          dispatch({ type: 'START', at: segment.startedAt });
          void deps.wakeLock.hold();
          ticker = deps.ticker.start(onTick);
        } catch (error) {
          releaseCapture();
          dispatch({ type: 'CAPTURE_FAILED', error: error instanceof Error ? error.message : String(error) });
        }
      },

      pause() {
        if (get().machine.status !== 'recording') return;
        void serially(() => capture?.pause());
        deps.beep('pause');
        dispatch({ type: 'PAUSE' });
      },

      resume() {
        if (get().machine.status !== 'paused') return;
        void serially(() => capture?.resume());
        deps.beep('resume');
        dispatch({ type: 'RESUME' });
      },

      async stop() {
        const status = get().machine.status;
        if ((status !== 'recording' && status !== 'paused') || !capture) return;
        stopTicker();
        deps.beep('stop');
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
          const links = linkSegments(all.map((segment) => segment.captureId));
          if (finished) {
            const latest = newLocalRecording(capturedAudio(finished), get().preConsultation);
            await recordings.put({ ...latest, ...links.at(-1)!, id: latest.id });
            await journal.discard(finished.captureId);
          }
          for (const link of finished ? links.slice(0, -1) : links) {
            await recordings.update(link.id, { totalSegments: link.totalSegments });
          }
          dispatch({ type: 'STOP' });
          dispatch({ type: 'STORED_LOCALLY', id: links[0]!.id });
        } catch (error) {
          const message = error instanceof CaptureError ? error.message : LOCAL_SAVE_FAILED;
          dispatch({ type: 'CAPTURE_FAILED', error: message });
        } finally {
          finishedSegments = [];
          releaseCapture();
        }
      },

      async process() {
        const { machine } = get();
        if (machine.status !== 'recorded') return;
        const id = machine.selectedRecordingId;
        // The stage listener moves the machine to processing; onSettled moves it on.
        const outcome = id
          ? await queue.processOne(id, { onStage: stageListener(id) })
          : ({ kind: 'missing' } as const);
        if (outcome.kind === 'blocked') dispatch({ type: 'PROCESS_BLOCKED', error: outcome.block.message });
        else if (outcome.kind === 'missing')
          dispatch({ type: 'PROCESS_BLOCKED', error: processingMessages.noAudio });
      },

      reset() {
        clearForNextAnimal();
      },

      async saveAndRecordNext() {
        const { machine } = get();
        const id = machine.selectedRecordingId;
        const stored = id ? await recordings.get(id) : undefined;
        if (!stored || !machine.startedAt) {
          dispatch({ type: 'PROCESS_BLOCKED', error: NO_RECORDING_TO_SAVE });
          return;
        }
        // Recordings are stored the moment they stop; saving again only confirms it and clears the screen.
        deps.toast({
          title: 'Recording saved',
          description: 'Saved on this device. Ready for the next animal.',
          variant: 'success',
        });
        clearForNextAnimal();
      },

      async select(id) {
        const recording = await recordings.get(id);
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
          await recordings.delete(id);
        } catch (error) {
          logError('Local delete failed', error);
        }
        const wasSelected = get().machine.selectedRecordingId === id;
        dispatch({ type: 'DELETED', id });
        // The form held the deleted animal's details (selecting loads them): the next recording starts blank.
        if (wasSelected) set({ preConsultation: {} });
      },

      async clearAll() {
        try {
          await recordings.clear();
        } catch (error) {
          logError('Local clear failed', error);
        }
        clearForNextAnimal();
      },

      async recoverInterrupted(captureId) {
        const recovered = get().interrupted.find((item) => item.meta.id === captureId);
        if (!recovered) return;
        const { meta } = recovered;
        try {
          await recordings.put(
            newLocalRecording(
              {
                id: meta.id,
                audio: recovered.audio,
                mimeType: meta.mimeType,
                recordedSeconds: recovered.recordedSeconds,
                startedAt: meta.startedAt,
                segmentNumber: meta.segmentNumber,
                ...(meta.parentRecordingId ? { parentRecordingId: meta.parentRecordingId } : {}),
              },
              meta.preConsultationData,
            ),
          );
          // A farm consultation cut short at segment N ended there: all N segments say so, as after a stop.
          if (meta.parentRecordingId)
            await recordings.endConsultation(meta.parentRecordingId, meta.segmentNumber);
          await journal.discard(captureId);
          set((s) => ({ interrupted: s.interrupted.filter((item) => item.meta.id !== captureId) }));
          await get().select(captureId);
        } catch (error) {
          logError('Recovering an interrupted recording failed', error);
          deps.toast({ title: 'Save failed', description: LOCAL_SAVE_FAILED, variant: 'destructive' });
        }
      },

      async discardInterrupted(captureId) {
        await journal.discard(captureId);
        set((s) => ({ interrupted: s.interrupted.filter((item) => item.meta.id !== captureId) }));
      },

      setPreConsultation(data) {
        set({ preConsultation: data });
      },

      async setWifiOnly(value) {
        await deps.settings.set({ wifiOnly: value });
      },

      refreshConnection() {
        set({ connection: deps.connection() });
      },

      async updateSelected(changes) {
        const id = get().machine.selectedRecordingId;
        if (!id) return;
        await recordings.saveEditedNotes(id, changes);
      },

      async patchRecording(id, changes) {
        await recordings.update(id, changes);
      },

      runQueue: () => queue.runQueue(),
      resetBackoff: () => queue.resetBackoff(),
      retryNow: (id) => queue.retryNow(id),

      dispose() {
        queue.dispose();
        releaseCapture();
      },
    };
  });
}
