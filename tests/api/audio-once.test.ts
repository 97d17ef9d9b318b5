import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clip } from '../helpers/audio-clip.js';
import { registerUser } from '../helpers/auth.js';
import { startFakeEngine, type FakeEngine } from '../helpers/fake-engine.js';
import { ApiClient } from '../helpers/http.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { createServices } from '../../api/services/index.js';
import { uploadKeyFor } from '../../api/jobs/index.js';
import { herdForm } from './herd-fixtures.js';

/**
 * Issue 17: audio crosses a farm connection once. /api/transcribe keeps the upload under the recording's
 * Idempotency-Key; the save references it (audioFrom=transcription) instead of sending the audio again.
 */
describe('audio once: the save references the transcription upload', () => {
  let engine: FakeEngine;
  let server: TestServer;
  let now = Date.now();
  const saveUploads: number[] = [];
  const audio = clip(path.resolve('../shared/eval/dev/audio/dev-03.webm'), 4);
  const metadata = JSON.stringify({
    recordedAt: '2026-11-23T08:30:00.000Z',
    patientName: 'Bessie',
    soapNotes: { subjective: '- Off her feed since yesterday' },
  });

  beforeAll(async () => {
    engine = await startFakeEngine();
    server = await startTestServer({
      env: engine.env,
      overrides: (options) => createServices({ ...options, clock: () => new Date(now) }),
      onRequest: (request) => {
        const pathname = new URL(request.url).pathname;
        if (pathname === '/api/recordings/save-upload' || pathname === '/api/herd-visits')
          saveUploads.push(Number(request.headers.get('content-length') ?? 0));
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await engine?.close();
  });

  const transcribe = (client: ApiClient, key: string) => {
    const form = new FormData();
    form.append('audio', new File([new Uint8Array(audio)], 'take.webm', { type: 'audio/webm' }));
    return client.post('/api/transcribe', form, { 'Idempotency-Key': key });
  };
  const saveReferencing = (client: ApiClient, key: string) => {
    const form = new FormData();
    form.append('audioFrom', 'transcription');
    form.append('metadata', metadata);
    return client.post('/api/recordings/save-upload', form, { 'Idempotency-Key': key });
  };

  it('saves without sending the audio again; the recording plays the transcribed bytes', async () => {
    const client = new ApiClient(server.baseUrl);
    await registerUser(client);
    const key = `local-${Date.now()}-a`;
    expect((await transcribe(client, key)).status).toBe(200);

    saveUploads.length = 0;
    const saved = await saveReferencing(client, key);
    expect(saved.status, await saved.clone().text()).toBe(200);
    const { recording } = (await saved.json()) as { recording: { id: string } };
    // The save carried metadata only: a few hundred bytes, not the recording.
    expect(saveUploads[0]).toBeLessThan(2_000);
    expect(audio.byteLength).toBeGreaterThan(20_000);

    const played = await client.get(`/api/recordings/${recording.id}/audio`);
    expect(played.status).toBe(200);
    expect(Buffer.from(await played.arrayBuffer()).equals(audio)).toBe(true);

    // A retried save (dropped connection) returns the same recording.
    const again = await saveReferencing(client, key);
    expect(((await again.json()) as { recording: { id: string } }).recording.id).toBe(recording.id);
  });

  it('saves a herd visit without sending the audio again (410 without an upload, then with the audio)', async () => {
    const client = new ApiClient(server.baseUrl);
    await registerUser(client);
    const key = `local-${Date.now()}-herd`;
    expect((await transcribe(client, key)).status).toBe(200);

    // The herd form without its audio file, referencing the transcription upload instead.
    const referencing = () => {
      const form = herdForm(7);
      form.delete('audio');
      form.append('audioFrom', 'transcription');
      return form;
    };
    saveUploads.length = 0;
    const saved = await client.post('/api/herd-visits', referencing(), { 'Idempotency-Key': key });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(saveUploads[0]).toBeLessThan(4_000);
    const { visit } = (await saved.json()) as { visit: { id: string } };
    const played = await client.get(`/api/recordings/${visit.id}/audio`);
    expect(Buffer.from(await played.arrayBuffer()).equals(audio)).toBe(true);

    const gone = await client.post('/api/herd-visits', referencing(), { 'Idempotency-Key': `${key}-none` });
    expect(gone.status).toBe(410);
    expect(((await gone.json()) as { error: string }).error).toMatch(/send the recording again/);
    const withAudio = await client.post('/api/herd-visits', herdForm(8), {
      'Idempotency-Key': `${key}-none`,
    });
    expect(withAudio.status).toBe(200);
  });

  it('is scoped to the practice, and answers 410 when there is no upload; the audio is then sent', async () => {
    const owner = new ApiClient(server.baseUrl);
    await registerUser(owner);
    const key = `local-${Date.now()}-b`;
    expect((await transcribe(owner, key)).status).toBe(200);

    const other = new ApiClient(server.baseUrl);
    await registerUser(other);
    const refused = await saveReferencing(other, key);
    expect(refused.status).toBe(410);

    const form = new FormData();
    form.append('audio', new File([new Uint8Array(audio)], 'take.webm', { type: 'audio/webm' }));
    form.append('metadata', metadata);
    expect((await other.post('/api/recordings/save-upload', form, { 'Idempotency-Key': key })).status).toBe(
      200,
    );
  });

  it('sweeps uploads no save referenced after TRANSCRIPTION_UPLOAD_KEEP_HOURS, keeps referenced ones', async () => {
    const client = new ApiClient(server.baseUrl);
    const { user } = await registerUser(client);
    const savedKey = `local-${Date.now()}-c`;
    const abandonedKey = `local-${Date.now()}-d`;
    expect((await transcribe(client, savedKey)).status).toBe(200);
    expect((await transcribe(client, abandonedKey)).status).toBe(200);
    expect((await saveReferencing(client, savedKey)).status).toBe(200);

    const blobs = server.services.blobs;
    // Past the orphan grace (60 min) but within the upload keep time: nothing of the uploads goes yet.
    now = Date.now() + 2 * 60 * 60_000;
    await server.services.retention.sweepBlobs();
    expect(await blobs.stat(uploadKeyFor(user.id, abandonedKey))).toBeDefined();

    now = Date.now() + (server.config.TRANSCRIPTION_UPLOAD_KEEP_HOURS + 1) * 60 * 60_000;
    await server.services.retention.sweepBlobs();
    expect(await blobs.stat(uploadKeyFor(user.id, abandonedKey))).toBeUndefined();
    expect(await blobs.stat(uploadKeyFor(user.id, savedKey))).toBeDefined();
    expect((await saveReferencing(client, abandonedKey)).status).toBe(410);
  });
});
