import { toLanguageCode } from '../../../transcription/languages.js';
import type { TranscribeJob, TranscribeJobResult, WhisperCppBindingName } from './protocol.js';

/** One loaded whisper.cpp model behind either npm binding; used only inside the host process. */
export interface WhisperCppBinding {
  transcribe(job: TranscribeJob): Promise<TranscribeJobResult>;
}

export async function openBinding(
  name: WhisperCppBindingName,
  modelFile: string,
): Promise<WhisperCppBinding> {
  return name === 'napi-rs' ? openNapiRs(modelFile) : openFugood(modelFile);
}

// --- @napi-rs/whisper: AVX2 build, synchronous `full` (fine here: the host does nothing else) ---

interface NapiFullParams {
  nThreads: number;
  language: string;
  temperature: number;
  initialPrompt: string;
  printProgress: boolean;
  printRealtime: boolean;
  printTimestamps: boolean;
}

interface NapiWhisperModule {
  Whisper: {
    new (
      model: string,
      params?: { useGpu?: boolean },
    ): { full(params: NapiFullParams, samples: Float32Array): string; readonly fullLangId: number };
    lang(id: number): string | null;
  };
  WhisperFullParams: new (strategy: number) => NapiFullParams;
  WhisperSamplingStrategy: { Greedy: number; BeamSearch: number };
}

async function openNapiRs(modelFile: string): Promise<WhisperCppBinding> {
  const binding = (await import('@napi-rs/whisper')) as unknown as NapiWhisperModule;
  const whisper = new binding.Whisper(modelFile, { useGpu: false });
  return {
    transcribe(job) {
      // Beam search uses whisper.cpp's default width (5); the binding does not expose it. Its segment and
      // progress callbacks cannot fire while `full` blocks this thread, so the text comes back whole.
      const params = new binding.WhisperFullParams(
        job.beamSize > 1
          ? binding.WhisperSamplingStrategy.BeamSearch
          : binding.WhisperSamplingStrategy.Greedy,
      );
      params.nThreads = job.threads;
      params.language = job.language;
      params.temperature = job.temperature;
      params.printProgress = false;
      params.printRealtime = false;
      params.printTimestamps = false;
      if (job.prompt) params.initialPrompt = job.prompt;
      const text = whisper.full(params, toFloat32(job.pcm));
      return Promise.resolve({
        text: text.trim(),
        language: toLanguageCode(binding.Whisper.lang(whisper.fullLangId)),
      });
    },
  };
}

function toFloat32(pcm: Int16Array): Float32Array {
  const samples = new Float32Array(pcm.length);
  for (let i = 0; i < pcm.length; i++) samples[i] = pcm[i]! / 32768;
  return samples;
}

// --- @fugood/whisper.node: SSE-only build that runs on any x86-64 ---

interface FugoodContext {
  transcribeData(
    audio: ArrayBuffer,
    options: {
      language?: string;
      maxThreads?: number;
      prompt?: string;
      temperature?: number;
      temperatureInc?: number;
      beamSize?: number;
      bestOf?: number;
    },
  ): {
    promise: Promise<{
      language?: string;
      result: string;
      segments: Array<{ text: string; t0: number; t1: number }>;
    }>;
  };
}

async function openFugood(modelFile: string): Promise<WhisperCppBinding> {
  const loaded = (await import('@fugood/whisper.node')) as unknown as {
    initWhisper?: (options: { filePath: string; useGpu?: boolean }) => Promise<FugoodContext>;
    default?: { initWhisper: (options: { filePath: string; useGpu?: boolean }) => Promise<FugoodContext> };
  };
  const initWhisper = loaded.initWhisper ?? loaded.default!.initWhisper;
  const context = await initWhisper({ filePath: modelFile, useGpu: false });
  return {
    async transcribe(job) {
      // The addon reads 16-bit PCM from an ArrayBuffer: hand it exactly this piece's samples.
      const audio = job.pcm.buffer.slice(
        job.pcm.byteOffset,
        job.pcm.byteOffset + job.pcm.byteLength,
      ) as ArrayBuffer;
      const result = await context.transcribeData(audio, {
        language: job.language,
        maxThreads: job.threads,
        temperature: job.temperature,
        // No fallback ladder inside whisper.cpp (its default climbs 0.2 at a time with 5 samples each
        // whenever a reading's mean log-probability is below -1, which Afrikaans on base almost always
        // is): the service reads a looping piece again itself, once per temperature.
        temperatureInc: 0,
        bestOf: 1,
        beamSize: job.beamSize,
        ...(job.prompt ? { prompt: job.prompt } : {}),
      }).promise;
      return {
        text: result.result.trim(),
        language: toLanguageCode(result.language),
        // whisper.cpp times are in centiseconds.
        segments: result.segments.map((s) => ({ start: s.t0 / 100, end: s.t1 / 100, text: s.text.trim() })),
      };
    },
  };
}
