import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '../../api/audio/wav.js';
import { loadConfig } from '../../api/config.js';
import { registerUser } from '../helpers/auth.js';
import { ApiClient } from '../helpers/http.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { repoRoot } from '../peers/whisper-peer.js';

/**
 * Bad uploads to POST /api/transcribe: each a clear 4xx `{ error }`, never a 5xx, and the server keeps
 * serving. The provider points at a port nothing listens on, so a valid recording shows how an engine
 * failure reaches the recorder's banner.
 */
const LIMIT = 2_000_000;
const devAudio = path.resolve(repoRoot, '..', 'shared', 'eval', 'dev', 'audio', 'dev-01.webm');

function tone(seconds: number): Buffer {
  const pcm = new Int16Array(16_000 * seconds);
  for (let i = 0; i < pcm.length; i++)
    pcm[i] = Math.round(8000 * Math.sin((2 * Math.PI * 220 * i) / 16_000) * (0.6 + 0.4 * Math.sin(i / 800)));
  return encodeWav(pcm, 16_000);
}

let server: TestServer;
let client: ApiClient;
let deadPort: number;

beforeAll(async () => {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  deadPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  server = await startTestServer({
    env: {
      TRANSCRIPTION_PROVIDER: 'openai',
      OPENAI_BASE_URL: `http://127.0.0.1:${deadPort}/v1`,
      MAX_AUDIO_BYTES: String(LIMIT),
      TRANSCRIPTION_TIMEOUT_SECONDS: '5',
    },
  });
  client = new ApiClient(server.baseUrl);
  await registerUser(client);
});

afterAll(async () => {
  await server?.close();
});

function form(
  file?: { bytes: Uint8Array; name: string; type: string },
  extra: Record<string, string> = {},
): FormData {
  const body = new FormData();
  // Copied into a plain ArrayBuffer: Blob's typings refuse views over a possibly shared buffer.
  if (file) body.append('audio', new Blob([Uint8Array.from(file.bytes)], { type: file.type }), file.name);
  for (const [key, value] of Object.entries(extra)) body.append(key, value);
  return body;
}

async function expectClientError(response: Response, status: number, message: RegExp) {
  const body = (await response.json()) as { error?: string };
  expect({ status: response.status, body }).toMatchObject({
    status,
    body: { error: expect.stringMatching(message) },
  });
}

describe('POST /api/transcribe refuses bad input clearly', () => {
  it('requires a signed-in user', async () => {
    const anonymous = new ApiClient(server.baseUrl);
    await expectClientError(
      await anonymous.post('/api/transcribe', form({ bytes: tone(1), name: 'a.wav', type: 'audio/wav' })),
      401,
      /Not authenticated/,
    );
  });

  it('empty file → 400', async () => {
    await expectClientError(
      await client.post(
        '/api/transcribe',
        form({ bytes: new Uint8Array(), name: 'recording.webm', type: 'audio/webm' }),
      ),
      400,
      /empty/,
    );
  });

  it('a text file renamed .webm → 415 (judged by its bytes, not its name or type)', async () => {
    const text = new TextEncoder().encode(
      'Patient notes: Max, vomiting. This is not audio at all.\n'.repeat(20),
    );
    await expectClientError(
      await client.post(
        '/api/transcribe',
        form({ bytes: text, name: 'recording.webm', type: 'audio/webm;codecs=opus' }),
      ),
      415,
      /not a supported audio recording.*WebM/,
    );
  });

  it('a truncated WebM → 422', async () => {
    const whole = fs.readFileSync(devAudio);
    const cut = whole.subarray(0, Math.floor(whole.length / 3));
    await expectClientError(
      await client.post('/api/transcribe', form({ bytes: cut, name: 'recording.webm', type: 'audio/webm' })),
      422,
      /truncated/,
    );
    // Only the header survived: undecodable.
    await expectClientError(
      await client.post(
        '/api/transcribe',
        form({ bytes: whole.subarray(0, 300), name: 'recording.webm', type: 'audio/webm' }),
      ),
      422,
      /could not be decoded|truncated|no sound/,
    );
  });

  it('twice the size limit → 413, before the body is read into memory', async () => {
    const big = new Uint8Array(LIMIT * 2);
    big.set([0x1a, 0x45, 0xdf, 0xa3]);
    await expectClientError(
      await client.post('/api/transcribe', form({ bytes: big, name: 'recording.webm', type: 'audio/webm' })),
      413,
      /too large/,
    );
  });

  it('a file just over the limit inside an allowed body → 413 from the audio check', async () => {
    const over = new Uint8Array(LIMIT + 10);
    over.set([0x1a, 0x45, 0xdf, 0xa3]);
    await expectClientError(
      await client.post('/api/transcribe', form({ bytes: over, name: 'recording.webm', type: 'audio/webm' })),
      413,
      /too large \(limit 2 MB\)/,
    );
  });

  it('missing audio field, a JSON body, and malformed preConsultationData → 400', async () => {
    await expectClientError(
      await client.post('/api/transcribe', form(undefined, { preConsultationData: '{}' })),
      400,
      /form field 'audio'/,
    );
    await expectClientError(
      await client.post('/api/transcribe', { audio: 'base64…' }),
      400,
      /multipart\/form-data/,
    );
    await expectClientError(
      await client.post(
        '/api/transcribe',
        form({ bytes: tone(1), name: 'a.wav', type: 'audio/wav' }, { preConsultationData: '{oops' }),
      ),
      400,
      /preConsultationData must be a JSON object/,
    );
  });

  it('a bad X-Request-Id → 400; an unknown progress id → 404', async () => {
    await expectClientError(
      await client.post('/api/transcribe', form({ bytes: tone(1), name: 'a.wav', type: 'audio/wav' }), {
        'x-request-id': 'bad id!',
      }),
      400,
      /X-Request-Id/,
    );
    await expectClientError(
      await client.get('/api/transcribe/progress/nope-nope-nope'),
      404,
      /No transcription/,
    );
  });

  it("an unreachable engine → 503 whose text says why (shown in the recorder's banner), progress marked failed", async () => {
    const response = await client.post(
      '/api/transcribe',
      form({ bytes: tone(3), name: 'a.wav', type: 'audio/wav' }),
      { 'x-request-id': 'job-unreachable-1' },
    );
    await expectClientError(
      response,
      503,
      /^Transcription failed: the transcription server could not be reached/,
    );
    const progress = await client.get('/api/transcribe/progress/job-unreachable-1');
    expect(await progress.json()).toMatchObject({
      stage: 'failed',
      error: expect.stringMatching(/could not be reached/),
    });
  });

  it('async mode (Prefer: respond-async): bad uploads still fail at once; engine failures show in progress', async () => {
    const text = new TextEncoder().encode('not audio '.repeat(50));
    await expectClientError(
      await client.post('/api/transcribe', form({ bytes: text, name: 'r.webm', type: 'audio/webm' }), {
        prefer: 'respond-async',
      }),
      415,
      /not a supported audio recording/,
    );
    const accepted = await client.post(
      '/api/transcribe',
      form({ bytes: tone(3), name: 'a.wav', type: 'audio/wav' }),
      {
        prefer: 'respond-async',
        'x-request-id': 'job-async-0001',
      },
    );
    expect(accepted.status).toBe(202);
    expect(await accepted.json()).toEqual({
      id: 'job-async-0001',
      stage: 'receiving',
      progressUrl: '/api/transcribe/progress/job-async-0001',
    });
    let progress: { stage: string; error: string | null; errorStatus: number | null } = {
      stage: 'receiving',
      error: null,
      errorStatus: null,
    };
    for (let i = 0; i < 100 && progress.stage !== 'failed' && progress.stage !== 'done'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      progress = (await (
        await client.get('/api/transcribe/progress/job-async-0001')
      ).json()) as typeof progress;
    }
    expect(progress).toMatchObject({
      stage: 'failed',
      errorStatus: 503,
      error: expect.stringMatching(/could not be reached/),
    });
    // Another user cannot read it.
    const other = new ApiClient(server.baseUrl);
    await registerUser(other);
    expect((await other.get('/api/transcribe/progress/job-async-0001')).status).toBe(404);
  });

  it('is still healthy after all of that', async () => {
    expect((await client.get('/api/health')).status).toBe(200);
    await expectClientError(
      await client.post(
        '/api/transcribe',
        form({ bytes: new Uint8Array(), name: 'r.webm', type: 'audio/webm' }),
      ),
      400,
      /empty/,
    );
  });
});

describe('transcription configuration', () => {
  it('defaults the upload limit to a 30-minute 64 kb/s recording with margin, and the provider to openai', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.MAX_AUDIO_BYTES).toBeGreaterThanOrEqual(1.5 * ((30 * 60 * 64_000) / 8));
    expect(config.MAX_AUDIO_BYTES).toBeLessThanOrEqual(25 * 1024 * 1024); // still under OpenAI's own 25 MB
    expect(config.TRANSCRIPTION_PROVIDER).toBe('openai');
    expect(config.TRANSCRIPTION_LANGUAGES).toBe('af,en');
    expect(() => loadConfig({ TRANSCRIPTION_PROVIDER: 'azure' })).toThrow(/TRANSCRIPTION_PROVIDER/);
  });
});
