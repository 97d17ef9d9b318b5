import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clip } from '../helpers/audio-clip.js';
import { registerUser } from '../helpers/auth.js';
import { ApiClient } from '../helpers/http.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * Issue 17: graceful shutdown with jobs in this process (SQLite). services.stop() (what SIGTERM calls) stops
 * taking jobs and fails the running one cleanly — 503 with a message and Retry-After — so the recorder, which
 * still has the recording, sends it again to a server that is up.
 */
describe('shutdown with in-process jobs', () => {
  let server: TestServer;
  let engine: http.Server;

  beforeAll(async () => {
    // An OpenAI-compatible engine that takes its time, so the job is running when the server stops.
    engine = http.createServer((request, response) => {
      request.resume();
      request.on('end', () =>
        setTimeout(() => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ text: 'Temperature is normal.', language: 'english', segments: [] }));
        }, 5_000),
      );
    });
    await new Promise<void>((resolve) => engine.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(engine.address() as AddressInfo).port}/v1`;
    server = await startTestServer({
      env: { TRANSCRIPTION_PROVIDER: 'openai', OPENAI_BASE_URL: baseUrl, TRANSCRIPTION_LANGUAGES: 'en' },
    });
  });
  afterAll(async () => {
    await server?.close();
    engine.closeAllConnections();
    await new Promise((resolve) => engine.close(resolve));
  });

  it('fails the running job with 503 + Retry-After and refuses new ones', async () => {
    const client = new ApiClient(server.baseUrl);
    await registerUser(client);
    const form = new FormData();
    const audio = clip(path.resolve('../shared/eval/dev/audio/dev-03.webm'), 4);
    form.append('audio', new File([new Uint8Array(audio)], 'take.webm', { type: 'audio/webm' }));
    const id = `shutdown-${Date.now()}`;
    const accepted = await client.post('/api/transcribe', form, {
      Prefer: 'respond-async',
      'X-Request-Id': id,
    });
    expect(accepted.status).toBe(202);
    await expect
      .poll(
        async () =>
          ((await (await client.get(`/api/transcribe/progress/${id}`)).json()) as { stage: string }).stage,
        {
          timeout: 30_000,
          interval: 100,
        },
      )
      .toBe('transcribing');

    await server.services.stop();

    const progress = (await (await client.get(`/api/transcribe/progress/${id}`)).json()) as {
      stage: string;
      error: string | null;
      errorStatus: number | null;
    };
    expect(progress).toMatchObject({
      stage: 'failed',
      errorStatus: 503,
      error: 'The server is restarting; please try again in a moment',
    });

    const refused = await client.post('/api/transcribe', form, { 'X-Request-Id': `${id}-again` });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).not.toBeNull();
  });
});
