import os from 'node:os';
import { toLanguageCode } from './languages.js';
import { formatProgress, type WhisperModelManager } from './model-manager.js';
import {
  TranscriptionProviderError,
  type TranscriptionInput,
  type TranscriptionOutput,
  type TranscriptionProvider,
} from './types.js';

/** The slice of @fugood/whisper.node this provider uses (its published typings point at a missing file). */
interface WhisperTranscribeResult {
  language?: string;
  result: string;
  segments: Array<{ text: string; t0: number; t1: number }>;
  isAborted: boolean;
}

interface WhisperContextHandle {
  transcribeData(
    audio: ArrayBuffer,
    options: { language?: string; maxThreads?: number; prompt?: string; temperature?: number; beamSize?: number },
  ): { stop: () => Promise<void>; promise: Promise<WhisperTranscribeResult> };
  release(): Promise<void>;
}

interface WhisperNodeModule {
  initWhisper(options: { filePath: string; useGpu?: boolean }): Promise<WhisperContextHandle>;
}

export interface LocalProviderOptions {
  /** A ggml model file; skips the model manager. */
  modelPath?: string | undefined;
  /** Catalog name (tiny … large-v3-turbo, quantized variants) for the model manager. */
  modelName: string;
  manager: WhisperModelManager;
  /** CPU threads per transcription. */
  threads?: number | undefined;
  /** Transcriptions run at once (each holds a whisper state); the rest wait in order. */
  concurrency?: number | undefined;
  beamSize?: number | undefined;
  log?: (line: string) => void;
}

/** The binding is loaded on first use, so an install without it (other platforms) still serves 'openai'. */
async function loadBinding(): Promise<WhisperNodeModule> {
  const specifier = '@fugood/whisper.node';
  try {
    const loaded = (await import(specifier)) as WhisperNodeModule & { default?: WhisperNodeModule };
    return typeof loaded.initWhisper === 'function' ? loaded : (loaded.default as WhisperNodeModule);
  } catch (error) {
    throw new TranscriptionProviderError(
      `the whisper.cpp engine could not be loaded on this server (${error instanceof Error ? error.message : String(error)})`,
      503,
    );
  }
}

/**
 * Whisper in-process through whisper.cpp (@fugood/whisper.node). The native addon runs each
 * transcription as a libuv async worker, so the event loop stays free; one model load is shared by all
 * requests and transcriptions queue behind a small concurrency limit so 2 cores are not oversubscribed.
 */
export class LocalWhisperProvider implements TranscriptionProvider {
  readonly id = 'local';
  readonly displayName: string;
  // whisper.cpp takes any length, but the service cuts 30-second pieces for per-piece language detection.
  readonly maxPieceSeconds = 600;
  private context: Promise<WhisperContextHandle> | undefined;
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly threads: number;
  private readonly concurrency: number;

  constructor(private readonly options: LocalProviderOptions) {
    this.threads = options.threads ?? Math.max(1, os.availableParallelism());
    this.concurrency = Math.max(1, options.concurrency ?? 1);
    this.displayName = `Whisper ${options.modelPath ? 'local model' : options.modelName} (on this server)`;
  }

  /** Loads (downloading if needed) the model once; concurrent callers share the same load. */
  warmUp(): Promise<void> {
    return this.getContext().then(() => undefined);
  }

  private getContext(): Promise<WhisperContextHandle> {
    if (!this.context) {
      this.context = this.load().catch((error: unknown) => {
        // A failed load is not cached: the next request tries again (e.g. after the network is back).
        this.context = undefined;
        throw error instanceof TranscriptionProviderError
          ? error
          : new TranscriptionProviderError(error instanceof Error ? error.message : String(error), 503);
      });
    }
    return this.context;
  }

  private async load(): Promise<WhisperContextHandle> {
    const log = this.options.log ?? ((line: string) => console.log(line));
    let lastTenth = -1;
    const file =
      this.options.modelPath ??
      (await this.options.manager.ensure(this.options.modelName, (progress) => {
        const tenth = progress.totalBytes ? Math.floor((progress.receivedBytes / progress.totalBytes) * 10) : -1;
        if (tenth !== lastTenth) {
          lastTenth = tenth;
          log(`[whisper] downloading ${formatProgress(progress)}`);
        }
      }));
    const binding = await loadBinding();
    log(`[whisper] loading ${file}`);
    return binding.initWhisper({ filePath: file, useGpu: false });
  }

  async transcribe(input: TranscriptionInput): Promise<TranscriptionOutput> {
    const context = await this.getContext();
    await this.acquire();
    try {
      if (input.signal?.aborted) throw new TranscriptionProviderError('transcription was cancelled', 503);
      // The addon reads 16-bit PCM from an ArrayBuffer; hand it exactly the samples of this piece.
      const audio = input.pcm.buffer.slice(input.pcm.byteOffset, input.pcm.byteOffset + input.pcm.byteLength) as ArrayBuffer;
      const job = context.transcribeData(audio, {
        language: input.language ?? 'auto',
        maxThreads: this.threads,
        temperature: 0,
        beamSize: this.options.beamSize ?? 5,
        ...(input.prompt ? { prompt: input.prompt } : {}),
      });
      const onAbort = () => void job.stop();
      input.signal?.addEventListener('abort', onAbort, { once: true });
      try {
        const result = await job.promise;
        if (result.isAborted) throw new TranscriptionProviderError('transcription was cancelled', 503);
        return {
          text: result.result.trim(),
          language: toLanguageCode(result.language) ?? input.language,
          segments: result.segments.map((s) => ({ start: s.t0 / 100, end: s.t1 / 100, text: s.text.trim() })),
        };
      } finally {
        input.signal?.removeEventListener('abort', onAbort);
      }
    } catch (error) {
      if (error instanceof TranscriptionProviderError) throw error;
      throw new TranscriptionProviderError(`whisper.cpp failed: ${error instanceof Error ? error.message : String(error)}`, 502);
    } finally {
      this.release();
    }
  }

  async close(): Promise<void> {
    const context = this.context;
    this.context = undefined;
    if (context) await (await context.catch(() => undefined))?.release();
  }

  private async acquire(): Promise<void> {
    if (this.active < this.concurrency) {
      this.active++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }
}
