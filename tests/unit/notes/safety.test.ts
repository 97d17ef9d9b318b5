import { describe, expect, it } from 'vitest';
import { checkPlanSafety, inferSpecies } from '#shared/notes/index.js';

const kinds = (plan: string, species?: Parameters<typeof checkPlanSafety>[1]) =>
  checkPlanSafety(plan, species).map((f) => f.kind);

describe('Plan safety pass', () => {
  it('flags a human NSAID for a dog or cat and paracetamol for a cat', () => {
    const flags = checkPlanSafety('Give ibuprofen 10 mg/kg PO BID', 'Dogs');
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({
      kind: 'contraindicated-for-species',
      severity: 'danger',
      drug: 'ibuprofen',
      line: 0,
    });
    expect(kinds('Paracetamol 10 mg/kg PO', 'Cats')).toContain('contraindicated-for-species');
    expect(kinds('Paracetamol 10 mg/kg PO', 'Dogs')).toEqual([]);
  });
  it('flags doses outside the species range and accepts doses inside it, trade names included', () => {
    expect(kinds('Meloxicam 0.1 mg/kg PO SID', 'Dogs')).toEqual([]);
    const high = checkPlanSafety('Metacam 1 mg/kg PO SID', 'Dogs');
    expect(high[0]).toMatchObject({ kind: 'dose-out-of-range', drug: 'meloxicam', severity: 'danger' });
    expect(kinds('Maropitant at 1 mg/kg SC, and 150 ml of Ringer’s lactate SC', 'Dogs')).toEqual([]);
    expect(kinds('Ketoprofen 30 mg/kg IM', 'Cattle')).toContain('dose-out-of-range');
    expect(kinds('Dexmedetomidine 5 µg/kg IM', 'Dogs')).toEqual([]);
  });
  it('binds each dose to the drug before it', () => {
    expect(kinds('Detomidine at 0.01 mg/kg IV and butorphanol at 0.02 mg/kg IV', 'Horses')).toEqual([]);
  });
  it('flags food-animal treatments without a withdrawal period', () => {
    const flags = checkPlanSafety('Oxytetracycline LA 20 mg/kg IM, repeat in 3 days', 'Sheep');
    expect(flags.map((f) => f.kind)).toEqual(['missing-withdrawal-period']);
    expect(flags[0]?.suggestion).toMatch(/meat 28 days/);
    expect(kinds('Oxytetracycline LA 20 mg/kg IM\nMeat withdrawal 28 days', 'Sheep')).toEqual([]);
    expect(
      kinds('Oxytetracycline LA 20 mg/kg IM\nDie onttrekkingstydperk vir vleis is 28 dae', 'Cattle'),
    ).toEqual([]);
    expect(kinds('Oxytetracycline 20 mg/kg IM', 'Dogs')).toEqual([]);
    expect(kinds('Oxytocin 20 IU IM', 'Pigs')).toEqual([]);
  });
  it('requires the withdrawal statement to name the drug when several drugs are named', () => {
    const plan = 'Amoxicillin 15 mg/kg IM\nMeloxicam 0.4 mg/kg IM\nWithdrawal for the amoxicillin is 14 days';
    expect(checkPlanSafety(plan, 'Pigs').map((f) => [f.kind, f.drug])).toEqual([
      ['missing-withdrawal-period', 'meloxicam'],
    ]);
  });
  it('flags drugs banned in food animals', () => {
    expect(kinds('Metronidazole 25 mg/kg PO BID', 'Cattle')).toContain('contraindicated-for-species');
  });
  it('flags likely misheard and unknown drug names without changing them', () => {
    const misheard = checkPlanSafety('Meloxicum 0.1 mg/kg PO SID', 'Dogs');
    expect(misheard[0]).toMatchObject({
      kind: 'likely-misheard-drug',
      drug: 'meloxicum',
      suggestion: 'meloxicam',
    });
    // 'zorbafloxacin' is three letters from marbofloxacin: close enough to be a mishearing.
    expect(checkPlanSafety('Zorbafloxacin 5 mg/kg PO', 'Dogs')[0]).toMatchObject({
      kind: 'likely-misheard-drug',
      suggestion: 'marbofloxacin',
    });
    const unknown = checkPlanSafety('Krindelmycin 5 mg/kg PO', 'Dogs');
    expect(unknown[0]).toMatchObject({ kind: 'unknown-drug', drug: 'krindelmycin' });
    expect(kinds('Bland diet of chicken and rice, 4 small meals a day', 'Dogs')).toEqual([]);
  });
  it('infers the species from the transcript when none was given', () => {
    expect(inferSpecies('Die ooi hoes en die ander skape ook')).toBe('Sheep');
    expect(inferSpecies('My dog Max has been vomiting')).toBe('Dogs');
    expect(inferSpecies('nothing here')).toBeUndefined();
  });
});
