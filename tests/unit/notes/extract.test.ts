import { describe, expect, it } from 'vitest';
import {
  alignNotes,
  extractClinicalNotes,
  isSupported,
  normaliseDoses,
  supportRatio,
} from '#shared/notes/index.js';
import { ExtractResponseSchema } from '#shared/schemas/clinical.js';

const DICTATION = [
  'Okay, recording. Um, notes for Biscuit.',
  'The owner says he stopped eating two days ago and his droppings are very small.',
  'On examination, temperature 38,4 degrees, heart rate 220 beats per minute. Gut sounds are reduced.',
  'Assessment: gastrointestinal stasis. Prognosis is fair.',
  'Plan: meloxicam at nought point five milligrams per kilogram by mouth once a day for five days. Recheck in two days.',
  'The owner will pay at the end of the month. End of recording.',
].join('\n');

describe('extractClinicalNotes', () => {
  const response = extractClinicalNotes({
    transcript: DICTATION,
    preConsultationData: { patientName: 'Biscuit', species: 'Other' },
    recordingMetadata: {
      consultationDate: '21/11/2026',
      consultationTime: '10:00',
      recordingDuration: '02:10',
    },
  });

  it('returns a response that satisfies the schema, with header fields merged', () => {
    expect(ExtractResponseSchema.parse(response)).toBeTruthy();
    expect(response.clinicalData).toMatchObject({
      patientName: 'Biscuit',
      species: 'Other',
      consultationDate: '21/11/2026',
      recordingDuration: '02:10',
    });
  });
  it('writes clean bullets in the right sections, without filler, control phrases or payment talk', () => {
    const notes = response.clinicalData;
    expect(notes.subjective).toMatch(/stopped eating 2 days ago/);
    expect(notes.objective.split('\n')).toEqual(
      expect.arrayContaining(['Temperature: 38.4 °C', 'Heart rate: 220 bpm', 'Gut sounds are reduced']),
    );
    expect(notes.assessment.split('\n')).toEqual(['Gastrointestinal stasis', 'Prognosis is fair']);
    expect(notes.plan).toMatch(/^Meloxicam at 0\.5 mg\/kg PO SID for 5 days$/m);
    expect(notes.plan).toMatch(/Recheck in 2 days/);
    const soap = [notes.subjective, notes.objective, notes.assessment, notes.plan].join('\n');
    expect(soap).not.toMatch(/\bum\b|recording|pay|month/i);
  });
  it('gives every bullet evidence spans that quote the transcript and support it', () => {
    const lines = ['subjective', 'objective', 'assessment', 'plan'].flatMap((s) =>
      response.clinicalData[s as 'plan'].split('\n').filter(Boolean),
    );
    expect(response.evidence).toHaveLength(lines.length);
    for (const item of response.evidence) {
      expect(response.clinicalData[item.section].split('\n')[item.line]).toBe(item.bullet);
      const quoted = item.spans.map((s) => DICTATION.slice(s.start, s.end));
      expect(quoted).toEqual(item.spans.map((s) => s.text));
      expect(isSupported(item.bullet, `${quoted.join(' ')} ${normaliseDoses(quoted.join(' '))}`)).toBe(true);
    }
  });
  it('adds audio times to evidence when the transcript came with segments', () => {
    const transcript = 'Temperature 39.5 today.\nGive maropitant 1 mg/kg SC.';
    const timed = extractClinicalNotes({
      transcript,
      segments: [
        { start: 0, end: 2, text: 'Temperature 39.5 today.' },
        { start: 2, end: 5, text: 'Give maropitant 1 mg/kg SC.' },
      ],
    });
    const plan = timed.evidence.find((e) => e.section === 'plan');
    expect(plan?.spans[0]?.audioStart).toBeGreaterThanOrEqual(2);
    expect(plan?.spans[0]?.audioEnd).toBeLessThanOrEqual(5);
  });
  it('merges a fact repeated in a dictated summary into one bullet with two spans', () => {
    const repeated = extractClinicalNotes({
      transcript: 'Her temperature is 39.8.\nSummary: temperature 39.8.',
    });
    expect(repeated.clinicalData.objective).toBe('Temperature: 39.8 °C');
    expect(repeated.evidence[0]?.spans).toHaveLength(2);
  });
  it('returns empty sections and a warning for pure small talk', () => {
    const chat = extractClinicalNotes({ transcript: 'Lovely weather today. The rugby was great.' });
    expect(chat.clinicalData).toMatchObject({ subjective: '', objective: '', assessment: '', plan: '' });
    expect(chat.warnings).toContain('No clinical statements were found in the transcript.');
  });
});

describe('evidence for notes written elsewhere', () => {
  it('measures support like the evaluation does', () => {
    expect(supportRatio('Temperature 39.4', 'his temperature is 39.4')).toBe(1);
    expect(supportRatio('Chemotherapy with doxorubicin', 'his temperature is 39.4')).toBe(0);
  });
  it('aligns supported bullets and drops unsupported ones', () => {
    const aligned = alignNotes('He vomited twice. Temperature 39.4.', {
      subjective: 'Vomited twice',
      objective: 'Temperature 39.4\nHeart murmur grade 4',
      assessment: '',
      plan: '',
    });
    expect(aligned.sections.objective).toEqual(['Temperature 39.4']);
    expect(aligned.unsupported).toEqual([{ section: 'objective', bullet: 'Heart murmur grade 4' }]);
  });
});
