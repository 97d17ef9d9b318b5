import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { TranscriptionProviderError } from '../types.js';
import type { HostReply, HostStartOptions, TranscribeJob, TranscribeJobResult } from './protocol.js';

interface Pending {
  resolve: (result: TranscribeJobResult) => void;
  reject: (error: Error) => void;
}

/**
 * The API's side of one whisper.cpp host process: starts it on first use (one model load, kept for
 * later requests), sends it pieces, and restarts it on the next request if it died or was cancelled.
 */
export class WhisperCppHostProcess {
  private child: ChildProcess | undefined;
  private ready: Promise<void> | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor(
    private readonly options: HostStartOptions,
    private readonly log: (line: string) => void,
  ) {}

  start(): Promise<void> {
    this.ready ??= this.spawn().catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }

  async transcribe(job: Omit<TranscribeJob, 'id'>, signal?: AbortSignal): Promise<TranscribeJobResult> {
    await this.start();
    // Checked after the (possibly slow) model load: an abort during it fired before anyone listened.
    if (signal?.aborted) throw new TranscriptionProviderError('transcription was cancelled', 503);
    const child = this.child;
    if (!child?.connected)
      throw new TranscriptionProviderError('the whisper.cpp engine stopped; please try again', 503);
    const id = this.nextId++;
    return new Promise<TranscribeJobResult>((resolve, reject) => {
      // A cancelled piece cannot be interrupted inside whisper.cpp: the host is stopped and restarts on
      // the next request.
      const onAbort = () => this.stop(new TranscriptionProviderError('transcription was cancelled', 503));
      signal?.addEventListener('abort', onAbort, { once: true });
      const settle = () => {
        signal?.removeEventListener('abort', onAbort);
        this.pending.delete(id);
      };
      this.pending.set(id, {
        resolve: (result) => (settle(), resolve(result)),
        reject: (error) => (settle(), reject(error)),
      });
      child.send({ type: 'transcribe', job: { ...job, id } }, (error) => {
        if (error)
          this.pending
            .get(id)
            ?.reject(new TranscriptionProviderError('the whisper.cpp engine stopped; please try again', 503));
      });
    });
  }

  /** Stops the host; work in flight fails with `reason`. */
  stop(reason: Error = new TranscriptionProviderError('the whisper.cpp engine was stopped', 503)): void {
    const child = this.child;
    this.child = undefined;
    this.ready = undefined;
    for (const waiting of [...this.pending.values()]) waiting.reject(reason);
    child?.kill('SIGKILL');
  }

  private spawn(): Promise<void> {
    const { script, execArgv } = hostEntry();
    const child = fork(script, [JSON.stringify(this.options)], {
      execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child = child;
    return new Promise<void>((resolve, reject) => {
      let started = false;
      child.on('message', (reply: HostReply) => {
        if (reply.type === 'ready') {
          started = true;
          this.log(`[whisper] ${reply.binding} loaded ${this.options.modelFile}`);
          resolve();
        } else if (reply.type === 'load-failed') {
          reject(
            new TranscriptionProviderError(
              `whisper.cpp could not load ${this.options.modelFile}: ${reply.message}`,
              503,
            ),
          );
        } else if (reply.type === 'result') {
          this.pending.get(reply.id)?.resolve(reply.result);
        } else {
          this.pending
            .get(reply.id)
            ?.reject(new TranscriptionProviderError(`whisper.cpp failed: ${reply.message}`, 502));
        }
      });
      child.on('error', (error) =>
        reject(
          new TranscriptionProviderError(`the whisper.cpp engine could not start: ${error.message}`, 503),
        ),
      );
      child.on('exit', (code, signal) => {
        const how = signal ? `signal ${signal}` : `exit code ${code}`;
        if (!started) {
          // whisper.cpp crashes rather than reporting some malformed model files.
          reject(
            new TranscriptionProviderError(
              `whisper.cpp could not load ${this.options.modelFile} (${how}); is it a ggml Whisper model?`,
              503,
            ),
          );
        }
        // A host stopped on purpose has already failed its own work; its exit must not touch the pieces
        // a successor host is working on.
        if (this.child !== child) return;
        this.child = undefined;
        this.ready = undefined;
        const error = new TranscriptionProviderError(
          `the whisper.cpp engine stopped unexpectedly (${how})`,
          502,
        );
        for (const waiting of [...this.pending.values()]) waiting.reject(error);
      });
    });
  }
}

/** host.ts under tsx (as the API itself runs), or host.js next to this file in a compiled build. */
function hostEntry(): { script: string; execArgv: string[] } {
  const here = import.meta.url;
  if (here.endsWith('.js')) return { script: fileURLToPath(new URL('./host.js', here)), execArgv: [] };
  const tsxLoader = pathToFileURL(createRequire(here).resolve('tsx')).href;
  return { script: fileURLToPath(new URL('./host.ts', here)), execArgv: ['--import', tsxLoader] };
}
