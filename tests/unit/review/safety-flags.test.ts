import { describe, expect, it } from 'vitest';
import type { BulletEvidence, ClinicalData, SafetyFlag } from '#shared/schemas/clinical.js';
import {
  evidenceFor,
  flagKey,
  flagsByBullet,
  isFlagOutstanding,
  outstandingFlags,
  toReviewFlags,
} from '../../../web/src/features/review/model/safety-flags.js';

const notes: ClinicalData = {
  subjective: 'Coughing',
  objective: '',
  assessment: 'Pneumonia',
  plan: 'Oxytetracycline LA 80 mg/kg IM once\n\nRecheck in 3 days',
};

const doseFlag: SafetyFlag = {
  kind: 'dose-out-of-range',
  severity: 'danger',
  message: 'Oxytetracycline 80 mg/kg is outside the formulary range for Cattle (10–20 mg/kg).',
  section: 'plan',
  line: 0,
  drug: 'Oxytetracycline',
};
const withdrawalFlag: SafetyFlag = {
  ...doseFlag,
  kind: 'missing-withdrawal-period',
  severity: 'warning',
  message: 'No withdrawal',
};

describe('safety flag acknowledgement rules', () => {
  const flags = toReviewFlags([doseFlag, withdrawalFlag, { ...doseFlag, line: 7 }], notes);

  it('ties each flag to the text of its bullet (a flag on a missing line is dropped)', () => {
    expect(flags).toHaveLength(2);
    expect(flags[0]!.bullet).toBe('Oxytetracycline LA 80 mg/kg IM once');
  });

  it('a flag blocks saving until acknowledged', () => {
    expect(outstandingFlags(flags, notes, [])).toHaveLength(2);
    expect(isFlagOutstanding(flags[0]!, notes, [flagKey(flags[0]!)])).toBe(false);
    expect(outstandingFlags(flags, notes, [flagKey(flags[0]!)])).toEqual([flags[1]]);
    expect(outstandingFlags(flags, notes, flags.map(flagKey))).toEqual([]);
  });

  it('editing the flagged bullet resolves its flags; moving it does not', () => {
    const edited = { ...notes, plan: 'Oxytetracycline LA 20 mg/kg IM once\nRecheck in 3 days' };
    expect(outstandingFlags(flags, edited, [])).toEqual([]);
    const moved = { ...notes, plan: 'Rest in a dry pen\nOxytetracycline LA 80 mg/kg IM once' };
    expect(outstandingFlags(flags, moved, [])).toHaveLength(2);
    expect([...flagsByBullet(flags, moved).keys()]).toEqual(['plan:1']);
  });

  it('keys flags by what they say about which text, not by line number', () => {
    const [again] = toReviewFlags([{ ...doseFlag, line: 2 }], {
      ...notes,
      plan: 'a\nb\nOxytetracycline LA 80 mg/kg IM once',
    });
    expect(flagKey(again!)).toBe(flagKey(flags[0]!));
    expect(flagKey(flags[0]!)).not.toBe(flagKey(flags[1]!));
  });

  it('has no flags when the extractor gave none', () => {
    expect(outstandingFlags(undefined, notes, undefined)).toEqual([]);
    expect(flagsByBullet(undefined, notes).size).toBe(0);
  });
});

describe('bullet evidence', () => {
  const evidence: BulletEvidence[] = [
    {
      section: 'assessment',
      line: 0,
      bullet: 'Pneumonia',
      spans: [{ start: 10, end: 30, text: 'looks like pneumonia', audioStart: 4.2, audioEnd: 6 }],
    },
  ];
  it('finds a bullet’s evidence by section and text; an edited bullet has none', () => {
    expect(evidenceFor(evidence, 'assessment', 'Pneumonia')?.spans[0]?.audioStart).toBe(4.2);
    expect(evidenceFor(evidence, 'assessment', 'Severe pneumonia')).toBeUndefined();
    expect(evidenceFor(evidence, 'plan', 'Pneumonia')).toBeUndefined();
    expect(evidenceFor(undefined, 'plan', 'x')).toBeUndefined();
  });
});
