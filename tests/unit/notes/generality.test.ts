import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractClinicalNotes } from '#shared/notes/index.js';
import type { ClinicalData, PreConsultationData } from '#shared/schemas/clinical.js';

/**
 * Consultation scripts written for this module (not the dev set the rules were tuned on), in the format of
 * the shared evaluation, scored with the shared scorer. They guard against rules that only fit the dev scripts.
 */
const fixtures = fileURLToPath(new URL('./fixtures/scripts/', import.meta.url));
const scorerUrl = new URL('../../../../shared/tools/score.mjs', import.meta.url);

interface Script {
  id: string;
  preConsultation?: PreConsultationData;
  turns: Array<{ text: string }>;
  facts: unknown[];
  noise?: string[];
}
interface Scorer {
  scoreNotes: (
    script: Script,
    notes: ClinicalData,
    transcript: string,
  ) => {
    recallInSection: number;
    noiseLeaked: number;
    bullets: number;
    unsupportedBullets: number;
    missed: string[];
  };
}

describe.skipIf(!existsSync(fileURLToPath(scorerUrl)))(
  'embedded extractor on home-made scripts (shared scorer)',
  () => {
    const scripts = readdirSync(fixtures)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(`${fixtures}${f}`, 'utf8')) as Script);

    it.each(scripts.map((s) => [s.id, s] as const))(
      '%s: recall ≥ 0.85 in section, no noise, no unsupported bullets',
      async (_id, script) => {
        const scorer = (await import(scorerUrl.href)) as Scorer;
        const transcript = script.turns.map((t) => t.text).join('\n');
        const { clinicalData } = extractClinicalNotes({
          transcript,
          ...(script.preConsultation ? { preConsultationData: script.preConsultation } : {}),
        });
        const score = scorer.scoreNotes(script, clinicalData, transcript);
        expect(score.recallInSection, score.missed.join('; ')).toBeGreaterThanOrEqual(0.85);
        expect(score.noiseLeaked).toBe(0);
        expect(score.unsupportedBullets).toBe(0);
      },
    );

    it.each(scripts.map((s) => [s.id, s] as const))(
      '%s as unpunctuated lower-case ASR-like text: recall ≥ 0.75, no unsupported bullets',
      async (_id, script) => {
        const scorer = (await import(scorerUrl.href)) as Scorer;
        const transcript = script.turns
          .map((t) => t.text)
          .join(' ')
          .replace(/(?<!\d)[.,](?!\d)/g, '')
          .replace(/[?!]/g, '')
          .toLowerCase();
        const { clinicalData } = extractClinicalNotes({
          transcript,
          ...(script.preConsultation ? { preConsultationData: script.preConsultation } : {}),
        });
        const score = scorer.scoreNotes(script, clinicalData, transcript);
        expect(score.recallInSection, score.missed.join('; ')).toBeGreaterThanOrEqual(0.75);
        expect(score.unsupportedBullets).toBe(0);
      },
    );
  },
);
