import fs from 'node:fs';
import path from 'node:path';
import { registerUser } from '../helpers/auth.js';
import { ApiClient } from '../helpers/http.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { sharedDir } from '../peers/dev-audio.js';
import { peerDir } from '../peers/whisper-peer.js';
import type { TranscribeResponse } from '#shared/schemas/transcribe.js';

/** Shared by the `local` provider tests (transcribe-local*.test.ts). */
/**
 * The `local` provider (whisper.cpp on the server, no Python) through the product's API, with a ggml model from
 * WHISPER_MODEL_PATH or the smallest multilingual ggml-*.bin under shared/models/. No registry this
 * machine reaches ships a ggml Whisper model and the model repository is not reachable, so where no file
 * exists the test says so and skips (the model manager's download paths are tested in unit tests).
 */
function findGgmlModel(): { file?: string; reason?: string } {
  const explicit = process.env.WHISPER_MODEL_PATH;
  if (explicit)
    return fs.existsSync(explicit)
      ? { file: explicit }
      : { reason: `WHISPER_MODEL_PATH=${explicit} does not exist` };
  const dir = path.join(sharedDir, 'models');
  // tests/peers/setup.sh converts the PyPI faster-whisper base model to ggml here.
  const converted = path.join(peerDir, 'models', 'ggml-base-from-ct2.bin');
  if (!fs.existsSync(dir)) {
    if (fs.existsSync(converted)) return { file: converted };
    return {
      reason: `no WHISPER_MODEL_PATH, no ${dir} folder with a ggml-*.bin model, and no ${converted} (run bash tests/peers/setup.sh)`,
    };
  }
  const candidates = fs
    .readdirSync(dir)
    .filter((f) => /^ggml-.*\.bin$/.test(f) && !f.includes('.en'))
    .map((f) => path.join(dir, f))
    .sort((a, b) => fs.statSync(a).size - fs.statSync(b).size);
  if (candidates[0]) return { file: candidates[0] };
  return fs.existsSync(converted)
    ? { file: converted }
    : { reason: `no multilingual ggml-*.bin in ${dir} and no ${converted}` };
}

const found = findGgmlModel();
export const modelFile = found.file;
if (!modelFile) console.log(`[transcribe-local] skipped: ${found.reason}`);

/** The 200 body, or an `error` when the request failed. */
export type TranscribeBody = TranscribeResponse & { error?: string };

/**
 * Greedy decoding (two cores; the default beam is benchmarked) and the product's default threads: the
 * suite runs two files at a time, and whisper.cpp given more threads than free cores stalls (issue 18).
 */
export async function startLocalServer(
  env: Record<string, string>,
): Promise<{ server: TestServer; client: ApiClient }> {
  const server = await startTestServer({
    env: {
      TRANSCRIPTION_PROVIDER: 'local',
      WHISPER_CONCURRENCY: '1',
      WHISPER_BEAM_SIZE: '1',
      ...env,
    },
  });
  const client = new ApiClient(server.baseUrl);
  await registerUser(client);
  return { server, client };
}

export function uploadForm(bytes: Uint8Array, preConsultation: Record<string, unknown> = {}): FormData {
  const form = new FormData();
  form.append('audio', new Blob([Uint8Array.from(bytes)], { type: 'audio/webm' }), 'recording.webm');
  form.append('preConsultationData', JSON.stringify(preConsultation));
  return form;
}

export async function transcribe(
  client: ApiClient,
  bytes: Uint8Array,
  preConsultation: Record<string, unknown> = {},
) {
  const response = await client.post('/api/transcribe', uploadForm(bytes, preConsultation));
  return { status: response.status, body: (await response.json()) as TranscribeBody };
}
