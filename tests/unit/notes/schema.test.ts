import { describe, expect, it } from 'vitest';
import {
  CONSULTATION_TYPES,
  ClinicalDataSchema,
  ExtractRequestSchema,
  PreConsultationDataSchema,
  RecordingMetadataSchema,
  SPECIES,
} from '#shared/schemas/clinical.js';

describe('clinical schemas', () => {
  it('export the spec option lists in order', () => {
    expect(SPECIES).toEqual(['Cattle', 'Sheep', 'Goats', 'Horses', 'Pigs', 'Dogs', 'Cats', 'Other']);
    expect(CONSULTATION_TYPES).toContain('Farm Visit');
    expect(CONSULTATION_TYPES).toHaveLength(9);
  });
  it('accept an empty select and any letter case for species and consultation type', () => {
    expect(PreConsultationDataSchema.parse({ species: '', consultationType: 'farm visit' })).toMatchObject({
      species: undefined,
      consultationType: 'Farm Visit',
    });
    expect(PreConsultationDataSchema.safeParse({ species: 'Dragons' }).success).toBe(false);
  });
  it('validate recording metadata formats', () => {
    expect(
      RecordingMetadataSchema.safeParse({
        consultationDate: '21/11/2026',
        consultationTime: '09:15',
        recordingDuration: '75:03',
      }).success,
    ).toBe(true);
    expect(
      RecordingMetadataSchema.safeParse({
        consultationDate: '2026-11-21',
        consultationTime: '09:15',
        recordingDuration: '01:00',
      }).success,
    ).toBe(false);
  });
  it('require the four SOAP fields and allow optional header fields', () => {
    expect(
      ClinicalDataSchema.safeParse({ subjective: '', objective: '', assessment: '', plan: '' }).success,
    ).toBe(true);
    expect(ClinicalDataSchema.safeParse({ subjective: 'x' }).success).toBe(false);
  });
  it('take optional timed segments with the transcript', () => {
    const parsed = ExtractRequestSchema.parse({
      transcript: 'x',
      segments: [{ start: 0, end: 1.5, text: 'x' }],
    });
    expect(parsed.segments?.[0]?.end).toBe(1.5);
  });
});
