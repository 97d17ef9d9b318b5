import { describe, expect, it } from 'vitest';
import type { ClinicalData } from '#shared/schemas/clinical.js';
import {
  applyDraft,
  bulletsOf,
  displayNotes,
  isDraftDirty,
  notesFingerprint,
  SECTION_INFO,
  startDraft,
} from '../../../web/src/features/review/model/notes-draft.js';
import { highlightPieces, normaliseRanges } from '../../../web/src/features/review/model/highlight.js';

const notes: ClinicalData = {
  consultationDate: '01/03/2025',
  patientName: 'Bessie',
  subjective: '- Lame left fore for 3 days\n\n- Off feed',
  objective: 'Temp 39.8 °C',
  assessment: '',
  plan: 'Oxytetracycline LA 20 mg/kg IM\nRecheck in 3 days',
};

describe('bullets', () => {
  it('makes every non-empty line a bullet, keeping the raw line it came from', () => {
    expect(bulletsOf(notes.subjective)).toEqual([
      { text: 'Lame left fore for 3 days', index: 0, rawLine: 0 },
      { text: 'Off feed', index: 1, rawLine: 2 },
    ]);
    expect(bulletsOf('')).toEqual([]);
    expect(bulletsOf('  \n•  \n* x')).toEqual([{ text: 'x', index: 0, rawLine: 2 }]);
  });

  it('has the four sections with their helper descriptions', () => {
    expect(SECTION_INFO.subjective.title).toBe('SUBJECTIVE (S)');
    expect(SECTION_INFO.plan.helper).toMatch(/Medications with dosages/);
  });
});

describe('notes draft', () => {
  it('Edit Notes copies the sections into a draft; an untouched draft is not dirty', () => {
    const draft = startDraft(notes);
    expect(draft.plan).toBe(notes.plan);
    expect(isDraftDirty(notes, draft)).toBe(false);
    // Blank lines and trailing spaces do not change the bullets, so they are not an edit.
    expect(isDraftDirty(notes, { ...draft, objective: 'Temp 39.8 °C  \n\n' })).toBe(false);
    expect(isDraftDirty(notes, { ...draft, plan: 'Oxytetracycline LA 10 mg/kg IM\nRecheck in 3 days' })).toBe(
      true,
    );
  });

  it('Save Changes keeps the header fields and stores the bullets without blank lines', () => {
    const saved = applyDraft(notes, {
      ...startDraft(notes),
      assessment: 'Foot abscess  \n\n  \nGuarded prognosis',
    });
    expect(saved.patientName).toBe('Bessie');
    expect(saved.consultationDate).toBe('01/03/2025');
    expect(saved.assessment).toBe('Foot abscess\nGuarded prognosis');
    expect(saved.subjective).toBe('- Lame left fore for 3 days\n- Off feed');
  });

  it('shows old-format notes through the shared conversion', () => {
    const shown = displayNotes({
      chiefComplaint: 'Coughing',
      history: '2 weeks',
      diagnosis: 'Bronchitis',
      treatment: 'Doxycycline',
    });
    expect(shown).toMatchObject({
      subjective: 'Chief Complaint: Coughing\n\nHistory: 2 weeks',
      assessment: 'Bronchitis',
      plan: 'Treatment: Doxycycline',
      objective: '',
    });
    expect(displayNotes(undefined)).toBeNull();
  });

  it('fingerprints notes and transcript together', () => {
    expect(notesFingerprint(notes, 'a')).toBe(notesFingerprint({ ...notes }, 'a'));
    expect(notesFingerprint(notes, 'a')).not.toBe(notesFingerprint(notes, 'b'));
    expect(notesFingerprint(notes, 'a')).not.toBe(notesFingerprint({ ...notes, plan: 'x' }, 'a'));
  });
});

describe('transcript highlight', () => {
  it('merges overlapping spans and splits the text into marked and plain pieces', () => {
    expect(
      normaliseRanges(
        [
          { start: 5, end: 9 },
          { start: 0, end: 3 },
          { start: 7, end: 12 },
        ],
        10,
      ),
    ).toEqual([
      { start: 0, end: 3 },
      { start: 5, end: 10 },
    ]);
    expect(highlightPieces('the cow is lame', [{ start: 4, end: 7 }])).toEqual([
      { text: 'the ', marked: false },
      { text: 'cow', marked: true },
      { text: ' is lame', marked: false },
    ]);
    expect(highlightPieces('', [])).toEqual([{ text: '', marked: false }]);
  });
});
