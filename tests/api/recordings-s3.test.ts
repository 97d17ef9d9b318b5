import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../helpers/auth.js';
import { ApiClient } from '../helpers/http.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { startFakeS3, type FakeS3 } from '../unit/recordings/fake-s3.js';
import { fakeAudio, saveBody } from './recordings-fixtures.js';

/** The same API with BLOB_STORE=s3, against an S3-compatible endpoint, as an operator would configure it. */
describe('recordings API with BLOB_STORE=s3', () => {
  let s3: FakeS3;
  let server: TestServer;

  beforeAll(async () => {
    s3 = await startFakeS3();
    server = await startTestServer({
      env: {
        BLOB_STORE: 's3',
        S3_BUCKET: s3.bucket,
        S3_ENDPOINT: s3.endpoint,
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'test',
        S3_SECRET_ACCESS_KEY: 'test-secret',
        S3_PREFIX: 'veldvet/audio/',
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
  });

  it('saves to the bucket, streams ranges from it, and catches an altered object', async () => {
    const api = new ApiClient(server.baseUrl);
    const { user } = await registerUser(api);
    const audio = fakeAudio('webm', 40_000, 21);
    const saved = await api.post('/api/recordings/save', saveBody(audio), { 'Idempotency-Key': 's3-rec-1' });
    expect(saved.status).toBe(200);
    const { recording } = (await saved.json()) as { recording: { id: string } };
    const objectKey = `veldvet/audio/${user.id}/${recording.id}.webm`;
    expect([...s3.objects.keys()]).toEqual([objectKey]);

    const part = await api.get(`/api/recordings/${recording.id}/audio`, { Range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${audio.byteLength}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(audio.subarray(100, 200));
    const whole = await api.get(`/api/recordings/${recording.id}/audio`);
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(audio);

    const stored = s3.objects.get(objectKey)!;
    s3.objects.set(objectKey, { ...stored, checksum: Buffer.alloc(32).toString('base64') });
    const refused = await api.get(`/api/recordings/${recording.id}/audio`);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ error: 'Stored audio failed its integrity check' });
  });
});
