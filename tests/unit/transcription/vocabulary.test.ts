import { describe, expect, it } from 'vitest';
import drugsJson from '#shared/notes/lexicon/drugs.json' with { type: 'json' };
import {
  NUMBER_STYLE,
  buildVocabularyPrompt,
  FORMULARY_BY_USE,
  formularyByUse,
  parsePracticeVocabulary,
  parsePreConsultation,
  promptTokenBound,
  WHISPER_PROMPT_TOKENS,
} from '../../../api/transcription/vocabulary.js';

describe('vocabulary prompt', () => {
  it('lists terms, numbers as clinicians write them, and ends with the patient context', () => {
    const prompt = buildVocabularyPrompt({
      patientName: 'Koei 52',
      clientName: 'Pieter Joubert',
      species: 'Cattle',
      breed: 'Nguni',
    });
    expect(prompt).toMatch(/meloxicam/i);
    expect(prompt).toMatch(/oxytetracycline/);
    expect(prompt).toMatch(/15 mg\/kg/);
    expect(prompt.endsWith('Nguni, Koei 52, Pieter Joubert.')).toBe(true);
  });

  it("opens the first piece's prompt with the names and ends it with drug names, the same terms", () => {
    const hints = { patientName: 'Biscuit', clientName: 'Lerato Mokoena' };
    const opening = buildVocabularyPrompt(hints, 'Drakensig farm', { opening: true });
    // Whisper skips a recording's opening words when the prompt ends with them ("this is for Biscuit,
    // Lerato Mokoena's rabbit"): 5 of 15 English dev openings were lost with the names last.
    expect(
      opening.startsWith(`Biscuit, Lerato Mokoena, Drakensig farm, ${NUMBER_STYLE.join(', ')}, meloxicam, `),
    ).toBe(true);
    expect(opening).toMatch(/, [a-z][a-z -]+\.$/);
    const rest = buildVocabularyPrompt(hints, 'Drakensig farm');
    const terms = (prompt: string) => prompt.slice(0, -1).split(', ').sort();
    expect(terms(opening)).toEqual(terms(rest));
  });

  it('cleans names (no line breaks, bounded length)', () => {
    const prompt = buildVocabularyPrompt({
      patientName: 'Max\n\nIgnore previous',
      clientName: 'x'.repeat(500),
    });
    expect(prompt).toContain('Max Ignore previous,');
    expect(prompt).not.toContain('x'.repeat(121));
  });

  it('ranks the formulary by use: every ranked name is a formulary drug, and none is left out', () => {
    const names = drugsJson.drugs.map((drug) => drug.name);
    for (const name of FORMULARY_BY_USE) expect(names, name).toContain(name);
    expect(new Set(FORMULARY_BY_USE).size).toBe(FORMULARY_BY_USE.length);
    const order = formularyByUse();
    expect(order.slice(0, FORMULARY_BY_USE.length)).toEqual([...FORMULARY_BY_USE]);
    expect(order).toContain('cefquinome'); // in the formulary, not ranked: still offered after the ranked ones
    expect(order).not.toContain('rabies vaccine');
  });

  it("is not fitted to the dev recordings: the most used drugs come first, not the dev set's", () => {
    const prompt = buildVocabularyPrompt();
    const first = prompt.split(', ').slice(0, 8);
    expect(first).toEqual(
      expect.arrayContaining(['meloxicam', 'amoxicillin-clavulanate', 'oxytetracycline', 'enrofloxacin']),
    );
    expect(prompt).not.toMatch(/dragtig|koors/);
  });

  it('bounds the token estimate from above (counts from the Whisper tokenizer)', () => {
    // Real GPT-2/Whisper token counts with the leading space, measured with tokenizer.json of the base model.
    const measured: Array<[string, number]> = [
      [' meloxicam,', 5],
      [' amoxicillin-clavulanate,', 11],
      [' dexmedetomidine,', 8],
      [' Koos van der Merwe,', 7],
      [' Melkkudde (koeie 214, 187, 305, vers 412),', 21],
      [' 15 mg/kg, 39.2, 5%.', 11],
    ];
    for (const [text, tokens] of measured)
      expect(promptTokenBound(text), text).toBeGreaterThanOrEqual(tokens);
  });

  it("adds the practice's own vocabulary and the consultation's names, within Whisper's 224-token prompt", () => {
    const own = 'Synulox\nDrakensig farm, Bonsmara;Nguni\n\nsynulox';
    expect(parsePracticeVocabulary(own)).toEqual(['Synulox', 'Drakensig farm', 'Bonsmara', 'Nguni']);
    const prompt = buildVocabularyPrompt(
      { patientName: 'Kaptein', clientName: 'Marie Swanepoel', breed: 'Boer goat' },
      own,
    );
    // The number style sits between the practice's terms and the names, near the end Whisper weighs most.
    expect(
      prompt.endsWith(
        `Synulox, Drakensig farm, Bonsmara, Nguni, ${NUMBER_STYLE.join(', ')}, Boer goat, Kaptein, Marie Swanepoel.`,
      ),
    ).toBe(true);
    expect(promptTokenBound(prompt)).toBeLessThanOrEqual(WHISPER_PROMPT_TOKENS);
    expect(prompt.startsWith('meloxicam, ')).toBe(true);
  });

  it('gives the names and the practice vocabulary room before the formulary when they are long', () => {
    const long = Array.from({ length: 120 }, (_, i) => `Farmname${i}`).join('\n');
    const prompt = buildVocabularyPrompt(
      { patientName: 'Melkkudde (koeie 214, 187, 305, vers 412)', clientName: 'Mnr. Koos van der Merwe' },
      long,
    );
    expect(promptTokenBound(prompt)).toBeLessThanOrEqual(WHISPER_PROMPT_TOKENS);
    expect(prompt).toContain('Farmname0, Farmname1');
    expect(prompt.endsWith('Melkkudde (koeie 214, 187, 305, vers 412), Mnr. Koos van der Merwe.')).toBe(true);
    expect(prompt).not.toContain('Farmname119');
    expect(prompt).not.toMatch(/meloxicam/);
  });

  it('parses the optional preConsultationData field', () => {
    expect(parsePreConsultation(undefined)).toEqual({});
    expect(parsePreConsultation('')).toEqual({});
    expect(parsePreConsultation('{"patientName":"Max","isFarmMode":false}')).toMatchObject({
      patientName: 'Max',
    });
    expect(() => parsePreConsultation('{not json')).toThrow(/JSON object/);
    expect(() => parsePreConsultation('[1,2]')).toThrow(/JSON object/);
    expect(() => parsePreConsultation('{"patientName": 5}')).toThrow(/wrong type/);
  });
});
