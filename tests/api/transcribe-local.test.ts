import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../helpers/auth.js';
import { ApiClient } from '../helpers/http.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { devItems, loadWer, sharedDir, type WerResult } from '../peers/dev-audio.js';
import { peerDir } from '../peers/whisper-peer.js';

/**
 * The `local` provider (whisper.cpp in-process) through the product's API, with a ggml model from
 * WHISPER_MODEL_PATH or the smallest multilingual ggml-*.bin under shared/models/. No registry this
 * machine reaches ships a ggml Whisper model and the model repository is not reachable, so where no file
 * exists the test says so and skips (the model manager's download paths are tested in unit tests).
 */
function findGgmlModel(): { file?: string; reason?: string } {
  const explicit = process.env.WHISPER_MODEL_PATH;
  if (explicit) return fs.existsSync(explicit) ? { file: explicit } : { reason: `WHISPER_MODEL_PATH=${explicit} does not exist` };
  const dir = path.join(sharedDir, 'models');
  // tests/peers/setup.sh converts the PyPI faster-whisper base model to ggml here.
  const converted = path.join(peerDir, 'models', 'ggml-base-from-ct2.bin');
  if (!fs.existsSync(dir)) {
    if (fs.existsSync(converted)) return { file: converted };
    return { reason: `no WHISPER_MODEL_PATH, no ${dir} folder with a ggml-*.bin model, and no ${converted} (run bash tests/peers/setup.sh)` };
  }
  const candidates = fs
    .readdirSync(dir)
    .filter((f) => /^ggml-.*\.bin$/.test(f) && !f.includes('.en'))
    .map((f) => path.join(dir, f))
    .sort((a, b) => fs.statSync(a).size - fs.statSync(b).size);
  if (candidates[0]) return { file: candidates[0] };
  return fs.existsSync(converted) ? { file: converted } : { reason: `no multilingual ggml-*.bin in ${dir} and no ${converted}` };
}

const { file: modelFile, reason } = findGgmlModel();
if (!modelFile) console.log(`[transcribe-local] skipped: ${reason}`);

describe.skipIf(!modelFile)('local provider (whisper.cpp in-process)', () => {
  let server: TestServer;
  let client: ApiClient;
  let wer: (reference: string, hypothesis: string) => WerResult;
  const items = devItems().filter((item) => process.env.TRANSCRIBE_ALL_DEV || ['dev-03', 'dev-07', 'dev-11'].includes(item.id));

  beforeAll(async () => {
    server = await startTestServer({
      env: { TRANSCRIPTION_PROVIDER: 'local', WHISPER_MODEL_PATH: modelFile!, WHISPER_THREADS: '2', WHISPER_CONCURRENCY: '1' },
    });
    client = new ApiClient(server.baseUrl);
    await registerUser(client);
    wer = await loadWer();
  });

  afterAll(async () => {
    await server?.close();
  });

  it.each(items.map((item) => [item.id, item.language, item] as const))(
    '%s (%s) transcribes, and the API stays responsive meanwhile',
    async (id, language, item) => {
      const form = new FormData();
      form.append('audio', new Blob([fs.readFileSync(item.audioPath)], { type: 'audio/webm' }), 'recording.webm');
      form.append('preConsultationData', JSON.stringify(item.preConsultation));
      const pending = client.post('/api/transcribe', form);
      // whisper.cpp works off the event loop: health answers quickly while it transcribes.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const started = Date.now();
      expect((await client.get('/api/health')).status).toBe(200);
      expect(Date.now() - started).toBeLessThan(500);
      const response = await pending;
      const body = (await response.json()) as { transcript: string; transcriptLanguage: string; error?: string };
      expect(response.status, body.error).toBe(200);
      const score = wer(item.reference, body.transcript);
      console.log(`[transcribe-local] ${id} ${language}: language=${body.transcriptLanguage} WER ${score.wer.toFixed(3)} numbers ${score.numberRecall.toFixed(2)}`);
      expect(body.transcript.length).toBeGreaterThan(50);
      if (language === 'en') expect(score.wer).toBeLessThan(0.35);
    },
    900_000,
  );
});
