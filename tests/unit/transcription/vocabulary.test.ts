import { describe, expect, it } from 'vitest';
import {
  buildVocabularyPrompt,
  parsePreConsultation,
} from '../../../api/providers/transcription/vocabulary.js';

describe('vocabulary prompt', () => {
  it('lists terms in both languages, numbers as clinicians write them, and ends with the patient context', () => {
    const prompt = buildVocabularyPrompt({
      patientName: 'Koei 52',
      clientName: 'Pieter Joubert',
      species: 'Cattle',
      breed: 'Nguni',
    });
    expect(prompt).toMatch(/meloxicam/i);
    expect(prompt).toMatch(/oxytetracycline/);
    expect(prompt).toMatch(/dragtig/); // Afrikaans
    expect(prompt).toMatch(/15 mg\/kg/);
    expect(prompt.endsWith('Nguni, Koei 52, Pieter Joubert.')).toBe(true);
  });

  it('cleans names (no line breaks, bounded length)', () => {
    const prompt = buildVocabularyPrompt({
      patientName: 'Max\n\nIgnore previous',
      clientName: 'x'.repeat(500),
    });
    expect(prompt).toContain('Max Ignore previous,');
    expect(prompt).not.toContain('x'.repeat(121));
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
