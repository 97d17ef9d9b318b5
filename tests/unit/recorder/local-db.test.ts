import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import type { LocalRecording } from '../../../web/src/data/local-recording.js';
import {
  CaptureJournal,
  CaptureJournalDB,
} from '../../../web/src/features/recorder/storage/capture-journal.js';
import { RecordingsStore, LOCAL_DB_NAME, VeldVetDB } from '../../../web/src/data/recordings-db.js';

const opened: Dexie[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
});

function localRecording(id: string, startedAt: string, extra: Partial<LocalRecording> = {}): LocalRecording {
  return {
    id,
    audioBlob: new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/webm' }),
    audioBlobType: 'audio/webm',
    recordingTime: 12,
    recordingStartTime: startedAt,
    preConsultationData: { patientName: 'Max' },
    needsProcessing: true,
    isOnlineOnly: false,
    ...extra,
  };
}

describe('VeldVetDB (spec section 3)', () => {
  it("is named 'VeldVetDB', version 2, one store 'recordings' keyed by id with the two indexes", async () => {
    const db = new VeldVetDB();
    opened.push(db);
    await db.open();
    expect(db.name).toBe(LOCAL_DB_NAME);
    expect(db.verno).toBe(2);
    expect(db.tables.map((t) => t.name)).toEqual(['recordings']);
    const schema = db.recordings.schema;
    expect(schema.primKey.keyPath).toBe('id');
    expect(schema.indexes.map((i) => i.name).sort()).toEqual(['needsProcessing', 'recordingStartTime']);
  });

  it('stores, lists newest first, updates, finds work and deletes', async () => {
    const db = new VeldVetDB('VeldVetDB-test-store');
    opened.push(db);
    const store = new RecordingsStore(db);
    await store.put(localRecording('a'.repeat(21), '2026-11-20T08:00:00.000Z'));
    await store.put(localRecording('b'.repeat(21), '2026-11-21T08:00:00.000Z'));
    expect((await store.list()).map((r) => r.id[0])).toEqual(['b', 'a']);

    const processedAt = '2026-11-21T09:00:00.000Z';
    await store.update('a'.repeat(21), { needsProcessing: false, processedAt, transcript: 'hello' });
    expect((await store.awaitingProcessing()).map((r) => r.id[0])).toEqual(['b']);
    const a = await store.get('a'.repeat(21));
    expect(a).toMatchObject({
      processedAt,
      transcript: 'hello',
      recordingStartTime: '2026-11-20T08:00:00.000Z',
    });
    expect(a!.audioBlob.size).toBe(3);

    await expect(store.update('missing', { transcript: 'x' })).rejects.toThrow('not found');
    await store.delete('b'.repeat(21));
    expect(await store.list()).toHaveLength(1);
    await store.clear();
    expect(await store.list()).toHaveLength(0);
  });
});

describe('capture journal (crash safety)', () => {
  it('assembles chunks in order and recovers an interrupted capture with its duration', async () => {
    const db = new CaptureJournalDB('VeldVetCaptureDB-test');
    opened.push(db);
    const journal = new CaptureJournal(db);
    const meta = {
      id: 'capture-1',
      startedAt: '2026-11-21T08:00:00.000Z',
      mimeType: 'audio/webm;codecs=opus',
      preConsultationData: { patientName: 'Max' },
      isFarmMode: false,
      segmentNumber: 1,
    };
    await journal.begin(meta);
    // Out of order on purpose: IndexedDB writes can complete in any order.
    await journal.append({ captureId: 'capture-1', seq: 1, data: new Blob(['BB']), recordedMs: 2000 });
    await journal.append({ captureId: 'capture-1', seq: 0, data: new Blob(['AA']), recordedMs: 1000 });
    await journal.append({ captureId: 'capture-1', seq: 2, data: new Blob(['CC']), recordedMs: 3000 });

    // A second, empty capture (crashed before its first chunk) is dropped, not offered back.
    await journal.begin({ ...meta, id: 'capture-empty', startedAt: '2026-11-21T09:00:00.000Z' });

    const recovered = await journal.interrupted();
    expect(recovered).toHaveLength(1);
    expect(recovered[0]!.meta.preConsultationData.patientName).toBe('Max');
    expect(recovered[0]!.recordedSeconds).toBe(3);
    expect(await recovered[0]!.audio.text()).toBe('AABBCC');
    expect(recovered[0]!.audio.type).toBe('audio/webm;codecs=opus');
    expect(await db.captures.count()).toBe(1);

    expect(await journal.interrupted('capture-1')).toHaveLength(0); // the live capture is not "interrupted"
    await journal.discard('capture-1');
    expect(await db.chunks.count()).toBe(0);
    expect(await journal.interrupted()).toHaveLength(0);
  });
});
