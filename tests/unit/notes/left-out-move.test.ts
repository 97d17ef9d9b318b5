import { describe, expect, it } from 'vitest';
import { asBullet, moveLeftOutLine } from '../../../web/src/features/review/model/left-out.js';
import type { ClinicalData, LeftOutLine } from '#shared/schemas/clinical.js';

const notes: ClinicalData = {
  patientName: 'Bella',
  subjective: 'Coughing for a week',
  objective: '',
  assessment: 'Likely kennel cough',
  plan: 'Doxycycline 10 mg/kg PO SID\nRecheck in 7 days',
};
const leftOut: LeftOutLine[] = [
  {
    text: 'Did she go to the kennels?',
    reason: 'question',
    spans: [{ start: 0, end: 26, text: 'Did she go to the kennels?' }],
  },
  {
    text: 'Keep her away from other dogs for a week.',
    reason: 'small-talk',
    suggestedSection: 'plan',
    spans: [{ start: 40, end: 81, text: 'Keep her away from other dogs for a week.' }],
  },
];

describe("moving a 'Left out' line into the notes", () => {
  it('appends it as the last bullet of the chosen section, with its evidence, and takes it off the list', () => {
    for (const section of ['subjective', 'objective', 'assessment', 'plan'] as const) {
      const moved = moveLeftOutLine(notes, [], leftOut, 1, section);
      const bullets = moved.clinicalData[section].split('\n').filter(Boolean);
      expect(bullets.at(-1)).toBe('Keep her away from other dogs for a week');
      expect(moved.leftOut.map((l) => l.text)).toEqual(['Did she go to the kennels?']);
      expect(moved.evidence).toEqual([
        {
          section,
          line: bullets.length - 1,
          bullet: 'Keep her away from other dogs for a week',
          spans: leftOut[1]!.spans,
        },
      ]);
      // The other sections and the header fields are untouched.
      for (const other of ['subjective', 'objective', 'assessment', 'plan'] as const)
        if (other !== section) expect(moved.clinicalData[other]).toBe(notes[other]);
      expect(moved.clinicalData.patientName).toBe('Bella');
    }
  });
  it('an index that is not on the list changes nothing', () => {
    const moved = moveLeftOutLine(notes, undefined, leftOut, 5, 'plan');
    expect(moved.clinicalData).toEqual(notes);
    expect(moved.leftOut).toEqual(leftOut);
  });
  it('a line reads as a bullet: capitalised, no final full stop, questions keep their mark', () => {
    expect(asBullet('  keep her in.  ')).toBe('Keep her in');
    expect(asBullet('Did she eat?')).toBe('Did she eat?');
    expect(asBullet('approx. 2 weeks ago...')).toBe('Approx. 2 weeks ago...');
  });
});
