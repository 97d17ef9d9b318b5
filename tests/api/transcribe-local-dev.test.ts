import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/http.js';
import type { TestServer } from '../helpers/server.js';
import { transcribeAsync } from '../helpers/transcribe-async.js';
import { expectContractQuality } from '../helpers/transcription-gates.js';
import { CONTRACT_DEV_SET, devItems, loadWer, type DevItem, type WerResult } from '../peers/dev-audio.js';
import { modelFile, startLocalServer, uploadForm, type TranscribeBody } from './local-whisper.js';

/** The `local` provider's contract: a whole dev recording through POST /api/transcribe on whisper.cpp. */
describe.skipIf(!modelFile)('local provider: whole recordings', () => {
  let server: TestServer;
  let client: ApiClient;
  let wer: (reference: string, hypothesis: string) => WerResult;
  // One whole English recording in `npm test`: whisper.cpp base reads Afrikaans espeak at several times real
  // time on two cores (its fallback ladder), which alone took 10+ minutes of the suite. The Afrikaans and
  // mixed contract runs on the peer-backed provider (transcribe-openai); every dev file on both providers is
  // in `npm run bench:transcribe`, and TRANSCRIBE_ALL_DEV=1 (or TRANSCRIBE_LOCAL_DEV=dev-07,…) brings them here.
  const localDev = process.env.TRANSCRIBE_LOCAL_DEV?.split(',') ?? [CONTRACT_DEV_SET[0]];
  const items = devItems().filter((item) => process.env.TRANSCRIBE_ALL_DEV || localDev.includes(item.id));

  beforeAll(async () => {
    ({ server, client } = await startLocalServer({ WHISPER_MODEL_PATH: modelFile! }));
    wer = await loadWer();
  });

  afterAll(async () => {
    await server?.close();
  });

  it.each(items.map((item) => [item.id, item.language, item] as const))(
    '%s (%s) transcribes through POST /api/transcribe',
    async (id, language, item: DevItem) => {
      const started = Date.now();
      // Whole recordings take minutes on a busy machine: answered at once (202) and polled (issue 14).
      const { status, body } = await transcribeAsync<TranscribeBody>(
        client,
        uploadForm(fs.readFileSync(item.audioPath), item.preConsultation),
      );
      expect(status, body.error).toBe(200);
      const score = wer(item.reference, body.transcript);
      console.log(
        `[transcribe-local] ${id} ${language}: ${body.durationSeconds}s audio in ${((Date.now() - started) / 1000).toFixed(1)}s, ` +
          `${body.pieces} pieces, language=${body.transcriptLanguage}, WER ${score.wer.toFixed(3)}, numbers ${score.numberRecall.toFixed(2)}`,
      );
      expectContractQuality(language, body, score);
    },
    // Generous: whisper.cpp on two busy cores has run at several times real time (issue 14).
    1_800_000,
  );
});
