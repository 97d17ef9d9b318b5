import { describe, expect, it } from 'vitest';
import {
  leansTo,
  summarizeLanguages,
  toLanguageCode,
} from '../../../api/providers/transcription/languages.js';

describe('languages', () => {
  it('maps OpenAI language names and ISO codes to codes', () => {
    expect(toLanguageCode('afrikaans')).toBe('af');
    expect(toLanguageCode('English')).toBe('en');
    expect(toLanguageCode('af')).toBe('af');
    expect(toLanguageCode(undefined)).toBeUndefined();
  });

  it('summarises a recording: one language, or mixed when a second carries a real share', () => {
    expect(summarizeLanguages([{ language: 'en', words: 100 }])).toBe('en');
    expect(
      summarizeLanguages([
        { language: 'af', words: 95 },
        { language: 'en', words: 5 },
      ]),
    ).toBe('af');
    expect(
      summarizeLanguages([
        { language: 'af', words: 60 },
        { language: 'en', words: 40 },
      ]),
    ).toBe('mixed');
    expect(summarizeLanguages([{ language: undefined, words: 10 }])).toBeUndefined();
    expect(summarizeLanguages([])).toBeUndefined();
  });

  it("counts English the model was unsure of for the practice's other language (issue 18: 2 of 12 labels wrong)", () => {
    // An Afrikaans recording with one piece of English-sounding words (-0.94) was labelled 'mixed'.
    const afrikaansFile = [
      { language: 'af', words: 260 },
      { language: 'en', words: 70, segments: [{ words: 70, avgLogprob: -0.94 }] },
      { language: 'en', words: 12, segments: [{ words: 12, avgLogprob: -1.1 }] },
    ];
    expect(summarizeLanguages(afrikaansFile)).toBe('mixed');
    expect(summarizeLanguages(afrikaansFile, 'af')).toBe('af');
    // A mixed recording whose short Afrikaans turns came out as unsure English was labelled 'en'.
    const mixedFile = [
      {
        language: 'en',
        words: 60,
        segments: [
          { words: 45, avgLogprob: -0.92 },
          { words: 15, avgLogprob: -0.46 },
        ],
      },
      { language: 'en', words: 200, segments: [{ words: 200, avgLogprob: -0.4 }] },
      { language: 'en', words: 20, segments: [{ words: 20, avgLogprob: -1.06 }] },
    ];
    expect(summarizeLanguages(mixedFile)).toBe('en');
    expect(summarizeLanguages(mixedFile, 'af')).toBe('mixed');
    // English read with confidence stays English; pieces without confidence keep the engine's word.
    expect(
      summarizeLanguages(
        [{ language: 'en', words: 300, segments: [{ words: 300, avgLogprob: -0.3 }] }],
        'af',
      ),
    ).toBe('en');
    expect(summarizeLanguages([{ language: 'en', words: 300 }], 'af')).toBe('en');
  });

  it("tells which way a reading's function words lean", () => {
    expect(leansTo('She is eating and drinking, but the cough is there.')).toBe('en');
    expect(leansTo('Die koei het nie koors nie, en sy eet weer.')).toBe('af');
    expect(leansTo('Meloxicam 0.1 mg/kg.')).toBeUndefined();
  });
});
