import { onceMore } from '#shared/async.js';
import type { ConnectionInfo } from '../connection.js';
import type { DeviceSettings } from '../device-settings.js';
import type { RecordingsStore } from '../recordings-db.js';
import { toReviewFlags } from '../review-flags.js';
import { processingBlock, type ProcessingBlock } from './gate.js';
import {
  processingErrorMessage,
  processRecording,
  ProcessingError,
  type ProcessingResult,
  type ProcessingStage,
} from './process-recording.js';
import { afterFailure, earliestRetry, isBackingOff, type RetryReason, type RetryState } from './retry-schedule.js';

/** Background Sync tag the page registers when processing has to wait for a connection. */
export const BACKGROUND_SYNC_TAG = 'veldvet-process-queue';

/**
 * What one attempt came to. The recording in the store already says so too (the screens watch the store);
 * the outcome is for whoever asked: the recorder's banner, the worker's sync result, the tests.
 */
export type ProcessOutcome =
  /** Transcript and notes are stored on the recording. */
  | { kind: 'done' }
  /** Not tried: no audio, or the network does not allow it now (then the recording waits in the queue). */
  | { kind: 'blocked'; block: ProcessingBlock }
  /** A passing failure (network, busy or failing server): the recording waits for its next automatic try. */
  | { kind: 'retrying'; message: string; retry: RetryState }
  /** A refusal (4xx, too large, unreadable answer): it waits for the vet, with the error on the recording. */
  | { kind: 'failed'; message: string }
  /** The recording is no longer stored (deleted meanwhile). */
  | { kind: 'missing' };

export type StageListener = (stage: ProcessingStage, progress: number | null) => void;

export interface ProcessingQueueDeps {
  store: RecordingsStore;
  fetch: typeof fetch;
  /** The connection right now (page: navigator.connection and onLine; worker: the same from WorkerNavigator). */
  connection: () => ConnectionInfo;
  /** Device settings, read at every attempt so page and worker honour the current Wi-Fi-only switch. */
  settings: { get(): Promise<DeviceSettings> };
  /** Asks Background Sync to run the queue when the network returns (page only; absent in the worker). */
  requestSync?: () => Promise<void>;
  /** Timers for the automatic retry of queued recordings on their backoff schedule (page only). */
  timers?: {
    setTimeout(callback: () => void, ms: number): unknown;
    clearTimeout(handle: unknown): void;
  };
  now?: () => Date;
  /** Told whenever the set of recordings being processed changes (the screens show 'Processing...'). */
  onActiveChange?: (ids: readonly string[]) => void;
  /** Told after every attempt, whoever started it. */
  onSettled?: (id: string, outcome: ProcessOutcome) => void;
  /** Stage listener for attempts the queue starts itself (the page shows progress of the selected one). */
  stageListener?: (id: string) => StageListener | undefined;
}

export interface ProcessingQueue {
  /**
   * Processes one local recording and records the outcome on it: the only code that does, for the vet's
   * tap, the queue's passes and the service worker's background sync. A second call for a recording being
   * processed joins the running attempt (its stage listener too) instead of uploading it again.
   */
  processOne(id: string, options?: { onStage?: StageListener }): Promise<ProcessOutcome>;
  /**
   * Processes queued recordings whose retry is due, oldest first, one at a time, while the network allows.
   * Calls made during a pass get one more pass after it (the pass may have read the queue before them).
   */
  runQueue(): Promise<void>;
  /** The connection came back: queued recordings are tried at once, their backoff starts over. */
  resetBackoff(): Promise<void>;
  /** The vet tapped a failed or waiting recording: queue it and try it now. */
  retryNow(id: string): Promise<void>;
  /** Ids being processed now. */
  active(): readonly string[];
  /** Stops the automatic retry timer. */
  dispose(): void;
}

/** 503/429 (engine busy) and 409 (the same upload still running) are 'busy'; no answer at all is the network. */
export function retryReason(status: number | null): RetryReason {
  if (status === null) return 'network';
  return status === 503 || status === 429 || status === 409 ? 'busy' : 'server';
}

/** A processing result as stored on the local recording. */
export function storedResult(result: ProcessingResult) {
  return {
    transcript: result.transcript,
    ...(result.transcriptLanguage ? { transcriptLanguage: result.transcriptLanguage } : {}),
    clinicalData: result.clinicalData,
    // Evidence and safety flags of this extraction; earlier acknowledgements were of other notes.
    transcriptSegments: result.segments,
    termHints: result.termHints,
    evidence: result.evidence,
    leftOut: result.leftOut,
    safetyFlags: toReviewFlags(result.safetyFlags, result.clinicalData),
    acknowledgedFlags: [],
    processedAt: new Date().toISOString(),
    needsProcessing: false,
    isOnlineOnly: false,
    processingError: undefined,
    retry: undefined,
  };
}

interface Attempt {
  listeners: Set<StageListener>;
  done: Promise<ProcessOutcome>;
}

export function createProcessingQueue(deps: ProcessingQueueDeps): ProcessingQueue {
  const { store } = deps;
  const now = deps.now ?? (() => new Date());
  const attempts = new Map<string, Attempt>();
  let retryTimer: unknown = null;

  const requestSync = async () => {
    try {
      await deps.requestSync?.();
    } catch {
      // No Background Sync: the page's own retries (timer, `online`, app open) cover it.
    }
  };

  /** Writes that may fail because the recording was deleted mid-attempt: the outcome still stands. */
  const updateQuietly = (id: string, changes: Parameters<RecordingsStore['update']>[1]) =>
    store.update(id, changes).catch(() => undefined);

  async function attempt(id: string, listeners: Set<StageListener>): Promise<ProcessOutcome> {
    const recording = await store.get(id);
    if (!recording) return { kind: 'missing' };
    const { wifiOnly } = await deps.settings.get();
    const block = processingBlock({
      hasAudio: recording.audioBlob.size > 0,
      connection: deps.connection(),
      wifiOnly,
    });
    if (block) {
      // Offline or Wi-Fi-only on cellular: it waits in the queue and is processed once the network allows.
      if (block.queue && !recording.isOnlineOnly) {
        await updateQuietly(id, { isOnlineOnly: true });
        await requestSync();
      }
      return { kind: 'blocked', block };
    }
    deps.onActiveChange?.([...attempts.keys()]);
    try {
      const result = await processRecording(recording, {
        fetch: deps.fetch,
        onStage: (stage, progress) => listeners.forEach((listener) => listener(stage, progress)),
      });
      await store.update(id, storedResult(result));
      return { kind: 'done' };
    } catch (error) {
      const message = processingErrorMessage(error);
      if (error instanceof ProcessingError && error.retryable) {
        // The network or a busy server: wait in the queue for the next try on the backoff schedule (or the
        // server's Retry-After), and ask Background Sync to run the queue too.
        const retry = afterFailure(recording.retry, {
          now: now(),
          reason: retryReason(error.status),
          retryAfterMs: error.retryAfterMs,
        });
        await updateQuietly(id, { isOnlineOnly: true, retry, processingError: undefined });
        await requestSync();
        return { kind: 'retrying', message, retry };
      }
      // Refused as sent: retrying by itself would fail the same way. It leaves the queue and says why;
      // the vet's tap (retryNow) or Process Recording tries again.
      await updateQuietly(id, { processingError: message, isOnlineOnly: false, retry: undefined });
      return { kind: 'failed', message };
    }
  }

  function processOne(id: string, options: { onStage?: StageListener } = {}): Promise<ProcessOutcome> {
    const running = attempts.get(id);
    if (running) {
      if (options.onStage) running.listeners.add(options.onStage);
      return running.done;
    }
    const listeners = new Set<StageListener>(options.onStage ? [options.onStage] : []);
    // Registered before the first await, so a second call in the same tick joins this attempt.
    const entry: Attempt = { listeners, done: Promise.resolve({ kind: 'missing' }) };
    attempts.set(id, entry);
    entry.done = (async () => {
      try {
        return await attempt(id, listeners);
      } finally {
        attempts.delete(id);
        deps.onActiveChange?.([...attempts.keys()]);
      }
    })().then((outcome) => {
      deps.onSettled?.(id, outcome);
      void scheduleRetry();
      return outcome;
    });
    return entry.done;
  }

  async function pass(): Promise<void> {
    for (const recording of await store.queued()) {
      if (attempts.has(recording.id) || isBackingOff(recording.retry, now())) continue;
      const onStage = deps.stageListener?.(recording.id);
      const outcome = await processOne(recording.id, onStage ? { onStage } : {});
      // Offline or Wi-Fi-only on cellular holds for every recording: the rest wait too.
      if (outcome.kind === 'blocked' && outcome.block.queue) return;
    }
  }

  const runQueue = onceMore(async () => {
    try {
      await pass();
    } finally {
      await scheduleRetry();
    }
  });

  /** Arms one timer for the earliest pending retry among queued recordings. */
  async function scheduleRetry(): Promise<void> {
    const timers = deps.timers;
    if (!timers) return;
    if (retryTimer !== null) timers.clearTimeout(retryTimer);
    retryTimer = null;
    const queued = await store.queued().catch(() => []);
    const at = earliestRetry(
      queued.map((recording) => recording.retry),
      now(),
    );
    if (at === null) return;
    retryTimer = timers.setTimeout(
      () => {
        retryTimer = null;
        void runQueue();
      },
      Math.max(0, at - now().getTime()) + 50,
    );
  }

  return {
    processOne,
    runQueue,
    async resetBackoff() {
      for (const recording of await store.queued()) {
        if (recording.retry) await updateQuietly(recording.id, { retry: undefined });
      }
      await runQueue();
    },
    async retryNow(id) {
      const recording = await store.get(id);
      if (!recording || recording.clinicalData) return;
      await updateQuietly(id, { isOnlineOnly: true, processingError: undefined, retry: undefined });
      await runQueue();
    },
    active: () => [...attempts.keys()],
    dispose() {
      if (retryTimer !== null) deps.timers?.clearTimeout(retryTimer);
      retryTimer = null;
    },
  };
}
