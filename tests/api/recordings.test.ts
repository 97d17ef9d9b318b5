import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../helpers/auth.js';
import { ApiClient } from '../helpers/http.js';
import { createLogger } from '../../api/logging/index.js';
import { dialects, startTestServer, type TestServer } from '../helpers/server.js';
import { fakeAudio, saveBody, toBase64 } from './recordings-fixtures.js';

interface SavedBody {
  success: true;
  recording: {
    id: string;
    notesVersion: number;
    audioMimeType: string;
    audioByteSize: number;
    audioSha256: string;
  };
}
interface ListBody {
  recordings: Array<Record<string, unknown> & { id: string }>;
}

describe.each(dialects)('recordings API (%s)', (dialect) => {
  let server: TestServer;
  const client = () => new ApiClient(server.baseUrl);
  /** What the server tells operators (errors only), one parsed JSON line each. */
  const operatorLog: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    const logger = createLogger({
      level: 'error',
      destination: {
        write: (line: string) => void operatorLog.push(JSON.parse(line) as Record<string, unknown>),
      },
    });
    server = await startTestServer({ dialect, logger });
  });
  afterAll(async () => server?.close());

  async function signedIn(): Promise<{ api: ApiClient; userId: string; email: string }> {
    const api = client();
    const { user, email } = await registerUser(api);
    return { api, userId: user.id, email };
  }

  async function save(api: ApiClient, body: Record<string, unknown>, key?: string): Promise<SavedBody> {
    const response = await api.post('/api/recordings/save', body, key ? { 'Idempotency-Key': key } : {});
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as SavedBody;
  }

  function blobFile(userId: string, id: string): string {
    const folder = path.join(server.dataDir, 'audio', userId);
    const name = fs.readdirSync(folder).find((file) => file.startsWith(id));
    if (!name) throw new Error(`no blob for ${id}`);
    return path.join(folder, name);
  }

  it('saves, lists, searches, reads, streams ranges, versions the notes and soft-deletes', async () => {
    const { api, email } = await signedIn();
    const audio = fakeAudio('webm', 50_000, 1);
    const saved = await save(
      api,
      saveBody(audio, {
        patientName: 'Bella',
        clientName: 'Van der Merwe',
        species: 'Dogs',
        breed: 'Boerboel',
      }),
      'local-rec-0001',
    );
    expect(saved).toEqual({
      success: true,
      recording: expect.objectContaining({
        id: expect.any(String),
        idempotencyKey: 'local-rec-0001',
        patientName: 'Bella',
        notesVersion: 1,
        audioUrl: `/api/recordings/${saved.recording.id}/audio`,
        audioMimeType: 'audio/webm',
        audioByteSize: audio.byteLength,
        audioSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      }),
    });
    const id = saved.recording.id;
    // A second recording that searches must not find.
    await save(
      api,
      saveBody(fakeAudio('webm', 2_000, 2), { patientName: 'Tiger', clientName: 'Nel', species: 'Cats' }),
    );

    const history = (await (await api.get('/api/recordings/history?limit=20&offset=0')).json()) as ListBody;
    expect(history.recordings.map((r) => r.patientName)).toEqual(['Tiger', 'Bella']);
    const listed = history.recordings.find((r) => r.id === id)!;
    expect(listed).not.toHaveProperty('audioData');
    expect(listed).not.toHaveProperty('audioBlobKey');
    // Lists carry cards only (issue 19); the notes come with the recording when it is opened.
    expect(listed).not.toHaveProperty('soapNotes');
    expect(listed).not.toHaveProperty('transcript');
    const secondPage = (await (await api.get('/api/recordings/history?limit=1&offset=1')).json()) as ListBody;
    expect(secondPage.recordings.map((r) => r.id)).toEqual([id]);

    for (const q of ['bella', 'BELL', 'van DER', 'dogs', ' Dog ']) {
      const found = (await (
        await api.get(`/api/recordings/search?q=${encodeURIComponent(q)}`)
      ).json()) as ListBody;
      expect(
        found.recordings.map((r) => r.id),
        q,
      ).toEqual([id]);
    }
    // Breed is not searched, and LIKE wildcards are literal.
    for (const q of ['boerboel', '%', '_']) {
      const none = (await (
        await api.get(`/api/recordings/search?q=${encodeURIComponent(q)}`)
      ).json()) as ListBody;
      expect(none.recordings, q).toEqual([]);
    }

    const got = await api.get(`/api/recordings/${id}`);
    expect(got.status).toBe(200);
    const { recording } = (await got.json()) as { recording: Record<string, unknown> };
    expect(recording).toEqual(
      expect.objectContaining({
        id,
        patientName: 'Bella',
        clientName: 'Van der Merwe',
        species: 'Dogs',
        audioDuration: 95,
        audioFormat: 'webm',
        transcriptLanguage: 'auto',
        isFarmMode: 0,
        segmentNumber: 1,
        totalSegments: 1,
        deletedAt: null,
        soapNotes: {
          subjective: '- Lame on the left fore',
          objective: '',
          assessment: '- Sprain',
          plan: '- Rest',
        },
        audioUrl: `/api/recordings/${id}/audio`,
      }),
    );
    expect(recording).not.toHaveProperty('audioData');

    const whole = await api.get(`/api/recordings/${id}/audio`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/webm');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-length')).toBe(String(audio.byteLength));
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(audio);

    const head = await api.request('HEAD', `/api/recordings/${id}/audio`);
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(audio.byteLength));
    expect(head.headers.get('etag')).toBe(`"${saved.recording.audioSha256}"`);
    expect((await head.arrayBuffer()).byteLength).toBe(0);

    const size = audio.byteLength;
    const ranges: Array<[string, number, number]> = [
      ['bytes=0-99', 0, 99],
      ['bytes=1000-1999', 1000, 1999],
      ['bytes=49000-', 49000, size - 1],
      ['bytes=0-', 0, size - 1],
      ['bytes=-500', size - 500, size - 1],
      ['bytes=-999999', 0, size - 1],
      ['bytes=49990-60000', 49990, size - 1],
      ['bytes=7-7', 7, 7],
    ];
    for (const [header, start, end] of ranges) {
      const part = await api.get(`/api/recordings/${id}/audio`, { Range: header });
      expect(part.status, header).toBe(206);
      expect(part.headers.get('content-range'), header).toBe(`bytes ${start}-${end}/${size}`);
      expect(part.headers.get('content-type')).toBe('audio/webm');
      expect(new Uint8Array(await part.arrayBuffer()), header).toEqual(audio.subarray(start, end + 1));
    }
    for (const header of [`bytes=${size}-`, 'bytes=500-100', 'bytes=abc', 'bytes=-0', 'bytes=']) {
      const refused = await api.get(`/api/recordings/${id}/audio`, { Range: header });
      expect(refused.status, header).toBe(416);
      expect(refused.headers.get('content-range')).toBe(`bytes */${size}`);
      await refused.arrayBuffer();
    }
    const otherUnit = await api.get(`/api/recordings/${id}/audio`, { Range: 'items=0-1' });
    expect(otherUnit.status).toBe(200);
    expect((await otherUnit.arrayBuffer()).byteLength).toBe(size);
    const staleIfRange = await api.get(`/api/recordings/${id}/audio`, {
      Range: 'bytes=0-9',
      'If-Range': '"old"',
    });
    expect(staleIfRange.status).toBe(200);
    await staleIfRange.arrayBuffer();

    const edited = {
      subjective: '- Lame on the left fore\n- Worse after rest',
      objective: '- Swollen carpus',
      assessment: '- Sprain',
      plan: '- Rest 2 weeks',
    };
    const update = await api.request('PUT', `/api/recordings/${id}/notes`, {
      soapNotes: edited,
      baseVersion: 1,
    });
    expect(update.status).toBe(200);
    const updated = (await update.json()) as {
      success: true;
      recording: { notesVersion: number; soapNotes: unknown; transcript: string };
    };
    expect(updated.recording.notesVersion).toBe(2);
    expect(updated.recording.soapNotes).toEqual(edited);
    expect(updated.recording.transcript).toBe('The dog is lame on the left fore.');
    // The same edit again changes nothing; an edit from the old version is refused, not applied over it.
    const same = await api.request('PATCH', `/api/recordings/${id}/notes`, { soapNotes: edited });
    expect(((await same.json()) as typeof updated).recording.notesVersion).toBe(2);
    const stale = await api.request('PATCH', `/api/recordings/${id}/notes`, {
      soapNotes: { plan: '- other' },
      baseVersion: 1,
    });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({
      error: 'The notes were changed in the meantime; reload them and try again',
    });

    const versions = (await (await api.get(`/api/recordings/${id}/notes/versions`)).json()) as {
      versions: Array<{
        version: number;
        soapNotes: unknown;
        editedBy: { email: string };
        createdAt: string;
      }>;
    };
    expect(versions.versions.map((v) => v.version)).toEqual([1, 2]);
    expect(versions.versions[0]!.soapNotes).toEqual(expect.objectContaining({ plan: '- Rest' }));
    expect(versions.versions[1]!.soapNotes).toEqual(edited);
    expect(versions.versions[1]!.editedBy.email).toBe(email);
    expect((await (await api.get(`/api/recordings/${id}`)).json()).recording.notesVersion).toBe(2);

    const removed = await api.delete(`/api/recordings/${id}`);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ success: true });
    const after = (await (await api.get('/api/recordings/history')).json()) as ListBody;
    expect(after.recordings.map((r) => r.patientName)).toEqual(['Tiger']);
    expect(((await (await api.get('/api/recordings/search?q=bella')).json()) as ListBody).recordings).toEqual(
      [],
    );
    for (const response of [
      await api.get(`/api/recordings/${id}`),
      await api.get(`/api/recordings/${id}/audio`),
      await api.get(`/api/recordings/${id}/notes/versions`),
      await api.request('PUT', `/api/recordings/${id}/notes`, { soapNotes: edited }),
      await api.delete(`/api/recordings/${id}`),
    ]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Recording not found' });
    }
    // A replayed save of the deleted recording does not bring it back as a new one.
    const replay = await api.post('/api/recordings/save', saveBody(audio, { patientName: 'Bella' }), {
      'Idempotency-Key': 'local-rec-0001',
    });
    expect(replay.status).toBe(409);
    expect(((await (await api.get('/api/recordings/history')).json()) as ListBody).recordings).toHaveLength(
      1,
    );
  });

  it('replaying the same save 5 times at once gives one recording and the same id', async () => {
    const { api } = await signedIn();
    const audio = fakeAudio('webm', 300_000, 3);
    const body = saveBody(audio, { patientName: 'Duplicate' });
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        api.post('/api/recordings/save', body, { 'Idempotency-Key': 'rec-concurrent-1' }),
      ),
    );
    const bodies = await Promise.all(
      responses.map(async (r) => ({ status: r.status, body: (await r.json()) as SavedBody })),
    );
    for (const { status } of bodies) expect(status).toBe(200);
    const ids = new Set(bodies.map(({ body: b }) => b.recording.id));
    expect(ids.size).toBe(1);
    expect(responses.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(4);

    const again = await api.post('/api/recordings/save', body, { 'Idempotency-Key': 'rec-concurrent-1' });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const [id] = ids;
    expect(((await again.json()) as SavedBody).recording.id).toBe(id);
    const history = (await (await api.get('/api/recordings/history')).json()) as ListBody;
    expect(history.recordings.map((r) => r.id)).toEqual([id]);
    const { recording: opened } = (await (await api.get(`/api/recordings/${id}`)).json()) as {
      recording: { practiceId: string };
    };
    expect(fs.readdirSync(path.join(server.dataDir, 'audio', opened.practiceId))).toHaveLength(1);

    // Saving the same recording again with edited notes keeps the id and versions the notes.
    const edited = await save(
      api,
      { ...body, soapNotes: { subjective: '- Edited', objective: '', assessment: '', plan: '' } },
      'rec-concurrent-1',
    );
    expect(edited.recording.id).toBe(id);
    expect(edited.recording.notesVersion).toBe(2);
    const otherAudio = await api.post('/api/recordings/save', saveBody(fakeAudio('webm', 1000, 4)), {
      'Idempotency-Key': 'rec-concurrent-1',
    });
    expect(otherAudio.status).toBe(409);
    expect(await otherAudio.json()).toEqual({
      error: 'This recording was already saved with different audio',
    });
    expect(((await (await api.get('/api/recordings/history')).json()) as ListBody).recordings).toHaveLength(
      1,
    );
  });

  it('saves through the binary upload and plays back the same bytes', async () => {
    const { api } = await signedIn();
    const audio = fakeAudio('mp4', 120_000, 5);
    const { audioData: _unused, ...metadata } = saveBody(audio, {
      patientName: 'Upload',
      audioFormat: 'webm',
    });
    const form = () => {
      const data = new FormData();
      data.set('audio', new Blob([audio], { type: 'audio/mp4' }), 'recording.webm');
      data.set('metadata', JSON.stringify(metadata));
      return data;
    };
    const response = await api.post('/api/recordings/save-upload', form(), { 'Idempotency-Key': 'upload-1' });
    expect(response.status, await response.clone().text()).toBe(200);
    const saved = (await response.json()) as SavedBody;
    // The client says webm (as the spec's client always does); the bytes are MP4, and that is what is served.
    expect(saved.recording.audioMimeType).toBe('audio/mp4');
    expect(saved.recording.audioByteSize).toBe(audio.byteLength);

    const whole = await api.get(`/api/recordings/${saved.recording.id}/audio`);
    expect(whole.headers.get('content-type')).toBe('audio/mp4');
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(audio);
    const tail = await api.get(`/api/recordings/${saved.recording.id}/audio`, { Range: 'bytes=-1000' });
    expect(tail.status).toBe(206);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(audio.subarray(audio.byteLength - 1000));

    // A retried upload (new form, new boundary) and the same recording sent as base64 both replay.
    const retried = await api.post('/api/recordings/save-upload', form(), { 'Idempotency-Key': 'upload-1' });
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(((await retried.json()) as SavedBody).recording.id).toBe(saved.recording.id);
    const asJson = await save(api, { ...metadata, audioData: toBase64(audio) }, 'upload-1');
    expect(asJson.recording.id).toBe(saved.recording.id);
    const got = (await (await api.get(`/api/recordings/${saved.recording.id}`)).json()) as {
      recording: Record<string, unknown>;
    };
    expect(got.recording).toEqual(
      expect.objectContaining({ patientName: 'Upload', audioFormat: 'webm', audioMimeType: 'audio/mp4' }),
    );
  });

  it("answers 404 on every route for another practice's recording", async () => {
    const owner = await signedIn();
    const saved = await save(
      owner.api,
      saveBody(fakeAudio('webm', 4_000, 6), { patientName: 'Private' }),
      'owner-key',
    );
    const id = saved.recording.id;
    const other = await signedIn();
    const attempts = [
      await other.api.get(`/api/recordings/${id}`),
      await other.api.get(`/api/recordings/${id}/audio`),
      await other.api.get(`/api/recordings/${id}/audio`, { Range: 'bytes=0-10' }),
      await other.api.get(`/api/recordings/${id}/notes/versions`),
      await other.api.request('PUT', `/api/recordings/${id}/notes`, { soapNotes: { plan: '- hijack' } }),
      await other.api.request('PATCH', `/api/recordings/${id}/notes`, { soapNotes: { plan: '- hijack' } }),
      await other.api.delete(`/api/recordings/${id}`),
    ];
    for (const response of attempts) {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Recording not found' });
    }
    expect(((await (await other.api.get('/api/recordings/history')).json()) as ListBody).recordings).toEqual(
      [],
    );
    expect(
      ((await (await other.api.get('/api/recordings/search?q=private')).json()) as ListBody).recordings,
    ).toEqual([]);
    // The same Idempotency-Key in another practice is another recording.
    const theirs = await save(
      other.api,
      saveBody(fakeAudio('webm', 4_000, 6), { patientName: 'Theirs' }),
      'owner-key',
    );
    expect(theirs.recording.id).not.toBe(id);
    const mine = (await (await owner.api.get(`/api/recordings/${id}`)).json()) as {
      recording: { patientName: string; notesVersion: number };
    };
    expect(mine.recording).toEqual(expect.objectContaining({ patientName: 'Private', notesVersion: 1 }));
  });

  it('refuses every recording route without a session', async () => {
    const anonymous = client();
    for (const response of [
      await anonymous.get('/api/recordings/history'),
      await anonymous.get('/api/recordings/search?q=a'),
      await anonymous.get('/api/recordings/some-id'),
      await anonymous.get('/api/recordings/some-id/audio'),
      await anonymous.post('/api/recordings/save', {}),
      await anonymous.post('/api/recordings/save-upload', new FormData()),
      await anonymous.delete('/api/recordings/some-id'),
    ]) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: 'Not authenticated' });
    }
  });

  it('detects audio corrupted or lost in the store instead of serving it', async () => {
    const { api, userId } = await signedIn();
    const audio = fakeAudio('webm', 8_000, 7);
    const { recording } = await save(api, saveBody(audio));
    const file = blobFile(userId, recording.id);
    expect(new Uint8Array(fs.readFileSync(file))).toEqual(audio);
    expect((await api.get(`/api/recordings/${recording.id}/audio`, { Range: 'bytes=0-9' })).status).toBe(206);

    const corrupted = Buffer.from(audio);
    corrupted[4000] = corrupted[4000]! ^ 0xff;
    fs.writeFileSync(file, corrupted);
    for (const headers of [{}, { Range: 'bytes=0-9' }] as Array<Record<string, string>>) {
      const response = await api.get(`/api/recordings/${recording.id}/audio`, headers);
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({ error: 'Stored audio failed its integrity check' });
    }
    fs.rmSync(file);
    const missing = await api.get(`/api/recordings/${recording.id}/audio`);
    expect(missing.status).toBe(422);
    expect(await missing.json()).toEqual({ error: 'Stored audio is missing' });
    // The record itself is still readable; operators are told, with no more than the id.
    expect((await api.get(`/api/recordings/${recording.id}`)).status).toBe(200);
    const told = operatorLog.filter((line) => line.recordingId === recording.id);
    expect(told.map(({ msg, component }) => ({ msg, component }))).toEqual([
      { msg: 'audio failed its SHA-256 check', component: 'recordings' },
      { msg: 'audio failed its SHA-256 check', component: 'recordings' },
      { msg: 'audio missing from the store', component: 'recordings' },
    ]);
    // Each line carries the id of the request that found it.
    expect(told.every((line) => typeof line.requestId === 'string')).toBe(true);
  });

  it('documents the recording routes in the OpenAPI document', async () => {
    const doc = (await (await client().get('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const [route, method] of [
      ['/api/recordings/save', 'post'],
      ['/api/recordings/save-upload', 'post'],
      ['/api/recordings/history', 'get'],
      ['/api/recordings/search', 'get'],
      ['/api/recordings/{id}', 'get'],
      ['/api/recordings/{id}/audio', 'get'],
      ['/api/recordings/{id}/notes', 'put'],
      ['/api/recordings/{id}/notes/versions', 'get'],
      ['/api/recordings/{id}', 'delete'],
    ] as const) {
      expect(doc.paths[route]?.[method], `${method} ${route}`).toBeDefined();
    }
  });
});
