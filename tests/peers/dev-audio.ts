import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './whisper-peer.js';

/** The project's given data (../shared beside the repo, as on CI); SHARED_DIR overrides. */
export const sharedDir = process.env.SHARED_DIR ?? path.resolve(repoRoot, '..', 'shared');
export const devAudioDir = path.join(sharedDir, 'eval', 'dev', 'audio');
export const devScriptsDir = path.join(sharedDir, 'eval', 'dev', 'scripts');

/** The dev files the transcription contract tests run by default (one per language; 2 cores). */
export const CONTRACT_DEV_SET = ['dev-03', 'dev-07', 'dev-11'];

/**
 * The part of a contract file `npm test` sends when the whole file is not needed for what the test asserts.
 * The English file runs whole: its WER and number recall are gated. For Afrikaans and mixed speech only the
 * language is asserted (espeak Afrikaans is beyond Whisper base), so two or three pieces say as much as the
 * whole file for less compute on two cores (peer alone: Afrikaans 98 s whole → 25 s; mixed 70 s → 49 s).
 * The Afrikaans excerpt skips the opening the base model loops on; the mixed one holds English and
 * Afrikaans stretches that fall in different pieces. TRANSCRIBE_ALL_DEV=1 sends whole files.
 */
export const CONTRACT_EXCERPTS: Readonly<Record<string, { from: number; seconds: number }>> = {
  'dev-07': { from: 40, seconds: 40 },
  'dev-11': { from: 20, seconds: 55 },
};

export interface DevItem {
  id: string;
  language: 'en' | 'af' | 'mixed';
  audioPath: string;
  reference: string;
  preConsultation: Record<string, unknown>;
}

/**
 * The spoken consultations of one set: NAME.webm + NAME.txt in `audioDir`, the script NAME.json (its
 * language and pre-consultation form) in `scriptsDir`. Default: the given dev set.
 */
export function devItems(audioDir = devAudioDir, scriptsDir = devScriptsDir): DevItem[] {
  return fs
    .readdirSync(audioDir)
    .filter((f) => f.endsWith('.webm'))
    .sort()
    .map((file) => {
      const id = file.replace(/\.webm$/, '');
      const script = JSON.parse(fs.readFileSync(path.join(scriptsDir, `${id}.json`), 'utf8')) as {
        language: DevItem['language'];
        preConsultation?: Record<string, unknown>;
      };
      return {
        id,
        language: script.language,
        audioPath: path.join(audioDir, file),
        reference: fs.readFileSync(path.join(audioDir, `${id}.txt`), 'utf8'),
        preConsultation: script.preConsultation ?? {},
      };
    });
}

export interface WerResult {
  wer: number;
  errors: number;
  refWords: number;
  hypWords: number;
  numbers: number;
  numberRecall: number;
}

/** shared/tools/score.mjs's own `wer`, imported at run time (it is plain JS outside the TS project). */
export async function loadWer(): Promise<(reference: string, hypothesis: string) => WerResult> {
  const module = (await import(pathToFileURL(path.join(sharedDir, 'tools', 'score.mjs')).href)) as {
    wer: (reference: string, hypothesis: string) => WerResult;
  };
  return module.wer;
}

/**
 * A held-out speech set: the project's own consultation scripts (e.g. tests/fixtures/notes/blind-2),
 * spoken by ../shared/tools/synth.sh (espeak-ng, deterministic) into .cache/eval/audio/<set>/ the first
 * time they are asked for. Returns the items, scored like the dev audio.
 */
export function synthesizedItems(scriptsDir: string): DevItem[] {
  const audioDir = path.join(repoRoot, '.cache', 'eval', 'audio', path.basename(scriptsDir));
  const scripts = fs.readdirSync(scriptsDir).filter((f) => f.endsWith('.json'));
  const missing = scripts.some((f) => !fs.existsSync(path.join(audioDir, f.replace(/\.json$/, '.webm'))));
  if (missing) {
    fs.mkdirSync(audioDir, { recursive: true });
    execFileSync('bash', [path.join(sharedDir, 'tools', 'synth.sh'), scriptsDir, audioDir], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  return devItems(audioDir, scriptsDir);
}
