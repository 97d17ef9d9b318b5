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

export interface DevItem {
  id: string;
  language: 'en' | 'af' | 'mixed';
  audioPath: string;
  reference: string;
  preConsultation: Record<string, unknown>;
}

export function devItems(): DevItem[] {
  return fs
    .readdirSync(devAudioDir)
    .filter((f) => f.endsWith('.webm'))
    .sort()
    .map((file) => {
      const id = file.replace(/\.webm$/, '');
      const script = JSON.parse(fs.readFileSync(path.join(devScriptsDir, `${id}.json`), 'utf8')) as {
        language: DevItem['language'];
        preConsultation?: Record<string, unknown>;
      };
      return {
        id,
        language: script.language,
        audioPath: path.join(devAudioDir, file),
        reference: fs.readFileSync(path.join(devAudioDir, `${id}.txt`), 'utf8'),
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
