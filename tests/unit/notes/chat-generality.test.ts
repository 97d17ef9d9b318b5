import { describe, expect, it } from 'vitest';
import { classified, sectionOf } from './classified.js';

describe('chat in the future tense', () => {
  it('a time of day or a future verb does not make household news clinical', () => {
    const result = classified(
      [
        'She has been coughing at night for a week.',
        'The electricity goes off again tonight, the whole street is dark.',
        'Ons gaan vanaand by die skoonma braai.',
        'We will start her on doxycycline tonight, 10 mg/kg once a day.',
        'Hy gaan vanaand weer sy pille kry.',
      ].join('\n'),
    );
    expect(sectionOf(result, 'electricity goes off')).toBe('left');
    expect(sectionOf(result, 'skoonma braai')).toBe('left');
    expect(sectionOf(result, 'doxycycline')).toBe('P');
    expect(sectionOf(result, 'sy pille kry')).toBe('P');
  });
});

describe("the recorder's own words", () => {
  it('name a short control phrase logistics, but not a long clinical sentence that starts with them', () => {
    const result = classified(
      'okay recording farm call to a six year old jersey cow the herdsman found her down in the paddock at four this morning and she has not eaten since',
    );
    expect(result.filter(([, section]) => section !== 'left').length).toBeGreaterThan(0);
    expect(sectionOf(result, 'found her down')).toBe('S');
    expect(classified('Stop recording.')[0]?.[1]).toBe('left');
  });
  it("a month's end is a date, not the end of a dictation", () => {
    const result = classified('Sy is ses maande dragtig en behoort einde Maart te lam.');
    expect(result.every(([, section]) => section !== 'left')).toBe(true);
  });
});

describe('an aside run into a clinical breath (one line without punctuation)', () => {
  it('is cut at its marker: the clinical words stay in the notes and the aside is left out', () => {
    const result = classified(
      'repeat the bile acids in three weeks the owner asked about the price of the new kitten food at the shop next month',
    );
    expect(sectionOf(result, 'bile acids')).toBe('P');
    expect(sectionOf(result, 'kitten food')).toBe('left');
  });
  it("the dictation's end and a note to self after the plan are left out", () => {
    const result = classified(
      'refer him to the specialist for a scan this week the owner agreed end of dictation note to self order more catheters for the clinic',
    );
    expect(sectionOf(result, 'specialist')).toBe('P');
    expect(sectionOf(result, 'catheters')).toBe('left');
  });
});
