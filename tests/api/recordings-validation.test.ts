import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../helpers/auth.js';
import { ApiClient } from '../helpers/http.js';
import { dialects, startTestServer, type TestServer } from '../helpers/server.js';
import { fakeAudio, saveBody, toBase64 } from './recordings-fixtures.js';

const MISSING = 'Missing required data to save';
const audio = fakeAudio('webm', 3_000, 11);
const valid = saveBody(audio);
const without = (field: string) => Object.fromEntries(Object.entries(valid).filter(([key]) => key !== field));

describe.each(dialects)('recordings input validation (%s)', (dialect) => {
  let server: TestServer;
  let api: ApiClient;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = new ApiClient(server.baseUrl);
    await registerUser(api);
  });
  afterAll(async () => server?.close());

  const saveCases: Array<[string, unknown, number, string]> = [
    ['malformed JSON', '{"audioData": "abc"', 400, 'Malformed JSON'],
    ['a JSON array', '[]', 400, ''],
    ['JSON null', 'null', 400, ''],
    ['audioData as a number', { ...valid, audioData: 12345 }, 400, 'audioData must be a string'],
    ['audioData as an object', { ...valid, audioData: { bytes: 'x' } }, 400, 'audioData must be a string'],
    ['an id', { ...valid, id: 'mine' }, 400, 'id is set by the server and cannot be sent'],
    ['a createdAt', { ...valid, createdAt: '2025-01-01T00:00:00Z' }, 400, 'createdAt is set by the server'],
    ['an updatedAt', { ...valid, updatedAt: '2025-01-01T00:00:00Z' }, 400, 'updatedAt is set by the server'],
    ['a deletedAt (even null)', { ...valid, deletedAt: null }, 400, 'deletedAt is set by the server'],
    ['no audioData', without('audioData'), 400, MISSING],
    ['an empty audioData', { ...valid, audioData: '' }, 400, MISSING],
    ['a null audioData', { ...valid, audioData: null }, 400, MISSING],
    ['no recordedAt', without('recordedAt'), 400, MISSING],
    ['no soapNotes', without('soapNotes'), 400, MISSING],
    ['null soapNotes', { ...valid, soapNotes: null }, 400, MISSING],
    ['empty soapNotes', { ...valid, soapNotes: { subjective: ' ', plan: '' } }, 400, MISSING],
    ['soapNotes as text', { ...valid, soapNotes: 'S: lame' }, 400, 'soapNotes must be an object'],
    ['bad base64', { ...valid, audioData: 'not base64 at all!!' }, 400, 'audioData is not valid base64'],
    ['truncated base64', { ...valid, audioData: 'QUJDR' }, 400, 'audioData is not valid base64'],
    [
      'a recordedAt that is not a date',
      { ...valid, recordedAt: 'yesterday' },
      400,
      'recordedAt must be an ISO 8601',
    ],
    [
      'a recordedAt without a zone',
      { ...valid, recordedAt: '2025-03-01T08:30:00' },
      400,
      'recordedAt must be an ISO 8601',
    ],
    ['a negative audioDuration', { ...valid, audioDuration: -1 }, 400, 'audioDuration'],
    ['an audioDuration as text', { ...valid, audioDuration: '95' }, 400, 'audioDuration'],
    ['a patientName that is too long', { ...valid, patientName: 'x'.repeat(201) }, 400, 'patientName'],
    ['an unknown parentRecordingId', { ...valid, parentRecordingId: 'nope' }, 400, 'parentRecordingId'],
    ['an audioSha256 that is not hex', { ...valid, audioSha256: 'abc' }, 400, 'audioSha256'],
    ['audio corrupted in transit', { ...valid, audioSha256: '0'.repeat(64) }, 422, 'corrupted in transit'],
  ];
  it.each(saveCases)('save refuses %s with a 4xx {error}', async (_name, body, status, message) => {
    const response = await api.post('/api/recordings/save', body);
    expect(response.status).toBe(status);
    const answer = (await response.json()) as { error: string };
    expect(Object.keys(answer)).toEqual(['error']);
    expect(answer.error).toContain(message);
    if (message === MISSING || message.endsWith('is set by the server'))
      expect(answer.error).toMatch(new RegExp(`^${message}`));
  });

  it('refuses a body that is not JSON with 415', async () => {
    const response = await api.post('/api/recordings/save', 'audioData=abc', {
      'content-type': 'text/plain',
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ error: expect.any(String) });
  });

  it('refuses a malformed Idempotency-Key', async () => {
    for (const key of ['has space', 'x'.repeat(256)]) {
      const response = await api.post('/api/recordings/save', valid, { 'Idempotency-Key': key });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: 'Idempotency-Key must be 1-255 visible ASCII characters',
      });
    }
  });

  it("stores an empty patient name as 'Unknown', a data: prefix is tolerated, numbers become text", async () => {
    const response = await api.post('/api/recordings/save', {
      ...valid,
      patientName: '  ',
      audioData: `data:audio/webm;codecs=opus;base64,${toBase64(audio)}`,
      weight: 42.5,
      isFarmMode: true,
      consultationType: 'Farm Visit',
    });
    expect(response.status).toBe(200);
    const { recording } = (await response.json()) as { recording: { id: string; patientName: string } };
    expect(recording.patientName).toBe('Unknown');
    const got = (await (await api.get(`/api/recordings/${recording.id}`)).json()) as {
      recording: Record<string, unknown>;
    };
    expect(got.recording).toEqual(
      expect.objectContaining({ patientName: 'Unknown', weight: '42.5', isFarmMode: 1 }),
    );
  });

  const uploadCases: Array<[string, () => FormData | string, string]> = [
    ['a non-multipart body', () => 'audio', "multipart/form-data with an 'audio' file"],
    ['a form without audio', () => form(undefined, JSON.stringify(without('audioData'))), MISSING],
    ['an empty audio file', () => form(new Uint8Array(0), JSON.stringify(without('audioData'))), MISSING],
    ['a form without metadata', () => form(audio, undefined), "'metadata' JSON field"],
    ['metadata that is not JSON', () => form(audio, '{oops'), 'metadata must be a JSON object'],
    ['metadata that is an array', () => form(audio, '[1]'), 'metadata must be a JSON object'],
    ['metadata without soapNotes', () => form(audio, JSON.stringify(without('soapNotes'))), MISSING],
    [
      'metadata with an id',
      () => form(audio, JSON.stringify({ ...without('audioData'), id: 'x' })),
      'id is set by the server',
    ],
  ];
  it.each(uploadCases)('upload refuses %s with 400 {error}', async (_name, body, message) => {
    const payload = body();
    const response = await api.post(
      '/api/recordings/save-upload',
      payload,
      typeof payload === 'string' ? { 'content-type': 'text/plain' } : {},
    );
    expect(response.status).toBe(400);
    expect((await response.json()).error).toContain(message);
  });

  it('refuses bad history and search queries', async () => {
    for (const path of [
      '/api/recordings/search?q=',
      '/api/recordings/search?q=%20%20',
      '/api/recordings/search',
      '/api/recordings/history?limit=0',
      '/api/recordings/history?limit=abc',
      '/api/recordings/history?offset=-1',
      '/api/recordings/history?limit=1000',
    ]) {
      const response = await api.get(path);
      expect(response.status, path).toBe(400);
      expect(await response.json()).toEqual({ error: expect.any(String) });
    }
    const empty = await api.get('/api/recordings/search?q=');
    expect((await empty.json()).error).toContain('Search term is required');
  });

  it('accepts a 30-minute 64 kb/s recording as base64 and refuses a larger body with 413', async () => {
    // 30 min × 64 kb/s = 14.4 MB of audio, 19.2 MB of base64.
    const long = fakeAudio('webm', 14_400_000, 12);
    const accepted = await api.post('/api/recordings/save', saveBody(long));
    expect(accepted.status).toBe(200);
    const { recording } = (await accepted.json()) as { recording: { audioByteSize: number } };
    expect(recording.audioByteSize).toBe(14_400_000);

    const tooLarge = await api.post(
      '/api/recordings/save',
      saveBody(fakeAudio('webm', 26 * 1024 * 1024, 13)),
    );
    expect(tooLarge.status).toBe(413);
    expect((await tooLarge.json()).error).toMatch(/too large/);
  });

  it('refuses an upload over MAX_UPLOAD_BYTES with 413', async () => {
    const data = form(fakeAudio('webm', 27 * 1024 * 1024, 14), JSON.stringify(without('audioData')));
    const response = await api.post('/api/recordings/save-upload', data);
    expect(response.status).toBe(413);
    expect((await response.json()).error).toMatch(/too large/);
  });
});

function form(bytes: Uint8Array | undefined, metadata: string | undefined): FormData {
  const data = new FormData();
  if (bytes) data.set('audio', new Blob([new Uint8Array(bytes)], { type: 'audio/webm' }), 'recording.webm');
  if (metadata !== undefined) data.set('metadata', metadata);
  return data;
}
