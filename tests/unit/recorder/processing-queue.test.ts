import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectionInfo } from '../../../web/src/data/connection.js';
import type { LocalRecording } from '../../../web/src/data/local-recording.js';
import { processQueueInWorker } from '../../../web/src/data/processing/background-sync.js';
import { processingMessages } from '../../../web/src/data/processing/gate.js';
import { processingFailureMessages } from '../../../web/src/data/processing/process-recording.js';
import {
  createProcessingQueue,
  type ProcessingQueueDeps,
  type ProcessOutcome,
} from '../../../web/src/data/processing/queue.js';
import { RecordingsStore } from '../../../web/src/data/recordings-db.js';
import { localDatabases, localRecording, startPeer, type Peer, type PeerMode } from './local-peer.js';

/**
 * The processing queue (web/src/data/processing/queue.ts) against a real HTTP server on the loopback and
 * IndexedDB (fake-indexeddb): the vet's tap, a queue pass and the service worker's Background Sync all go
 * through the one processOne, and so record every outcome the same way.
 */
let peer: Peer;
let db: ReturnType<typeof localDatabases>;
let connection: ConnectionInfo;
let syncRequests: number;

beforeEach(async () => {
  peer = await startPeer();
  db = localDatabases();
  connection = { type: 'wifi' };
  syncRequests = 0;
});

afterEach(async () => {
  await peer.close();
  await db.cleanup();
});

function queueDeps(extra: Partial<ProcessingQueueDeps> = {}): ProcessingQueueDeps {
  return {
    store: db.recordings,
    settings: db.settings,
    fetch: peer.fetch,
    connection: () => connection,
    requestSync: async () => {
      syncRequests += 1;
    },
    ...extra,
  };
}

/** What sw/sw.ts gives the worker's run: no Background Sync to ask, no timers. */
const workerDeps = () => ({
  store: db.recordings,
  settings: db.settings,
  fetch: peer.fetch,
  connection: () => connection,
});

/** The fields that say what became of an attempt. */
async function stored(id: string) {
  const recording = (await db.recordings.get(id))!;
  return {
    needsProcessing: recording.needsProcessing,
    isOnlineOnly: recording.isOnlineOnly,
    processingError: recording.processingError,
    retry: recording.retry
      ? { failures: recording.retry.failures, reason: recording.retry.reason }
      : undefined,
    transcript: recording.transcript,
    hasNotes: Boolean(recording.clinicalData),
  };
}

type Run = 'manual' | 'queued' | 'worker';

/** One attempt at recording `id` the way each caller makes it. */
async function attempt(run: Run, id: string): Promise<void> {
  if (run === 'manual') {
    await createProcessingQueue(queueDeps()).processOne(id);
  } else if (run === 'queued') {
    await db.recordings.update(id, { isOnlineOnly: true });
    await createProcessingQueue(queueDeps()).runQueue();
  } else {
    await db.recordings.update(id, { isOnlineOnly: true });
    await processQueueInWorker(workerDeps()).catch(() => undefined);
  }
}

describe('one processOne for the tap, the queue and the service worker', () => {
  const cases: Array<{ mode: PeerMode | 'offline'; expected: Awaited<ReturnType<typeof stored>> }> = [
    {
      mode: 'ok',
      expected: {
        needsProcessing: false,
        isOnlineOnly: false,
        processingError: undefined,
        retry: undefined,
        transcript: 'The cow is lame on the left fore.',
        hasNotes: true,
      },
    },
    {
      // A 4xx: refused as sent. Not retried by itself; the vet sees why.
      mode: 'refuse',
      expected: {
        needsProcessing: true,
        isOnlineOnly: false,
        processingError: 'The audio could not be read',
        retry: undefined,
        transcript: undefined,
        hasNotes: false,
      },
    },
    {
      // A 503: the engine is busy. It waits in the queue on the backoff schedule.
      mode: 'busy',
      expected: {
        needsProcessing: true,
        isOnlineOnly: true,
        processingError: undefined,
        retry: { failures: 1, reason: 'busy' },
        transcript: undefined,
        hasNotes: false,
      },
    },
    {
      mode: 'error',
      expected: {
        needsProcessing: true,
        isOnlineOnly: true,
        processingError: undefined,
        retry: { failures: 1, reason: 'server' },
        transcript: undefined,
        hasNotes: false,
      },
    },
    {
      // The request never got an answer (the browser still said online).
      mode: 'offline',
      expected: {
        needsProcessing: true,
        isOnlineOnly: true,
        processingError: undefined,
        retry: { failures: 1, reason: 'network' },
        transcript: undefined,
        hasNotes: false,
      },
    },
  ];

  for (const { mode, expected } of cases) {
    it(`records a '${mode}' answer the same way for a tap, a queue pass and the worker`, async () => {
      if (mode === 'offline') await peer.goOffline();
      else peer.mode = mode;
      const outcomes: Record<Run, Awaited<ReturnType<typeof stored>>> = {} as never;
      for (const run of ['manual', 'queued', 'worker'] as const) {
        await db.recordings.put(localRecording(`rec-${run}`));
        await attempt(run, `rec-${run}`);
        outcomes[run] = await stored(`rec-${run}`);
        await db.recordings.clear(); // each run sees only its own recording
      }
      expect(outcomes).toEqual({ manual: expected, queued: expected, worker: expected });
      if (mode !== 'offline') expect(peer.uploads).toEqual(['rec-manual', 'rec-queued', 'rec-worker']);
    });
  }

  it('reports the outcome to whoever asked, with the banner text and the stages', async () => {
    await db.recordings.put(localRecording('a'));
    const queue = createProcessingQueue(queueDeps());
    const stages: string[] = [];
    const done = await queue.processOne('a', { onStage: (stage) => stages.push(stage) });
    expect(done).toEqual({ kind: 'done' });
    expect(stages[0]).toBe('transcribing');
    expect(stages.at(-1)).toBe('extracting');

    peer.mode = 'busy';
    await db.recordings.put(localRecording('b'));
    const busy = await queue.processOne('b');
    expect(busy).toMatchObject({ kind: 'retrying', message: 'Transcription engine busy' });
    // The server's Retry-After (120 s) wins over the 10 s first step of the schedule.
    const retry = (busy as Extract<ProcessOutcome, { kind: 'retrying' }>).retry;
    expect(Date.parse(retry.nextAt) - Date.now()).toBeGreaterThan(100_000);
    expect(syncRequests).toBe(1);
  });
});

describe('waiting for the network', () => {
  it('queues a tap made offline without uploading, and processes it exactly once when the network returns', async () => {
    await db.recordings.put(localRecording('farm'));
    connection = { type: 'offline' };
    const queue = createProcessingQueue(queueDeps());
    const outcome = await queue.processOne('farm');
    expect(outcome).toEqual({
      kind: 'blocked',
      block: { reason: 'offline', message: processingMessages.offline, queue: true },
    });
    expect(await stored('farm')).toMatchObject({ needsProcessing: true, isOnlineOnly: true });
    expect(syncRequests).toBe(1);
    expect(peer.uploads).toEqual([]);

    connection = { type: 'wifi' };
    // 'online', visibility and the worker's message fire together: one pass (plus one more) processes it once.
    await Promise.all([queue.runQueue(), queue.runQueue(), queue.resetBackoff()]);
    await queue.runQueue();
    expect(await stored('farm')).toMatchObject({
      needsProcessing: false,
      isOnlineOnly: false,
      hasNotes: true,
    });
    expect(peer.uploads).toEqual(['farm']);
  });

  it('joins a second request for a recording being processed instead of uploading it again', async () => {
    await db.recordings.put(localRecording('twice'));
    const queue = createProcessingQueue(queueDeps());
    const seen: string[] = [];
    const [first, second] = await Promise.all([
      queue.processOne('twice', { onStage: (stage) => seen.push(`tap ${stage}`) }),
      queue.processOne('twice', { onStage: (stage) => seen.push(`queue ${stage}`) }),
    ]);
    expect(first).toEqual({ kind: 'done' });
    expect(second).toBe(first);
    expect(peer.uploads).toEqual(['twice']);
    expect(seen).toContain('queue extracting');
  });

  it('leaves a recording alone while it backs off, and tries it at once after resetBackoff', async () => {
    peer.mode = 'error';
    let now = new Date(2026, 10, 23, 10, 0, 0);
    await db.recordings.put(localRecording('wait'));
    const queue = createProcessingQueue(queueDeps({ now: () => now }));
    await queue.processOne('wait');
    expect(peer.uploads).toHaveLength(1);
    peer.mode = 'ok';
    await queue.runQueue(); // the first retry is 10 s away
    expect(peer.uploads).toHaveLength(1);
    now = new Date(now.getTime() + 11_000);
    await queue.runQueue();
    expect(peer.uploads).toHaveLength(2);
    expect(await stored('wait')).toMatchObject({ hasNotes: true, retry: undefined });

    peer.mode = 'error';
    await db.recordings.put(localRecording('again'));
    await queue.processOne('again');
    peer.mode = 'ok';
    await queue.resetBackoff(); // the connection came back: no waiting
    expect(await stored('again')).toMatchObject({ hasNotes: true });
  });

  it('retries a refused recording when the vet taps it, not before', async () => {
    peer.mode = 'refuse';
    await db.recordings.put(localRecording('tap'));
    const queue = createProcessingQueue(queueDeps());
    await queue.processOne('tap');
    peer.mode = 'ok';
    await queue.runQueue();
    expect(peer.uploads).toHaveLength(1);
    await queue.retryNow('tap');
    expect(peer.uploads).toHaveLength(2);
    expect(await stored('tap')).toMatchObject({ hasNotes: true, processingError: undefined });
  });

  it('records a result it cannot store (storage quota) as a failure, keeping the audio for another try', async () => {
    class FullStore extends RecordingsStore {
      override async update(id: string, changes: Partial<Omit<LocalRecording, 'id'>>): Promise<void> {
        if ('transcript' in changes)
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return super.update(id, changes);
      }
    }
    await db.recordings.put(localRecording('full'));
    const queue = createProcessingQueue(queueDeps({ store: new FullStore(db.recordingsDb) }));
    const outcome = await queue.processOne('full');
    expect(outcome).toEqual({ kind: 'failed', message: processingFailureMessages.fallback });
    expect(await stored('full')).toMatchObject({
      needsProcessing: true,
      isOnlineOnly: false,
      processingError: processingFailureMessages.fallback,
    });
    expect((await db.recordings.get('full'))!.audioBlob.size).toBe(2048);
    // Space freed: the same recording goes through (the server answers a replay from its Idempotency-Key).
    await createProcessingQueue(queueDeps()).retryNow('full');
    expect(await stored('full')).toMatchObject({ hasNotes: true });
    expect(peer.uploads).toEqual(['full', 'full']);
  });
});

describe('Wi-Fi-only, read from the device settings in IndexedDB', () => {
  it('the worker waits on cellular while Wi-Fi-only is on, and processes once the vet turns it off', async () => {
    await db.recordings.put(localRecording('cell', { isOnlineOnly: true }));
    connection = { type: 'cellular' };
    const worker = () => processQueueInWorker(workerDeps());
    await expect(worker()).rejects.toThrow('1 recording(s) still waiting');
    expect(peer.uploads).toEqual([]);

    await db.settings.set({ wifiOnly: false });
    await worker();
    expect(peer.uploads).toEqual(['cell']);
    expect(await stored('cell')).toMatchObject({ hasNotes: true });
  });

  it('the page is blocked with the spec message on cellular, and an unknown link counts as allowed', async () => {
    await db.recordings.put(localRecording('page'));
    connection = { type: 'cellular' };
    const queue = createProcessingQueue(queueDeps());
    expect(await queue.processOne('page')).toMatchObject({
      kind: 'blocked',
      block: { reason: 'wifiOnly', message: processingMessages.wifiOnly },
    });
    connection = { type: 'other' };
    expect(await queue.processOne('page')).toEqual({ kind: 'done' });
  });

  it("keeps a vet's old 'off' from localStorage: migrated once, then the worker honours it", async () => {
    const legacy = new Map([['veldvet:wifi-only', 'false']]);
    const storage = {
      read: (key: string) => legacy.get(key) ?? null,
      remove: (key: string) => void legacy.delete(key),
    };
    expect(await db.settings.get()).toEqual({ wifiOnly: true }); // the default
    await db.settings.migrateFromLocalStorage(storage);
    expect(await db.settings.get()).toEqual({ wifiOnly: false });
    expect(legacy.size).toBe(0);
    // A later change is not overwritten by a stale key.
    await db.settings.set({ wifiOnly: true });
    legacy.set('veldvet:wifi-only', 'false');
    await db.settings.migrateFromLocalStorage(storage);
    expect(await db.settings.get()).toEqual({ wifiOnly: true });

    await db.settings.set({ wifiOnly: false });
    await db.recordings.put(localRecording('moved', { isOnlineOnly: true }));
    connection = { type: 'cellular' };
    await processQueueInWorker(workerDeps());
    expect(peer.uploads).toEqual(['moved']);
  });
});
