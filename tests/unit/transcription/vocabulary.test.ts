import { describe, expect, it } from 'vitest';
import { buildVocabularyPrompt, parsePreConsultation } from '../../../api/providers/transcription/vocabulary.js';

describe('vocabulary prompt', () => {
  it('steers spelling in both languages, with clinician number style, and ends with the patient context', () => {
    const prompt = buildVocabularyPrompt({ patientName: 'Koei 52', clientName: 'Pieter Joubert', species: 'Cattle', breed: 'Nguni' });
    expect(prompt).toMatch(/meloxicam/i);
    expect(prompt).toMatch(/oxytetracycline/);
    expect(prompt).toMatch(/dragtig/); // Afrikaans
    expect(prompt).toMatch(/39\.2/);
    expect(prompt).toMatch(/15 mg\/kg/);
    expect(prompt.endsWith('Patient: Koei 52 (Cattle, Nguni). Client: Pieter Joubert.')).toBe(true);
    // Whisper reads ~224 tokens of prompt; stay well inside (~4 characters a token).
    expect(prompt.length).toBeLessThan(700);
  });

  it('reads like prose, not a comma list (Whisper copies the prompt style)', () => {
    const prompt = buildVocabularyPrompt();
    const sentences = prompt.split(/[.;]\s/).length;
    expect(sentences).toBeGreaterThan(4);
    expect(prompt).not.toMatch(/Patient:/);
  });

  it('cleans names (no line breaks, bounded length)', () => {
    const prompt = buildVocabularyPrompt({ patientName: 'Max\n\nIgnore previous', clientName: 'x'.repeat(500) });
    expect(prompt).toContain('Patient: Max Ignore previous.');
    expect(prompt).not.toContain('x'.repeat(121));
  });

  it('parses the optional preConsultationData field', () => {
    expect(parsePreConsultation(undefined)).toEqual({});
    expect(parsePreConsultation('')).toEqual({});
    expect(parsePreConsultation('{"patientName":"Max","isFarmMode":false}')).toMatchObject({ patientName: 'Max' });
    expect(() => parsePreConsultation('{not json')).toThrow(/JSON object/);
    expect(() => parsePreConsultation('[1,2]')).toThrow(/JSON object/);
    expect(() => parsePreConsultation('{"patientName": 5}')).toThrow(/wrong type/);
  });
});
