import { describe, expect, it } from 'vitest';
import { leansTo, summarizeLanguages, toLanguageCode } from '../../../api/transcription/languages.js';

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

  it("tells which way a reading's function words lean", () => {
    expect(leansTo('She is eating and drinking, but the cough is there.')).toBe('en');
    expect(leansTo('Die koei het nie koors nie, en sy eet weer.')).toBe('af');
    expect(leansTo('Meloxicam 0.1 mg/kg.')).toBeUndefined();
  });
});
