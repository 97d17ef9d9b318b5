import os from 'node:os';
import { logger } from '../../logging/index.js';
import { formatProgress, type WhisperModelManager } from './model-manager.js';
import {
  TranscriptionProviderError,
  type TranscriptionInput,
  type TranscriptionOutput,
  type TranscriptionProvider,
} from './types.js';
import { chooseBinding, defaultWhisperThreads } from './whisper-cpp/cpu-features.js';
import { WhisperCppHostProcess } from './whisper-cpp/host-process.js';
import type { WhisperCppBindingName } from './whisper-cpp/protocol.js';

export interface LocalProviderOptions {
  /** A ggml model file; skips the model manager. */
  modelPath?: string | undefined;
  /** Catalog name (tiny … large-v3-turbo, quantized variants) for the model manager. */
  modelName: string;
  manager: WhisperModelManager;
  /** Which whisper.cpp binding: 'auto' picks the fastest this CPU can run. */
  binding?: WhisperCppBindingName | 'auto' | undefined;
  /** CPU threads per transcription. */
  threads?: number | undefined;
  /** Transcriptions run at once, each in its own host with its own copy of the model; the rest wait in order. */
  concurrency?: number | undefined;
  beamSize?: number | undefined;
  log?: (line: string) => void;
}

/** Model downloads and host loads ("[whisper] … loaded …"): operators read these when the first consultation is slow. */
export const whisperLog = logger.child({ component: 'whisper' });

/**
 * Whisper on this server through whisper.cpp, no Python and no second server to run. The model is
 * loaded once into a host child process (whisper-cpp/host.ts) and serves every request after: the API's
 * event loop never waits on it, and a native crash costs one transcription, not the API. Pieces queue
 * behind a small concurrency limit so two cores are not oversubscribed.
 */
export class LocalWhisperProvider implements TranscriptionProvider {
  readonly id = 'local';
  // whisper.cpp takes any length, but the service cuts 30-second pieces for per-piece language detection.
  readonly maxPieceSeconds = 600;
  readonly binding: WhisperCppBindingName;
  private hosts: Promise<WhisperCppHostProcess[]> | undefined;
  private readonly live = new Set<WhisperCppHostProcess>();
  private readonly idle: WhisperCppHostProcess[] = [];
  private readonly waiting: Array<(host: WhisperCppHostProcess) => void> = [];
  private readonly threads: number;
  private readonly concurrency: number;
  private readonly log: (line: string) => void;

  constructor(private readonly options: LocalProviderOptions) {
    this.concurrency = Math.max(1, options.concurrency ?? 1);
    this.threads = options.threads ?? defaultWhisperThreads(os.availableParallelism(), this.concurrency);
    this.binding = chooseBinding(options.binding ?? 'auto');
    this.log = options.log ?? ((line: string) => whisperLog.info(line));
  }

  /** Fetches the model if needed and loads it, so the first consultation does not wait for that. */
  async warmUp(): Promise<void> {
    const hosts = await this.getHosts();
    await Promise.all(hosts.map((host) => host.start()));
  }

  private getHosts(): Promise<WhisperCppHostProcess[]> {
    this.hosts ??= this.modelFile().then(
      (modelFile) => {
        const hosts = Array.from(
          { length: this.concurrency },
          () => new WhisperCppHostProcess({ binding: this.binding, modelFile }, this.log),
        );
        for (const host of hosts) this.live.add(host);
        this.idle.push(...hosts);
        return hosts;
      },
      (error: unknown) => {
        // A failed download is not remembered: the next request tries again (e.g. once the network is back).
        this.hosts = undefined;
        throw error instanceof TranscriptionProviderError
          ? error
          : new TranscriptionProviderError(error instanceof Error ? error.message : String(error), 503);
      },
    );
    return this.hosts;
  }

  private async modelFile(): Promise<string> {
    if (this.options.modelPath) return this.options.modelPath;
    let lastTenth = -1;
    return this.options.manager.ensure(this.options.modelName, (progress) => {
      const tenth = progress.totalBytes
        ? Math.floor((progress.receivedBytes / progress.totalBytes) * 10)
        : -1;
      if (tenth !== lastTenth) {
        lastTenth = tenth;
        this.log(`[whisper] downloading ${formatProgress(progress)}`);
      }
    });
  }

  async transcribe(input: TranscriptionInput): Promise<TranscriptionOutput> {
    await this.getHosts();
    const host = await this.acquire();
    try {
      const result = await host.transcribe(
        {
          pcm: input.pcm,
          language: input.language ?? 'auto',
          threads: this.threads,
          beamSize: this.options.beamSize ?? 5,
          temperature: input.temperature ?? 0,
          prompt: input.prompt,
        },
        input.signal,
      );
      return { text: result.text, language: result.language ?? input.language, segments: result.segments };
    } finally {
      this.release(host);
    }
  }

  async close(): Promise<void> {
    const hosts = this.hosts;
    this.hosts = undefined;
    this.live.clear();
    this.idle.length = 0;
    for (const host of (await hosts?.catch(() => [])) ?? []) host.stop();
  }

  private acquire(): Promise<WhisperCppHostProcess> {
    const host = this.idle.pop();
    if (host) return Promise.resolve(host);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(host: WhisperCppHostProcess): void {
    // A host that finished after close() is not handed out again: it was stopped with its set.
    if (!this.live.has(host)) return;
    const next = this.waiting.shift();
    if (next) next(host);
    else this.idle.push(host);
  }
}
