import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { artifactsDir } from './browser.js';

export const devAudioDir = path.resolve('../shared/eval/dev/audio');

/**
 * A 48 kHz mono 16-bit WAV of a real spoken consultation from the dev set, for Chromium's fake microphone
 * (--use-file-for-fake-audio-capture loops it). Made once per run with ffmpeg.
 */
export function fakeMicrophoneWav(name = 'dev-01', seconds?: number): string {
  fs.mkdirSync(artifactsDir, { recursive: true });
  const out = path.join(artifactsDir, `${name}${seconds ? `-${seconds}s` : ''}-mic.wav`);
  if (!fs.existsSync(out)) {
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-i',
      path.join(devAudioDir, `${name}.webm`),
      ...(seconds ? ['-t', String(seconds)] : []),
      '-ar',
      '48000',
      '-ac',
      '1',
      '-c:a',
      'pcm_s16le',
      out,
    ]);
  }
  return out;
}

export function fakeMicrophoneArgs(wav: string): string[] {
  return [
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${wav}`,
  ];
}
