import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUMBER_STYLE, WHISPER_PROMPT_TOKENS, promptTokenBound } from '../../api/transcription/vocabulary.js';
import { clip } from '../helpers/audio-clip.js';
import { registerUser } from '../helpers/auth.js';
import { ApiClient } from '../helpers/http.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { devItems } from '../peers/dev-audio.js';

/**
 * The practice vocabulary from Settings reaches the engine's prompt, per practice. The engine here is a
 * small OpenAI-compatible HTTP server that keeps the prompts it is sent (what is under test is what the
 * API sends, over real HTTP both ways), answering every piece with the same words.
 */
describe('practice vocabulary in the transcription prompt', () => {
  const prompts: string[] = [];
  let engine: http.Server;
  let server: TestServer;

  beforeAll(async () => {
    engine = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        void new Response(Buffer.concat(chunks), {
          headers: { 'content-type': req.headers['content-type'] ?? '' },
        })
          .formData()
          .then((form) => {
            prompts.push(String(form.get('prompt') ?? ''));
            res.setHeader('content-type', 'application/json');
            res.end(JSON.stringify({ text: 'The cow had methodonate.', language: 'english', segments: [] }));
          });
      });
    });
    await new Promise<void>((resolve) => engine.listen(0, '127.0.0.1', resolve));
    const port = (engine.address() as AddressInfo).port;
    server = await startTestServer({
      env: {
        TRANSCRIPTION_PROVIDER: 'openai',
        OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`,
        TRANSCRIPTION_MODEL: 'whisper-base',
      },
    });
  });

  afterAll(async () => {
    await server?.close();
    await new Promise<void>((resolve) => engine?.close(() => resolve()));
  });

  async function transcribe(client: ApiClient, audio: Buffer): Promise<Response> {
    const form = new FormData();
    form.append('audio', new Blob([new Uint8Array(audio)], { type: 'audio/webm' }), 'recording.webm');
    form.append(
      'preConsultationData',
      JSON.stringify({ patientName: 'Koei 52', clientName: 'Pieter Joubert' }),
    );
    return client.post('/api/transcribe', form);
  }

  it("sends the practice's own terms with the consultation's names, only for that practice", async () => {
    const audio = clip(devItems().find((item) => item.id === 'dev-11')!.audioPath, 4);
    const vet = new ApiClient(server.baseUrl);
    await registerUser(vet);
    const saved = await vet.request('PUT', '/api/settings/practice', {
      practiceVocabulary: 'Drakensig farm\nSynulox, Bonsmara',
    });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { practiceVocabulary: string }).practiceVocabulary).toBe(
      'Drakensig farm\nSynulox, Bonsmara',
    );

    const response = await transcribe(vet, audio);
    expect(response.status).toBe(200);
    // The clinical-lexicon pass comes back with the transcript, which it leaves as heard.
    const body = (await response.json()) as {
      transcript: string;
      suggestions: Array<{ heard: string; suggestion: string }>;
    };
    expect(body.transcript).toContain('methodonate');
    expect(body.suggestions).toEqual([
      expect.objectContaining({ heard: 'methodonate', suggestion: 'methadone' }),
    ]);
    // One piece, so the opening prompt: the names first (a recording opening with them is not skipped).
    const prompt = prompts.at(-1)!;
    expect(
      prompt.startsWith(
        `Koei 52, Pieter Joubert, Drakensig farm, Synulox, Bonsmara, ${NUMBER_STYLE.join(', ')}, meloxicam, `,
      ),
    ).toBe(true);
    expect(prompt).toMatch(/meloxicam/);
    expect(promptTokenBound(prompt)).toBeLessThanOrEqual(WHISPER_PROMPT_TOKENS);

    // Another practice's recording does not carry this practice's vocabulary.
    const other = new ApiClient(server.baseUrl);
    await registerUser(other);
    expect((await transcribe(other, audio)).status).toBe(200);
    expect(prompts.at(-1)).not.toMatch(/Drakensig|Synulox/);
  });

  it('refuses a practice vocabulary over its limit with a 400', async () => {
    const vet = new ApiClient(server.baseUrl);
    await registerUser(vet);
    const response = await vet.request('PUT', '/api/settings/practice', {
      practiceVocabulary: 'x'.repeat(4001),
    });
    expect(response.status).toBe(400);
    expect((await vet.request('PUT', '/api/settings/practice', { practiceVocabulary: '' })).status).toBe(200);
  });
});
