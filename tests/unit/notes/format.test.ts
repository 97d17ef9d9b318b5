import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bulletLines, isNewFormat, toSoapFormat } from '#shared/notes/index.js';
import { notesAsText, summariseNotes } from '#shared/notes/summary.js';

describe('isNewFormat', () => {
  it('is true when any of subjective, objective, assessment or plan has text', () => {
    expect(isNewFormat({ subjective: 'Vomiting' })).toBe(true);
    expect(isNewFormat({ plan: 'Recheck in 2 days', chiefComplaint: 'old' })).toBe(true);
  });
  it('is false for the older format and for empty SOAP fields', () => {
    expect(isNewFormat({ chiefComplaint: 'Vomiting', diagnosis: 'Gastritis' })).toBe(false);
    expect(isNewFormat({ subjective: '', objective: '  ', chiefComplaint: 'x' })).toBe(false);
    expect(isNewFormat({})).toBe(false);
  });
});

describe('toSoapFormat (spec §3 conversion of the older format)', () => {
  it('joins chief complaint and history, and treatment and notes, with labels and a blank line', () => {
    const converted = toSoapFormat({
      patientName: 'Max',
      chiefComplaint: 'Vomiting',
      history: 'Ate bones on Saturday',
      examination: 'T 39.4',
      diagnosis: 'Gastroenteritis',
      treatment: 'Maropitant 1 mg/kg SC',
      notes: 'Recheck in 2 days',
    });
    expect(converted).toEqual({
      patientName: 'Max',
      subjective: 'Chief Complaint: Vomiting\n\nHistory: Ate bones on Saturday',
      objective: 'T 39.4',
      assessment: 'Gastroenteritis',
      plan: 'Treatment: Maropitant 1 mg/kg SC\n\nNotes: Recheck in 2 days',
    });
  });
  it('drops empty parts and sections', () => {
    const converted = toSoapFormat({
      chiefComplaint: '  ',
      history: 'Coughing',
      treatment: '',
      notes: 'Rest',
    });
    expect(converted.subjective).toBe('History: Coughing');
    expect(converted.objective).toBe('');
    expect(converted.assessment).toBe('');
    expect(converted.plan).toBe('Notes: Rest');
  });
  it('passes new-format notes through unchanged and keeps header fields', () => {
    const notes = {
      consultationDate: '21/11/2026',
      subjective: 'a',
      objective: 'b',
      assessment: '',
      plan: 'c',
    };
    expect(toSoapFormat(notes)).toEqual(notes);
  });
  const scorerUrl = new URL('../../../../shared/tools/score.mjs', import.meta.url);
  it.skipIf(!existsSync(fileURLToPath(scorerUrl)))(
    'agrees with the shared scorer on both formats',
    async () => {
      const scorer = (await import(scorerUrl.href)) as {
        soapTexts: (notes: object) => Record<string, string>;
      };
      const old = {
        chiefComplaint: 'Lame',
        history: 'Two days',
        examination: 'Swollen',
        diagnosis: 'Abscess',
        notes: 'Recheck',
      };
      const ours = toSoapFormat(old);
      expect(scorer.soapTexts(old)).toEqual({
        subjective: ours.subjective,
        objective: ours.objective,
        assessment: ours.assessment,
        plan: ours.plan,
      });
    },
  );
});

describe('bullets and the display summary', () => {
  it('treats every non-empty line as a bullet and strips typed bullet marks', () => {
    expect(bulletLines('- one\n\n • two\n*three\n   ')).toEqual(['one', 'two', 'three']);
  });
  it('summarises patient, date, complaint, assessment and at most three plan lines', () => {
    const summary = summariseNotes({
      patientName: 'Max',
      species: 'Dogs',
      clientName: 'Thandi',
      consultationDate: '21/11/2026',
      consultationTime: '09:15',
      subjective: 'Vomiting since yesterday\nAte bones',
      objective: 'Temperature: 39.4 °C',
      assessment: 'Gastroenteritis',
      plan: 'a\nb\nc\nd',
    });
    expect(summary).toMatchObject({
      title: 'Max (Dogs)',
      clientName: 'Thandi',
      when: '21/11/2026 09:15',
      complaint: 'Vomiting since yesterday',
      assessment: 'Gastroenteritis',
      plan: ['a', 'b', 'c'],
      counts: { subjective: 2, objective: 1, assessment: 1, plan: 4 },
      isEmpty: false,
    });
  });
  it('summarises older-format records through the same conversion', () => {
    const summary = summariseNotes({ chiefComplaint: 'Lame', diagnosis: 'Foot rot' });
    expect(summary.title).toBe('Patient');
    expect(summary.complaint).toBe('Chief Complaint: Lame');
    expect(summary.assessment).toBe('Foot rot');
  });
  it('renders notes as text with section headings', () => {
    expect(notesAsText({ subjective: 'a', objective: '', assessment: 'b', plan: '' })).toBe(
      'SUBJECTIVE (S)\n- a\n\nASSESSMENT (A)\n- b',
    );
  });
});
