import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  DEFAULT_MODEL_BASE_URL,
  findCatalogModel,
  MODEL_CATALOG,
  type CatalogModel,
} from './model-catalog.js';

export interface DownloadProgress {
  model: string;
  receivedBytes: number;
  /** From Content-Length; undefined when the server does not say. */
  totalBytes: number | undefined;
}

export interface ModelManagerOptions {
  /** Where downloaded models live (created on demand). */
  modelsDir: string;
  /** Base URL of the model repository; tests point it at a local server. */
  baseUrl?: string | undefined;
  fetch?: typeof fetch;
  /** Give up on a download that sends nothing for this long. */
  stallTimeoutMs?: number;
  /** Catalog override, for tests. */
  catalog?: readonly CatalogModel[];
}

/** The model cannot be had: unknown name, offline, server error or a bad file. Message says what to do. */
export class ModelUnavailableError extends Error {}

export class ModelChecksumError extends ModelUnavailableError {}

type HashAlgorithm = 'sha1' | 'sha256';

async function hashFile(file: string, algorithm: HashAlgorithm): Promise<string> {
  const hash = createHash(algorithm);
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

const exists = (file: string): Promise<boolean> =>
  fs.stat(file).then(
    (s) => s.isFile() && s.size > 0,
    () => false,
  );

/**
 * Finds, downloads and verifies ggml Whisper models by name. One download per model at a time, whoever
 * asks; a verified file gets a `.sha1`/`.sha256` sidecar so later starts do not re-hash hundreds of MB.
 */
export class WhisperModelManager {
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  private readonly catalog: readonly CatalogModel[];
  private readonly inFlight = new Map<string, Promise<string>>();

  constructor(private readonly options: ModelManagerOptions) {
    this.baseUrl = (options.baseUrl ?? DEFAULT_MODEL_BASE_URL).replace(/\/$/, '');
    this.fetchImpl = options.fetch ?? fetch;
    this.catalog = options.catalog ?? MODEL_CATALOG;
  }

  describe(name: string): CatalogModel {
    const model =
      this.catalog.find((m) => m.name === name) ??
      (this.catalog === MODEL_CATALOG ? undefined : findCatalogModel(name));
    if (!model) {
      throw new ModelUnavailableError(
        `Unknown Whisper model '${name}'. Known: ${this.catalog.map((m) => m.name).join(', ')}; or set WHISPER_MODEL_PATH to a ggml file`,
      );
    }
    return model;
  }

  pathFor(name: string): string {
    return path.join(this.options.modelsDir, this.describe(name).file);
  }

  /** The verified model file, downloading it first when it is missing. */
  ensure(name: string, onProgress?: (progress: DownloadProgress) => void): Promise<string> {
    const running = this.inFlight.get(name);
    if (running) return running;
    const job = this.ensureOnce(name, onProgress).finally(() => this.inFlight.delete(name));
    this.inFlight.set(name, job);
    return job;
  }

  private async ensureOnce(name: string, onProgress?: (progress: DownloadProgress) => void): Promise<string> {
    const model = this.describe(name);
    const target = this.pathFor(name);
    if (await exists(target)) {
      await this.verify(model, target);
      return target;
    }
    await fs.mkdir(this.options.modelsDir, { recursive: true });
    await this.download(model, target, onProgress);
    return target;
  }

  /** Checks a file against the published SHA-1 (or its first-seen SHA-256); removes it when it is wrong. */
  private async verify(model: CatalogModel, file: string): Promise<void> {
    const algorithm: HashAlgorithm = model.sha1 ? 'sha1' : 'sha256';
    const sidecar = `${file}.${algorithm}`;
    const recorded = await fs.readFile(sidecar, 'utf8').then(
      (text) => text.trim(),
      () => undefined,
    );
    if (model.sha1 && recorded === model.sha1) return;
    const actual = await hashFile(file, algorithm);
    const expected = model.sha1 ?? recorded;
    if (expected && actual !== expected) {
      await fs.rm(file, { force: true });
      await fs.rm(sidecar, { force: true });
      throw new ModelChecksumError(
        `Whisper model '${model.name}' failed its checksum (${algorithm} ${actual}, expected ${expected}); the file was removed, download it again`,
      );
    }
    await fs.writeFile(sidecar, `${actual}\n`);
  }

  private async download(
    model: CatalogModel,
    target: string,
    onProgress?: (progress: DownloadProgress) => void,
  ): Promise<void> {
    const url = `${this.baseUrl}/${model.file}`;
    const partial = `${target}.part`;
    const offlineHint = `This server may be offline: run 'npm run whisper:model -- ${model.name}' where the internet is reachable and copy ${model.file} into ${this.options.modelsDir}, or set WHISPER_MODEL_PATH to a ggml model file`;
    const stallMs = this.options.stallTimeoutMs ?? 30_000;
    const controller = new AbortController();
    let stallTimer = setTimeout(() => controller.abort(), stallMs);
    const touch = () => {
      clearTimeout(stallTimer);
      stallTimer = setTimeout(() => controller.abort(), stallMs);
    };
    let response: Response;
    try {
      response = await this.fetchImpl(url, { signal: controller.signal, redirect: 'follow' });
    } catch (error) {
      clearTimeout(stallTimer);
      const cause =
        error instanceof Error
          ? ((error.cause as Error | undefined)?.message ?? error.message)
          : String(error);
      throw new ModelUnavailableError(
        `Could not download Whisper model '${model.name}' from ${url} (${cause}). ${offlineHint}`,
      );
    }
    if (!response.ok || !response.body) {
      clearTimeout(stallTimer);
      throw new ModelUnavailableError(
        `Could not download Whisper model '${model.name}': ${url} answered ${response.status}. ${offlineHint}`,
      );
    }
    const totalHeader = Number(response.headers.get('content-length'));
    const totalBytes = Number.isFinite(totalHeader) && totalHeader > 0 ? totalHeader : undefined;
    const algorithm: HashAlgorithm = model.sha1 ? 'sha1' : 'sha256';
    const hash = createHash(algorithm);
    let receivedBytes = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        touch();
        receivedBytes += chunk.length;
        hash.update(chunk);
        onProgress?.({ model: model.name, receivedBytes, totalBytes });
        callback(null, chunk);
      },
    });
    try {
      await pipeline(
        Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
        meter,
        createWriteStream(partial),
      );
    } catch (error) {
      await fs.rm(partial, { force: true });
      const reason = controller.signal.aborted
        ? `no data for ${Math.round(stallMs / 1000)} s`
        : error instanceof Error
          ? error.message
          : String(error);
      throw new ModelUnavailableError(
        `Download of Whisper model '${model.name}' broke off (${reason}). ${offlineHint}`,
      );
    } finally {
      clearTimeout(stallTimer);
    }
    if (totalBytes !== undefined && receivedBytes !== totalBytes) {
      await fs.rm(partial, { force: true });
      throw new ModelUnavailableError(
        `Download of Whisper model '${model.name}' was incomplete (${receivedBytes} of ${totalBytes} bytes)`,
      );
    }
    const actual = hash.digest('hex');
    if (model.sha1 && actual !== model.sha1) {
      await fs.rm(partial, { force: true });
      throw new ModelChecksumError(
        `Downloaded Whisper model '${model.name}' failed its checksum (sha1 ${actual}, expected ${model.sha1}); nothing was kept`,
      );
    }
    await fs.rename(partial, target);
    await fs.writeFile(`${target}.${algorithm}`, `${actual}\n`);
  }
}

/** A one-line progress text for terminals and logs: 'base 42% (60.1/142.0 MiB)'. */
export function formatProgress(progress: DownloadProgress): string {
  const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  if (!progress.totalBytes) return `${progress.model} ${mib(progress.receivedBytes)} MiB`;
  const percent = Math.floor((progress.receivedBytes / progress.totalBytes) * 100);
  return `${progress.model} ${percent}% (${mib(progress.receivedBytes)}/${mib(progress.totalBytes)} MiB)`;
}
