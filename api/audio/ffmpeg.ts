import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Whisper's input format: 16 kHz, mono, 16-bit PCM. */
export const SAMPLE_RATE = 16_000;

/** The upload could not be turned into audio: the client's fault, answered with a 4xx. */
export class AudioDecodeError extends Error {
  constructor(
    message: string,
    readonly detail = '',
  ) {
    super(message);
  }
}

/** No ffmpeg binary anywhere: the server's fault, answered with a 5xx that says what to install. */
export class FfmpegMissingError extends Error {}

let resolved: string | null | undefined;

function runs(binary: string): boolean {
  const probe = spawnSync(binary, ['-hide_banner', '-version'], { stdio: 'ignore', timeout: 10_000 });
  return probe.status === 0;
}

/**
 * The ffmpeg to run: an explicit FFMPEG_PATH, else the system's (Debian's is current and has every
 * decoder), else the static binary shipped by the npm package @ffmpeg-installer/ffmpeg.
 */
export function resolveFfmpeg(explicit?: string): string {
  if (explicit) {
    if (!runs(explicit)) throw new FfmpegMissingError(`FFMPEG_PATH=${explicit} does not run`);
    return explicit;
  }
  if (resolved) return resolved;
  if (resolved === undefined) {
    resolved = null;
    if (runs('ffmpeg')) resolved = 'ffmpeg';
    else {
      try {
        const require = createRequire(import.meta.url);
        const shipped = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
        if (runs(shipped)) resolved = shipped;
      } catch {
        // The optional npm binary is not installed for this platform.
      }
    }
  }
  if (!resolved) {
    throw new FfmpegMissingError(
      'ffmpeg is not installed: install it (apt-get install ffmpeg) or set FFMPEG_PATH',
    );
  }
  return resolved;
}

// ffmpeg's own words for an upload that stops before its end; such audio is refused, not half-transcribed.
const TRUNCATION_SIGNS =
  /File ended prematurely|Truncating packet|invalid as first byte of an EBML number|EOF inside/i;

let resolvedProbe: string | null | undefined;

/**
 * ffprobe beside the ffmpeg in use (Debian ships both; the npm binary has no ffprobe), or null. Only
 * used to refuse overlong audio early; without it the decode itself stops at the limit.
 */
function resolveFfprobe(ffmpeg: string): string | null {
  if (resolvedProbe !== undefined) return resolvedProbe;
  const sibling = ffmpeg.includes('/') ? path.join(path.dirname(ffmpeg), 'ffprobe') : 'ffprobe';
  resolvedProbe = runs(sibling) ? sibling : null;
  return resolvedProbe;
}

/** Decodes started, running now, and the most that ever ran at once (the hardening tests read these). */
export const decoderStats = { started: 0, running: 0, peak: 0 };

export interface DecodeOptions {
  ffmpegPath?: string | undefined;
  /**
   * Refuse audio longer than this: at once when the container declares a longer duration (ffprobe), and
   * in any case ffmpeg stops decoding a second past it, so a small file holding hours of silence never
   * costs more than the limit's worth of work and memory.
   */
  maxSeconds?: number;
  signal?: AbortSignal | undefined;
}

/**
 * Decodes an audio upload to 16 kHz mono 16-bit PCM. The upload goes through a temporary file rather
 * than a pipe because an MP4 whose index sits at its end cannot be read from a pipe.
 */
export async function decodeToPcm(input: Uint8Array, options: DecodeOptions = {}): Promise<Int16Array> {
  const ffmpeg = resolveFfmpeg(options.ffmpegPath);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'veldvet-audio-'));
  const inputPath = path.join(dir, 'input');
  try {
    await fs.writeFile(inputPath, input);
    const { maxSeconds } = options;
    const tooLongError = () => new AudioTooLongError(maxSeconds ?? 0);
    if (maxSeconds) {
      const declared = await probeDuration(ffmpeg, inputPath, options.signal);
      if (declared !== undefined && declared > maxSeconds) throw tooLongError();
    }
    const maxBytes = maxSeconds ? Math.ceil(maxSeconds * SAMPLE_RATE) * 2 : Infinity;
    // -t: ffmpeg itself stops a second past the limit (the byte count below is what refuses it).
    const limit = maxSeconds ? ['-t', String(maxSeconds + 1)] : [];
    decoderStats.started++;
    decoderStats.peak = Math.max(decoderStats.peak, ++decoderStats.running);
    let decoded: RunResult;
    try {
      decoded = await run(
        ffmpeg,
        [
          '-hide_banner',
          '-nostdin',
          '-v',
          'error',
          '-i',
          inputPath,
          ...limit,
          '-vn',
          '-ac',
          '1',
          '-ar',
          String(SAMPLE_RATE),
          '-f',
          's16le',
          'pipe:1',
        ],
        maxBytes,
        options.signal,
      );
    } finally {
      decoderStats.running--;
    }
    const { stdout, stderr, code, tooLong } = decoded;
    if (tooLong) throw tooLongError();
    const detail = stderr.trim().split('\n').slice(-3).join(' | ');
    if (code !== 0)
      throw new AudioDecodeError('The audio could not be decoded; the file may be damaged', detail);
    if (TRUNCATION_SIGNS.test(stderr)) {
      throw new AudioDecodeError(
        'The audio file is incomplete (truncated); please upload the whole recording again',
        detail,
      );
    }
    if (stdout.length < 2) throw new AudioDecodeError('The audio file contains no sound', detail);
    // Copy into an aligned buffer: Buffer.concat may hand back a slice of Node's pool at an odd offset.
    const samples = new Int16Array(Math.floor(stdout.length / 2));
    Buffer.from(samples.buffer).set(stdout.subarray(0, samples.length * 2));
    return samples;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Audio longer than the configured maximum (MAX_AUDIO_SECONDS). */
export class AudioTooLongError extends AudioDecodeError {
  constructor(readonly maxSeconds: number) {
    super(
      `The recording is longer than the limit of ${describeSeconds(maxSeconds)}; please split it into shorter recordings`,
    );
  }
}

function describeSeconds(seconds: number): string {
  if (seconds % 60 !== 0) return `${seconds} seconds`;
  const minutes = seconds / 60;
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** The duration the container declares, in seconds; undefined when it declares none or no ffprobe runs. */
async function probeDuration(
  ffmpeg: string,
  file: string,
  signal?: AbortSignal,
): Promise<number | undefined> {
  const ffprobe = resolveFfprobe(ffmpeg);
  if (!ffprobe) return undefined;
  const { stdout, code } = await run(
    ffprobe,
    ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=noprint_wrappers=1:nokey=1', file],
    64 * 1024,
    signal,
  );
  const seconds = Number.parseFloat(stdout.toString('utf8').trim());
  return code === 0 && Number.isFinite(seconds) ? seconds : undefined;
}

interface RunResult {
  stdout: Buffer;
  stderr: string;
  code: number | null;
  tooLong: boolean;
}

function run(
  binary: string,
  args: string[],
  maxStdoutBytes: number,
  signal?: AbortSignal,
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], signal });
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLong = false;
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (tooLong) return;
      size += chunk.length;
      if (size > maxStdoutBytes) {
        tooLong = true;
        child.kill('SIGKILL');
        return;
      }
      chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      // Only the tail matters for the message; cap it so a noisy decoder cannot eat memory.
      stderr = (stderr + chunk.toString('utf8')).slice(-8192);
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ stdout: Buffer.concat(chunks), stderr, code, tooLong }));
  });
}
