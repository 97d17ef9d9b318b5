import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeToPcm } from '../../api/audio/ffmpeg.js';

/** `seconds` of a dev file (from its start, or from `from` seconds in) as its own WebM, the way a browser records it. */
export function clip(source: string, seconds: number, from = 0): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'veldvet-clip-'));
  const out = path.join(dir, 'clip.webm');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-ss',
    String(from),
    '-i',
    source,
    '-t',
    String(seconds),
    '-c:a',
    'libopus',
    '-b:a',
    '64k',
    '-y',
    out,
  ]);
  const bytes = fs.readFileSync(out);
  fs.rmSync(dir, { recursive: true, force: true });
  return bytes;
}

/** The same clip as the 16 kHz mono PCM a provider is handed, decoded by the product's own decoder. */
export function clipPcm(source: string, seconds: number): Promise<Int16Array> {
  return decodeToPcm(clip(source, seconds));
}
