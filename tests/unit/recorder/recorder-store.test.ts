import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectionInfo } from '../../../web/src/data/connection.js';
import { processingMessages } from '../../../web/src/data/processing/gate.js';
import { RecordingsStore } from '../../../web/src/data/recordings-db.js';
import type {
  CaptureOptions,
  FinishedSegment,
  SegmentInfo,
} from '../../../web/src/features/recorder/capture/audio-capture.js';
import { CaptureError } from '../../../web/src/features/recorder/capture/audio-capture.js';
import { NO_AUDIO_CAPTURED } from '../../../web/src/features/recorder/capture/microphone-errors.js';
import { STORAGE_FULL_MESSAGE } from '../../../web/src/features/recorder/capture/storage-guard.js';
import {
  createRecorderStore,
  LOCAL_SAVE_FAILED,
  type CaptureSession,
  type RecorderDeps,
} from '../../../web/src/features/recorder/recorder-store.js';
import {
  CaptureJournal,
  CaptureJournalDB,
} from '../../../web/src/features/recorder/storage/capture-journal.js';
import type { ToastInput } from '../../../web/src/lib/toastStore.js';
import { localDatabases, startPeer, type Peer } from './local-peer.js';

/**
 * The recorder store (features/recorder/recorder-store.ts) built by its factory with a stand-in microphone
 * that journals real chunks to IndexedDB (fake-indexeddb), the real local stores, and the processing queue
 * talking to a real loopback server. Nothing is shared between two stores: each test builds its own.
 */

/** A microphone session: `speak(seconds)` journals one chunk of that many seconds, as MediaRecorder would. */
class FakeCapture implements CaptureSession {
  segment: SegmentInfo | null = null;
  private seq = 0;
  recordedSeconds = 0;
  paused = false;
  closed = false;
  constructor(private readonly options: CaptureOptions) {}

  get currentSegment() {
    return this.segment;
  }

  async startSegment(info: Omit<SegmentInfo, 'captureId' | 'startedAt'>) {
    this.segment = { ...info, captureId: this.options.newId(), startedAt: new Date().toISOString() };
    this.seq = 0;
    this.recordedSeconds = 0;
    await this.options.journal.begin({
      id: this.segment.captureId,
      startedAt: this.segment.startedAt,
      mimeType: 'audio/webm;codecs=opus',
      preConsultationData: this.options.preConsultationData,
      isFarmMode: this.options.isFarmMode,
      segmentNumber: info.segmentNumber,
      ...(info.parentRecordingId ? { parentRecordingId: info.parentRecordingId } : {}),
    });
    return this.segment;
  }

  async speak(seconds: number) {
    this.recordedSeconds += seconds;
    await this.options.journal.append({
      captureId: this.segment!.captureId,
      seq: this.seq++,
      data: new Blob([new Uint8Array(1000 * seconds).fill(1)], { type: 'audio/webm;codecs=opus' }),
      recordedMs: this.recordedSeconds * 1000,
    });
  }

  pause() {
    this.paused = true;
  }

  resume() {
    this.paused = false;
  }

  async finishSegment(): Promise<FinishedSegment> {
    const segment = this.segment;
    if (!segment) throw new CaptureError(NO_AUDIO_CAPTURED);
    const assembled = await this.options.journal.assemble(segment.captureId);
    if (!assembled || assembled.audio.size === 0) {
      await this.options.journal.discard(segment.captureId);
      throw new CaptureError(NO_AUDIO_CAPTURED);
    }
    return {
      ...segment,
      audio: assembled.audio,
      mimeType: assembled.audio.type,
      recordedSeconds: this.recordedSeconds,
    };
  }

  close() {
    this.closed = true;
  }
}

let peer: Peer;
let db: ReturnType<typeof localDatabases>;
let journalDb: CaptureJournalDB;
let connection: ConnectionInfo;

beforeEach(async () => {
  peer = await startPeer();
  db = localDatabases();
  journalDb = new CaptureJournalDB(`VeldVetCaptureDB-test-${Math.random().toString(36).slice(2)}`);
  connection = { type: 'wifi' };
});

afterEach(async () => {
  await peer.close();
  await db.cleanup();
  journalDb.close();
  await Dexie.delete(journalDb.name);
});

function makeRecorder(overrides: Partial<RecorderDeps> = {}) {
  const captures: FakeCapture[] = [];
  const toasts: ToastInput[] = [];
  const ticks: Array<() => void> = [];
  let ids = 0;
  const deps: RecorderDeps = {
    recordings: db.recordings,
    settings: db.settings,
    journal: new CaptureJournal(journalDb),
    processing: { fetch: peer.fetch },
    openCapture: async (options) => {
      const capture = new FakeCapture(options);
      captures.push(capture);
      return capture;
    },
    connection: () => connection,
    checkStorage: async () => ({ ok: true }),
    farmSegmentSeconds: () => 30 * 60,
    newId: () => `capture-${++ids}`,
    wakeLock: { hold: async () => undefined, release: async () => undefined },
    beep: () => undefined,
    toast: (input) => toasts.push(input),
    ticker: {
      start: (tick) => ticks.push(tick),
      stop: () => undefined,
    },
    logError: () => undefined,
    ...overrides,
  };
  const store = createRecorderStore(deps);
  return {
    store,
    state: () => store.getState(),
    captures,
    toasts,
    /** One second of the recorder's timer. */
    tick: () => ticks.at(-1)?.(),
  };
}

/** Records `seconds` of audio and stops: the recorder is then 'recorded' with the new recording selected. */
async function recordAndStop(recorder: ReturnType<typeof makeRecorder>, seconds = 3) {
  await recorder.state().start();
  await recorder.captures.at(-1)!.speak(seconds);
  await recorder.state().stop();
  return recorder.state().machine.selectedRecordingId!;
}

describe('recorder store built by its factory', () => {
  it('two stores share nothing: each has its own machine', async () => {
    const first = makeRecorder();
    const second = makeRecorder();
    await first.state().start();
    expect(first.state().machine.status).toBe('recording');
    expect(second.state().machine.status).toBe('ready');
    first.state().dispose();
  });

  it('records, pauses, resumes and stops into one local recording made by newLocalRecording', async () => {
    const recorder = makeRecorder();
    recorder.state().setPreConsultation({ patientName: 'Bessie', consultationType: 'Farm Visit' });
    await recorder.state().start();
    const capture = recorder.captures[0]!;
    await capture.speak(2);
    recorder.tick();
    recorder.state().pause();
    expect(recorder.state().machine.status).toBe('paused');
    recorder.state().resume();
    await capture.speak(1);
    await recorder.state().stop();
    const { machine } = recorder.state();
    expect(machine.status).toBe('recorded');
    expect(capture.closed).toBe(true);
    const stored = await db.recordings.get(machine.selectedRecordingId!);
    expect(stored).toMatchObject({
      audioBlobType: 'audio/webm;codecs=opus',
      recordingTime: 3,
      needsProcessing: true,
      isOnlineOnly: false,
      segmentNumber: 1,
      totalSegments: 1,
      // Derived from the consultation type, not copied from the form.
      preConsultationData: { patientName: 'Bessie', consultationType: 'Farm Visit', isFarmMode: true },
    });
    expect(await new CaptureJournal(journalDb).interrupted()).toEqual([]);
  });

  it('splits a farm visit into linked segments at the segment length', async () => {
    const recorder = makeRecorder({ farmSegmentSeconds: () => 2 });
    recorder.state().setPreConsultation({ consultationType: 'Herd Visit' });
    await recorder.state().start();
    const capture = recorder.captures[0]!;
    await capture.speak(2);
    recorder.tick(); // closes segment 1, opens segment 2
    await expect.poll(() => recorder.state().segmentNumber).toBe(2);
    await capture.speak(1);
    await recorder.state().stop();
    const all = (await db.recordings.list()).sort((a, b) => a.segmentNumber! - b.segmentNumber!);
    expect(all.map((r) => [r.segmentNumber, r.totalSegments, r.parentRecordingId])).toEqual([
      [1, 2, undefined],
      [2, 2, all[0]!.id],
    ]);
  });
});

describe('processing from the recorder: the tap and the queue move the machine the same way', () => {
  it('a tap processes the selected recording: processing, then complete', async () => {
    const recorder = makeRecorder();
    const id = await recordAndStop(recorder);
    const seen: string[] = [];
    const unsubscribe = recorder.store.subscribe((state) => seen.push(state.machine.status));
    await recorder.state().process();
    unsubscribe();
    expect(seen).toContain('processing');
    expect(recorder.state().machine.status).toBe('complete');
    expect(recorder.state().processingIds).toEqual([]);
    expect((await db.recordings.get(id))!.clinicalData).toBeTruthy();
  });

  it('a failed tap goes back to recorded with the banner: a refusal in its own words, a busy server with the retry time', async () => {
    const recorder = makeRecorder();
    await recordAndStop(recorder);
    peer.mode = 'refuse';
    await recorder.state().process();
    expect(recorder.state().machine).toMatchObject({
      status: 'recorded',
      error: 'The audio could not be read',
    });
    peer.mode = 'busy';
    await recorder.state().process();
    expect(recorder.state().machine.status).toBe('recorded');
    expect(recorder.state().machine.error).toMatch(
      /^Transcription engine busy Retrying by itself at \d\d:\d\d\.$/,
    );
  });

  it('offline: the tap is blocked with the spec message and the recording queued; the queue then completes it on screen', async () => {
    const recorder = makeRecorder();
    const id = await recordAndStop(recorder);
    connection = { type: 'offline' };
    await recorder.state().process();
    expect(recorder.state().machine).toMatchObject({ status: 'recorded', error: processingMessages.offline });
    expect((await db.recordings.get(id))!.isOnlineOnly).toBe(true);
    expect(peer.uploads).toEqual([]);

    connection = { type: 'wifi' };
    await recorder.state().resetBackoff();
    expect(recorder.state().machine.status).toBe('complete');
    expect(peer.uploads).toEqual([id]);
  });

  it('Wi-Fi-only comes from the device settings: blocked on cellular, allowed once switched off', async () => {
    const recorder = makeRecorder();
    await recordAndStop(recorder);
    connection = { type: 'cellular' };
    await recorder.state().process();
    expect(recorder.state().machine.error).toBe(processingMessages.wifiOnly);
    await recorder.state().setWifiOnly(false);
    expect(await db.settings.get()).toEqual({ wifiOnly: false });
    await recorder.state().process();
    expect(recorder.state().machine.status).toBe('complete');
  });
});

describe('interruption recovery and storage failures', () => {
  it('offers a capture left by a crash and recovers it as the same kind of local recording a stop makes', async () => {
    // Segment 1 of a farm visit was stored at roll-over; the page died during segment 2.
    const before = makeRecorder({ farmSegmentSeconds: () => 2 });
    before.state().setPreConsultation({ patientName: 'Bessie', consultationType: 'Farm Visit' });
    await before.state().start();
    await before.captures[0]!.speak(2);
    before.tick();
    await expect.poll(() => before.state().segmentNumber).toBe(2);
    await before.captures[0]!.speak(3);
    // No stop: a new page opens.
    const after = makeRecorder();
    await after.state().init();
    expect(after.state().interrupted.map((capture) => capture.recordedSeconds)).toEqual([3]);
    const captureId = after.state().interrupted[0]!.meta.id;
    await after.state().recoverInterrupted(captureId);
    expect(after.state().interrupted).toEqual([]);
    expect(after.state().machine).toMatchObject({ status: 'recorded', selectedRecordingId: captureId });
    const all = (await db.recordings.list()).sort((a, b) => a.segmentNumber! - b.segmentNumber!);
    expect(all.map((r) => [r.segmentNumber, r.totalSegments])).toEqual([
      [1, 2],
      [2, 2],
    ]);
    expect(all[1]).toMatchObject({
      audioBlobType: 'audio/webm;codecs=opus',
      recordingTime: 3,
      parentRecordingId: all[0]!.id,
      preConsultationData: { patientName: 'Bessie', isFarmMode: true },
    });
    expect(after.state().preConsultation).toMatchObject({ patientName: 'Bessie' });
  });

  it('refuses to start without room for 30 minutes of audio', async () => {
    const recorder = makeRecorder({ checkStorage: async () => ({ ok: false }) });
    await recorder.state().start();
    expect(recorder.state().machine).toMatchObject({ status: 'ready', error: STORAGE_FULL_MESSAGE });
    expect(recorder.captures).toEqual([]);
  });

  it("says 'Failed to save recording to local storage' when the store is full at stop, keeping the journal", async () => {
    class FullStore extends RecordingsStore {
      override async put(): Promise<void> {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
    }
    const recorder = makeRecorder({ recordings: new FullStore(db.recordingsDb) });
    await recorder.state().start();
    await recorder.captures[0]!.speak(2);
    await recorder.state().stop();
    expect(recorder.state().machine).toMatchObject({ status: 'ready', error: LOCAL_SAVE_FAILED });
    // The audio is still in the journal: the next start offers it back.
    expect(await new CaptureJournal(journalDb).interrupted()).toHaveLength(1);
  });
});
