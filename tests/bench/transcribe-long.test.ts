import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../helpers/auth.js';
import { ApiClient } from '../helpers/http.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { devItems, loadWer, type WerResult } from '../peers/dev-audio.js';
import {
  peerUnavailableReason,
  startWhisperPeer,
  peerTranscriptionEnv,
  type WhisperPeer,
} from '../peers/whisper-peer.js';

/**
 * A 30-minute farm segment: the English dev recordings joined with pauses into one
 * WebM/Opus 64 kb/s file, as a browser would record it, transcribed through the product's API by the
 * faster-whisper peer. Checks memory, and that no words are dropped or repeated where pieces join.
 * Slow on 2 cores (~10 minutes, more on a busy machine), so not part of `npm test` (issue 14):
 * `npm run bench:transcribe-long` runs it (vitest.bench.config.ts).
 */
const unavailable = peerUnavailableReason();
if (unavailable && process.env.CI) throw new Error(`The whisper peer must be set up in CI: ${unavailable}`);
if (unavailable) console.log(`[transcribe-long] skipped: ${unavailable}`);

const TARGET_SECONDS = 30 * 60;

const normalize = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}.%/' ]+/gu, ' ')
    .split(/\s+/)
    .map((w) => w.replace(/^[.']+|[.']+$/g, ''))
    .filter(Boolean);

/** Places where a run of n words is immediately said again ("a b c a b c"), the mark of a bad join. */
function immediateRepeats(words: string[], n: number): string[] {
  const places: string[] = [];
  for (let i = 0; i + 2 * n <= words.length; i++) {
    let same = true;
    for (let k = 0; k < n && same; k++) same = words[i + k] === words[i + n + k];
    if (same) places.push(words.slice(Math.max(0, i - 4), i + 2 * n + 4).join(' '));
  }
  return places;
}

describe.skipIf(unavailable !== null)('a 30-minute recording', () => {
  let peer: WhisperPeer;
  let server: TestServer;
  let client: ApiClient;
  let wer: (reference: string, hypothesis: string) => WerResult;
  let dir: string;
  let longFile: string;
  let reference = '';
  let expectedSeconds = 0;
  let cookieHeader = '';

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'veldvet-long-'));
    const items = devItems();
    // The English recordings over and over, each followed by a 2-second pause. English only: on the
    // synthetic Afrikaans voice Whisper base loops ("ziida, ziida"), which would hide a join error.
    const english = items.filter((i) => i.language === 'en');
    const sequence = [];
    let total = 0;
    for (let i = 0; total < TARGET_SECONDS - 200; i++) {
      const item = english[i % english.length]!;
      const seconds = Number(
        execFileSync('ffprobe', [
          '-v',
          'error',
          '-show_entries',
          'format=duration',
          '-of',
          'csv=p=0',
          item.audioPath,
        ]).toString(),
      );
      if (total + seconds + 2 > TARGET_SECONDS) continue;
      sequence.push(item);
      total += seconds + 2;
      if (sequence.length > 40) break;
    }
    expectedSeconds = total;
    reference = sequence.map((item) => item.reference).join('\n');
    const inputs = sequence.flatMap((item) => ['-i', item.audioPath]);
    const filter =
      sequence
        .map((_, i) => `[${i}:a]aresample=48000,aformat=channel_layouts=mono,apad=pad_dur=2[a${i}]`)
        .join(';') +
      ';' +
      sequence.map((_, i) => `[a${i}]`).join('') +
      `concat=n=${sequence.length}:v=0:a=1[out]`;
    longFile = path.join(dir, 'farm-visit-30min.webm');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      ...inputs,
      '-filter_complex',
      filter,
      '-map',
      '[out]',
      '-c:a',
      'libopus',
      '-b:a',
      '64k',
      '-y',
      longFile,
    ]);

    peer = await startWhisperPeer({ threads: 2, beamSize: 1 });
    server = await startTestServer({
      env: { ...peerTranscriptionEnv(peer), TRANSCRIPTION_CONCURRENCY: '1' },
    });
    client = new ApiClient(server.baseUrl);
    await registerUser(client);
    cookieHeader = client.lastSetCookies.map((line) => line.split(';')[0]).join('; ');
    wer = await loadWer();
  }, 600_000);

  /**
   * Node's fetch gives up waiting for response headers after 300 s, and this request takes longer on
   * 2 cores; a plain http.request has no such limit (nor does a browser's fetch).
   */
  async function postWithoutTimeout(
    pathname: string,
    form: FormData,
  ): Promise<{ status: number; body: unknown }> {
    const encoded = new Response(form);
    const payload = Buffer.from(await encoded.arrayBuffer());
    const cookie = (await client.get('/api/auth/me')).ok ? cookieHeader : '';
    return new Promise((resolve, reject) => {
      const request = http.request(
        `${server.baseUrl}${pathname}`,
        {
          method: 'POST',
          headers: {
            'content-type': encoded.headers.get('content-type')!,
            'content-length': payload.length,
            cookie,
            'x-request-id': 'farm-visit-30min',
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }),
          );
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  }

  afterAll(async () => {
    await server?.close();
    await peer?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    'transcribes without running out of memory and without dropped or repeated words at the joins',
    async () => {
      const bytes = fs.readFileSync(longFile);
      expect(bytes.length).toBeLessThan(server.config.MAX_AUDIO_BYTES);
      const rssBefore = process.memoryUsage().rss;
      let peakRss = rssBefore;
      const sampler = setInterval(() => {
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
      }, 250);
      const form = new FormData();
      form.append('audio', new Blob([bytes], { type: 'audio/webm' }), 'recording.webm');
      form.append(
        'preConsultationData',
        JSON.stringify({ consultationType: 'Farm Visit', isFarmMode: true }),
      );
      const started = Date.now();
      const response = await postWithoutTimeout('/api/transcribe', form);
      clearInterval(sampler);
      const body = response.body as {
        transcript: string;
        durationSeconds: number;
        pieces: number;
        transcriptLanguage: string;
        error?: string;
      };
      const elapsed = (Date.now() - started) / 1000;
      expect(response.status, body.error).toBe(200);

      const score = wer(reference, body.transcript);
      const hyp = normalize(body.transcript);
      const ref = normalize(reference);
      console.log(
        `[transcribe-long] ${(body.durationSeconds / 60).toFixed(1)} min (${(bytes.length / 1e6).toFixed(1)} MB) in ${elapsed.toFixed(0)} s ` +
          `(RTF ${(elapsed / body.durationSeconds).toFixed(2)}), ${body.pieces} pieces, WER ${score.wer.toFixed(3)}, ` +
          `numbers ${score.numberRecall.toFixed(2)}, words ${hyp.length}/${ref.length}, ` +
          `peak RSS growth ${((peakRss - rssBefore) / 1e6).toFixed(0)} MB`,
      );
      expect(body.durationSeconds).toBeGreaterThan(expectedSeconds - 5);
      expect(body.durationSeconds).toBeLessThanOrEqual(TARGET_SECONDS);
      expect(body.pieces).toBeGreaterThan(50);
      // Memory: 30 minutes of 16 kHz PCM is 58 MB; the whole request must stay far from trouble.
      expect(peakRss - rssBefore).toBeLessThan(600e6);
      // Nothing dropped: as many words as the script, within a few percent, and a good overall WER.
      expect(hyp.length / ref.length).toBeGreaterThan(0.93);
      expect(hyp.length / ref.length).toBeLessThan(1.07);
      // Nothing said twice where pieces meet: no more immediate repeats of 3-word runs than the script has.
      const repeats = immediateRepeats(hyp, 3);
      if (repeats.length) console.log(`[transcribe-long] repeated runs:\n  ${repeats.join('\n  ')}`);
      expect(repeats.length).toBeLessThanOrEqual(immediateRepeats(ref, 3).length);
      // The English files score ~0.14 one by one; the gate catches broken joins, not model quality.
      expect(score.wer).toBeLessThan(0.25);
    },
    45 * 60_000,
  );
});
