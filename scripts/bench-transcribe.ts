/**
 * npm run bench:transcribe — transcription quality and speed on the dev audio (shared/eval/dev/audio).
 *
 * Prints per language: word error rate and clinical-number recall (shared/tools/score.mjs's `wer`), the
 * median real-time factor over the files (seconds of wall-clock compute per second of audio) on this
 * machine, and that median as a multiple of faster-whisper's over the same files in the same run, for:
 *   - the `openai` provider through the product pipeline (decode, pause-split, prompt, stitch) against the
 *     faster-whisper peer (tests/peers, multilingual base, int8);
 *   - the `local` provider (whisper.cpp on the server) for each ggml model found (WHISPER_MODEL_PATH,
 *     shared/models/, WHISPER_MODELS_DIR) and each binding: @napi-rs/whisper (AVX2) on every file,
 *     @fugood/whisper.node (SSE, any x86-64) on BENCH_PORTABLE_FILES; or a line saying why there is none;
 *   - faster-whisper itself as the reference: each whole file posted to the same peer (same model, int8,
 *     same threads), its own 30-second windowing, no prompt.
 * The product pipeline's transcripts are written to .cache/eval/whisper/NAME.txt, where `npm run eval:notes`
 * picks them up. Also printed per engine and language: how many seconds of audio the pipeline sent to the
 * engine per second recorded ("audio read", 1.00 = every piece read once: re-readings cost the rest).
 * Environment: BENCH_SCRIPTS=tests/fixtures/notes/blind-2 (a held-out set, spoken on first use), BENCH_PROMPT=off
 * (no vocabulary prompt, as TRANSCRIPTION_PROMPT=off), BENCH_FILES=dev-01,dev-06 (default: all), BENCH_PORTABLE_FILES (dev-11, the shortest),
 * BENCH_LOCAL_FILES (default: all), BENCH_LOCAL_MODELS (ggml file names; default: all), BENCH_THREADS (2), BENCH_BEAM (1), BENCH_PIECE_SECONDS (28), BENCH_SKIP_PEER_DIRECT=1. Needs `bash tests/peers/setup.sh` first.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LocalWhisperProvider } from '../api/providers/transcription/local-provider.js';
import { WhisperModelManager } from '../api/providers/transcription/model-manager.js';
import { OpenAiTranscriptionProvider } from '../api/providers/transcription/openai-provider.js';
import type { TranscriptionProvider } from '../api/providers/transcription/types.js';
import { TranscriptionService } from '../api/services/transcription-service.js';
import {
  devItems,
  loadWer,
  sharedDir,
  synthesizedItems,
  type DevItem,
  type WerResult,
} from '../tests/peers/dev-audio.js';
import { peerDir, peerUnavailableReason, startWhisperPeer } from '../tests/peers/whisper-peer.js';

const threads = Number(process.env.BENCH_THREADS ?? 2);
const beam = Number(process.env.BENCH_BEAM ?? 1);
// The service's piece length (TRANSCRIPTION_PIECE_SECONDS; 28 by default).
const pieceSeconds = Number(process.env.BENCH_PIECE_SECONDS ?? 28);
const only = process.env.BENCH_FILES?.split(',').map((s) => s.trim());
// BENCH_SCRIPTS=tests/fixtures/notes/blind-2: a held-out set of the project's own scripts, spoken on
// first use (synthesizedItems), instead of the given dev audio.
const heldOut = process.env.BENCH_SCRIPTS ? path.resolve(process.env.BENCH_SCRIPTS) : undefined;
const allItems = heldOut ? synthesizedItems(heldOut) : devItems();
const items = allItems.filter((item) => !only || only.includes(item.id));
// The portable (SSE-only) whisper.cpp build is about 12× slower than the AVX2 one: by default one file.
const portableOnly = (process.env.BENCH_PORTABLE_FILES ?? 'dev-11').split(',').map((s) => s.trim());
const portableItems = allItems.filter((item) => portableOnly.includes(item.id));
// The AVX2 build on every file unless BENCH_LOCAL_FILES names fewer (a loaded machine cannot afford all).
const localOnly = process.env.BENCH_LOCAL_FILES?.split(',').map((s) => s.trim());
const localItems = items.filter((item) => !localOnly || localOnly.includes(item.id));
const transcriptDir = path.resolve('.cache', 'eval', 'whisper');

interface FileResult {
  id: string;
  language: DevItem['language'];
  audioSeconds: number;
  wallSeconds: number;
  /** Seconds of audio sent to the engine (every reading of every piece); absent for whole-file runs. */
  readSeconds?: number;
  score: WerResult;
  detected: string | null;
}

interface Row {
  engine: string;
  results: FileResult[];
  note?: string;
}

/** Counts the seconds of audio each reading sends, so re-reading shows apart from the engine's speed. */
function countingReadings(
  provider: TranscriptionProvider,
): TranscriptionProvider & { readSeconds: number; calls: number } {
  const counted = {
    id: provider.id,
    maxPieceSeconds: provider.maxPieceSeconds,
    readSeconds: 0,
    calls: 0,
    transcribe: (input: Parameters<TranscriptionProvider['transcribe']>[0]) => {
      counted.readSeconds += input.pcm.length / input.sampleRate;
      counted.calls++;
      return provider.transcribe(input);
    },
  };
  return counted;
}

async function runService(
  engine: TranscriptionProvider,
  concurrency: number,
  wer: (r: string, h: string) => WerResult,
  subset: DevItem[] = items,
  saveTranscripts = false,
): Promise<FileResult[]> {
  const provider = countingReadings(engine);
  const service = new TranscriptionService(provider, {
    maxAudioBytes: 64 * 1024 * 1024,
    maxAudioSeconds: 3 * 3600,
    pieceSeconds,
    concurrency,
    languages: ['af', 'en'],
    prompt: process.env.BENCH_PROMPT !== 'off',
  });
  const results: FileResult[] = [];
  for (const item of subset) {
    provider.readSeconds = 0;
    provider.calls = 0;
    const started = performance.now();
    const result = await service.transcribe({
      audio: fs.readFileSync(item.audioPath),
      preConsultation: item.preConsultation,
    });
    const wallSeconds = (performance.now() - started) / 1000;
    const score = wer(item.reference, result.transcript);
    if (saveTranscripts) {
      fs.mkdirSync(transcriptDir, { recursive: true });
      fs.writeFileSync(path.join(transcriptDir, `${item.id}.txt`), `${result.transcript}\n`);
    }
    results.push({
      id: item.id,
      language: item.language,
      audioSeconds: result.durationSeconds,
      wallSeconds,
      readSeconds: provider.readSeconds,
      score,
      detected: result.transcriptLanguage,
    });
    log(
      `  ${item.id} ${item.language}: WER ${score.wer.toFixed(3)} numbers ${score.numberRecall.toFixed(2)} RTF ${(wallSeconds / result.durationSeconds).toFixed(3)} audio read ${(provider.readSeconds / result.durationSeconds).toFixed(2)} in ${provider.calls} readings of ${result.pieces} pieces (${result.transcriptLanguage})`,
    );
  }
  return results;
}

/** faster-whisper's own path: the whole WebM to the peer, no product pre-processing. */
async function runPeerDirect(
  baseUrl: string,
  wer: (r: string, h: string) => WerResult,
  subset: DevItem[] = items,
): Promise<{ wall: FileResult[]; compute: FileResult[] }> {
  const wall: FileResult[] = [];
  const compute: FileResult[] = [];
  for (const item of subset) {
    const form = new FormData();
    form.append(
      'file',
      new Blob([fs.readFileSync(item.audioPath)], { type: 'audio/webm' }),
      `${item.id}.webm`,
    );
    form.append('model', 'whisper-base');
    form.append('response_format', 'verbose_json');
    form.append('temperature', '0');
    const started = performance.now();
    const response = await fetch(`${baseUrl}/audio/transcriptions`, { method: 'POST', body: form });
    const wallSeconds = (performance.now() - started) / 1000;
    const body = (await response.json()) as { text: string; language: string; duration: number };
    const computeSeconds = Number(response.headers.get('x-compute-seconds') ?? wallSeconds);
    const score = wer(item.reference, body.text);
    const base = {
      id: item.id,
      language: item.language,
      audioSeconds: body.duration,
      score,
      detected: body.language,
    };
    wall.push({ ...base, wallSeconds });
    compute.push({ ...base, wallSeconds: computeSeconds });
    log(
      `  ${item.id} ${item.language}: WER ${score.wer.toFixed(3)} numbers ${score.numberRecall.toFixed(2)} RTF ${(wallSeconds / body.duration).toFixed(3)} (${body.language})`,
    );
  }
  return { wall, compute };
}

function ggmlModels(): string[] {
  const found = new Set<string>();
  if (process.env.WHISPER_MODEL_PATH && fs.existsSync(process.env.WHISPER_MODEL_PATH))
    found.add(process.env.WHISPER_MODEL_PATH);
  for (const dir of [
    path.join(sharedDir, 'models'),
    process.env.WHISPER_MODELS_DIR,
    path.resolve('data', 'models'),
    path.join(peerDir, 'models'),
  ]) {
    if (!dir || !fs.existsSync(dir)) continue;
    for (const f of fs.readdirSync(dir)) if (/^ggml-.*\.bin$/.test(f)) found.add(path.join(dir, f));
  }
  return [...found];
}

const log = (line: string) => process.stderr.write(`${line}\n`);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function aggregate(results: FileResult[], language: string) {
  const subset = results.filter((r) => language === 'all' || r.language === language);
  if (subset.length === 0) return null;
  const errors = subset.reduce((s, r) => s + r.score.errors, 0);
  const words = subset.reduce((s, r) => s + r.score.refWords, 0);
  const numbers = subset.reduce((s, r) => s + r.score.numbers, 0);
  const found = subset.reduce((s, r) => s + r.score.numbers * r.score.numberRecall, 0);
  const audio = subset.reduce((s, r) => s + r.audioSeconds, 0);
  const read = subset.every((r) => r.readSeconds !== undefined)
    ? subset.reduce((s, r) => s + r.readSeconds!, 0) / audio
    : undefined;
  return {
    read,
    wer: errors / words,
    numberRecall: numbers ? found / numbers : 1,
    medianRtf: median(subset.map((r) => r.wallSeconds / r.audioSeconds)),
    audio,
    files: subset.length,
  };
}

/**
 * An engine's median RTF over the files of one language it ran, divided by the reference's median RTF
 * over the same files in this run: how many times faster-whisper's own compute the engine needs.
 */
function ratioToReference(row: Row, reference: Row | undefined, language: string): string {
  if (!reference || row === reference) return '';
  const own = row.results.filter((r) => language === 'all' || r.language === language);
  const ids = new Set(own.map((r) => r.id));
  const peer = reference.results.filter((r) => ids.has(r.id));
  if (own.length === 0 || peer.length === 0) return '';
  const rtf = (results: FileResult[]) => median(results.map((r) => r.wallSeconds / r.audioSeconds));
  return `${(rtf(own) / rtf(peer)).toFixed(2)}×`;
}

function table(rows: Row[], reference: Row | undefined): string {
  const lines = [
    '| engine | language | files | audio s | WER | number recall | median RTF | × peer RTF | audio read |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    if (row.results.length === 0) {
      lines.push(`| ${row.engine} | — | — | — | — | — | ${row.note ?? 'not run'} | | |`);
      continue;
    }
    for (const language of ['en', 'af', 'mixed', 'all']) {
      const a = aggregate(row.results, language);
      if (!a) continue;
      const ratio = ratioToReference(row, reference, language);
      lines.push(
        `| ${row.engine} | ${language} | ${a.files} | ${a.audio.toFixed(0)} | ${a.wer.toFixed(3)} | ${a.numberRecall.toFixed(2)} | ${a.medianRtf.toFixed(3)} | ${ratio} | ${a.read === undefined ? '' : `${a.read.toFixed(2)}×`} |`,
      );
    }
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const unavailable = peerUnavailableReason();
  if (unavailable) throw new Error(`the faster-whisper peer is not set up: ${unavailable}`);
  const wer = await loadWer();
  log(
    `bench:transcribe — ${items.length} files, ${threads} threads, beam ${beam}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'})`,
  );
  const rows: Row[] = [];
  let reference: Row | undefined;
  const peer = await startWhisperPeer({ threads, beamSize: beam });
  try {
    log('openai provider → faster-whisper peer (product pipeline), then the peer on the whole file:');
    const openai = new OpenAiTranscriptionProvider({
      baseURL: peer.baseUrl,
      model: 'whisper-base',
      timeoutMs: 1_800_000,
      concurrency: 1,
    });
    // File by file, the pipeline and then the peer on the same file: a machine whose load changes during
    // the run (two cores, other work) weighs on both sides of each ratio alike.
    const pipeline: FileResult[] = [];
    const direct = { wall: [] as FileResult[], compute: [] as FileResult[] };
    for (const item of items) {
      pipeline.push(...(await runService(openai, 1, wer, [item], true)));
      if (process.env.BENCH_SKIP_PEER_DIRECT) continue;
      const whole = await runPeerDirect(peer.baseUrl, wer, [item]);
      direct.wall.push(...whole.wall);
      direct.compute.push(...whole.compute);
    }
    rows.push({ engine: 'openai provider → faster-whisper base int8', results: pipeline });
    if (!process.env.BENCH_SKIP_PEER_DIRECT) {
      rows.push({ engine: 'faster-whisper base int8, whole file (wall)', results: direct.wall });
      reference = { engine: 'faster-whisper base int8, whole file (compute only)', results: direct.compute };
      rows.push(reference);
    }
  } finally {
    await peer.close();
  }
  // BENCH_LOCAL_MODELS=file,… keeps only those ggml files (default: every one found).
  const modelFilter = process.env.BENCH_LOCAL_MODELS?.split(',').map((s) => s.trim());
  const models = ggmlModels().filter(
    (model) => !modelFilter || modelFilter.some((name) => path.basename(model) === name),
  );
  if (models.length === 0) {
    rows.push({
      engine: 'local provider (whisper.cpp)',
      results: [],
      note: 'skipped: no ggml model (WHISPER_MODEL_PATH, shared/models/, data/models/)',
    });
  }
  for (const model of models) {
    for (const binding of ['napi-rs', 'fugood'] as const) {
      const subset = binding === 'napi-rs' ? localItems : portableItems;
      log(`local provider (whisper.cpp, ${binding}) ${path.basename(model)}:`);
      const local = new LocalWhisperProvider({
        modelName: 'custom',
        modelPath: model,
        manager: new WhisperModelManager({ modelsDir: os.tmpdir() }),
        binding,
        threads,
        beamSize: beam,
        log,
      });
      try {
        await local.warmUp();
        rows.push({
          engine: `local provider → whisper.cpp (${binding}) ${path.basename(model)}`,
          results: await runService(local, 1, wer, subset),
        });
      } finally {
        await local.close();
      }
    }
  }
  const output = table(rows, reference);
  console.log(output);
  const outDir = path.resolve('.cache', 'bench');
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `transcribe-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify({ threads, beam, rows }, null, 2));
  log(`details: ${file}`);
}

main().catch((error: unknown) => {
  console.error(`bench:transcribe: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
