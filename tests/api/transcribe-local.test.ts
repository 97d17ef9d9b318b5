import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
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

/** The first seconds of dev-03 as its own WebM, the way a browser records it. */
function clip(source: string, seconds: number): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'veldvet-clip-'));
  const out = path.join(dir, 'clip.webm');
  execFileSync('ffmpeg', ['-v', 'error', '-i', source, '-t', String(seconds), '-c:a', 'libopus', '-b:a', '64k', '-y', out]);
  const bytes = fs.readFileSync(out);
  fs.rmSync(dir, { recursive: true, force: true });
  return bytes;
}

describe.skipIf(!modelFile)('local provider (whisper.cpp in-process)', () => {
  let server: TestServer;
  let client: ApiClient;
  let wer: (reference: string, hypothesis: string) => WerResult;
  // The prebuilt binary runs ~45 s per 30-second window on this machine, so by default a short clip;
  // TRANSCRIBE_ALL_DEV=1 runs whole dev files too.
  const items = process.env.TRANSCRIBE_ALL_DEV ? devItems() : [];

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

  async function post(bytes: Uint8Array, preConsultation: Record<string, unknown> = {}) {
    const form = new FormData();
    form.append('audio', new Blob([Uint8Array.from(bytes)], { type: 'audio/webm' }), 'recording.webm');
    form.append('preConsultationData', JSON.stringify(preConsultation));
    return client.post('/api/transcribe', form);
  }

  it('transcribes a spoken clip, and the API stays responsive meanwhile', async () => {
    const dev03 = devItems().find((item) => item.id === 'dev-03')!;
    const pending = post(clip(dev03.audioPath, 8), dev03.preConsultation);
    // whisper.cpp works off the event loop: health answers quickly while it transcribes.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const started = Date.now();
    expect((await client.get('/api/health')).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
    const response = await pending;
    const body = (await response.json()) as { transcript: string; transcriptLanguage: string; provider: string; error?: string };
    console.log(`[transcribe-local] clip: ${JSON.stringify(body.transcript)} (${body.transcriptLanguage})`);
    expect(response.status, body.error).toBe(200);
    expect(body.transcriptLanguage).toBe('en');
    expect(body.transcript.toLowerCase()).toContain('who is this little one');
    expect(body.provider).toBe('Whisper (on this server)');
  }, 600_000);

  it.each(items.map((item) => [item.id, item.language, item] as const))(
    '%s (%s) transcribes',
    async (id, language, item) => {
      const response = await post(fs.readFileSync(item.audioPath), item.preConsultation);
      const body = (await response.json()) as { transcript: string; transcriptLanguage: string; error?: string };
      expect(response.status, body.error).toBe(200);
      const score = wer(item.reference, body.transcript);
      console.log(`[transcribe-local] ${id} ${language}: language=${body.transcriptLanguage} WER ${score.wer.toFixed(3)} numbers ${score.numberRecall.toFixed(2)}`);
      if (language === 'en') expect(score.wer).toBeLessThan(0.35);
    },
    3_600_000,
  );
});
