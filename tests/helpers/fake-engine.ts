import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small OpenAI-compatible transcription server (`POST /v1/audio/transcriptions`) for browser tests that
 * need the product's real server to transcribe without a Whisper model: 'ok' answers `transcript`, 'busy'
 * answers 429, which the product's server turns into a 503 for the app, as with a real overloaded engine.
 */
export interface FakeEngine {
  baseUrl: string;
  mode: 'ok' | 'busy';
  calls: number;
  /** Environment for startTestServer. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export const CONSULTATION_TRANSCRIPT =
  'Biscuit the Labrador has been vomiting for two days and is not eating. Temperature is 39.4 degrees. ' +
  'Mild abdominal pain on palpation. Assessment: acute gastritis. Plan: maropitant 1 mg per kg once daily ' +
  'for three days and a bland diet.';

export async function startFakeEngine(transcript = CONSULTATION_TRANSCRIPT): Promise<FakeEngine> {
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      engine.calls += 1;
      if (engine.mode === 'busy') {
        response.writeHead(429, { 'content-type': 'application/json', 'retry-after-ms': '1' });
        response.end(JSON.stringify({ error: { message: 'engine busy' } }));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          text: transcript,
          language: 'english',
          segments: [{ start: 0, end: 3, text: transcript, avg_logprob: -0.2 }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  const engine: FakeEngine = {
    baseUrl,
    mode: 'ok',
    calls: 0,
    env: {
      TRANSCRIPTION_PROVIDER: 'openai',
      OPENAI_BASE_URL: baseUrl,
      TRANSCRIPTION_MODEL: 'whisper-base',
      TRANSCRIPTION_LANGUAGES: 'en',
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return engine;
}
