import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { deleteDatabase, type LocalDatabase } from '../../../web/src/data/idb.js';
import type { LocalRecording } from '../../../web/src/data/local-recording.js';
import {
  CaptureJournal,
  CaptureJournalDB,
} from '../../../web/src/features/recorder/storage/capture-journal.js';
import { RecordingsStore, LOCAL_DB_NAME, VeldVetDB } from '../../../web/src/data/recordings-db.js';

const opened: LocalDatabase[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await deleteDatabase(db.name);
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
    const idb = await db.open();
    expect(db.name).toBe(LOCAL_DB_NAME);
    expect(db.version).toBe(2);
    // IndexedDB's version is ten times the schema's, as Dexie (which created it before) numbered it.
    expect(idb.version).toBe(20);
    expect([...idb.objectStoreNames]).toEqual(['recordings']);
    const store = idb.transaction('recordings').objectStore('recordings');
    expect(store.keyPath).toBe('id');
    expect([...store.indexNames].sort()).toEqual(['needsProcessing', 'recordingStartTime']);
  });

  it('opens the databases Dexie created on a device before, with their recordings and journal', async () => {
    const legacy = new Dexie('VeldVetDB-test-legacy');
    legacy.version(2).stores({ recordings: 'id, needsProcessing, recordingStartTime' });
    await legacy.table('recordings').put(localRecording('c'.repeat(21), '2026-11-19T08:00:00.000Z'));
    const legacyJournal = new Dexie('VeldVetCaptureDB-test-legacy');
    legacyJournal.version(1).stores({ captures: 'id, startedAt', chunks: '[captureId+seq], captureId' });
    await legacyJournal.table('captures').put({
      id: 'old-capture',
      startedAt: '2026-11-19T09:00:00.000Z',
      mimeType: 'audio/webm',
      preConsultationData: { patientName: 'Bella' },
      isFarmMode: false,
      segmentNumber: 1,
    });
    await legacyJournal
      .table('chunks')
      .put({ captureId: 'old-capture', seq: 0, data: new Blob(['AA']), recordedMs: 1000 });
    legacy.close();
    legacyJournal.close();

    const db = new VeldVetDB('VeldVetDB-test-legacy');
    const journalDb = new CaptureJournalDB('VeldVetCaptureDB-test-legacy');
    opened.push(db, journalDb);
    const store = new RecordingsStore(db);
    expect((await store.list()).map((r) => r.id)).toEqual(['c'.repeat(21)]);
    await store.update('c'.repeat(21), { transcript: 'still here' });
    expect(await store.get('c'.repeat(21))).toMatchObject({ transcript: 'still here' });
    const [recovered] = await new CaptureJournal(journalDb).interrupted();
    expect(recovered!.meta.preConsultationData.patientName).toBe('Bella');
    expect(await recovered!.audio.text()).toBe('AA');
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
    // A field updated to undefined is removed, as Dexie's update did.
    await store.update('a'.repeat(21), { transcript: undefined });
    expect(await store.get('a'.repeat(21))).not.toHaveProperty('transcript');
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
    expect(await db.count('captures')).toBe(1);

    expect(await journal.interrupted('capture-1')).toHaveLength(0); // the live capture is not "interrupted"
    await journal.discard('capture-1');
    expect(await db.count('chunks')).toBe(0);
    expect(await journal.interrupted()).toHaveLength(0);
  });
});
