import { describe, expect, it } from 'vitest';
import {
  computeWithdrawals,
  latestByAnimal,
  latestUsableFrom,
  missingWithdrawalReason,
  planTreatments,
  statedPeriodsIn,
  usableFrom,
  visitInstant,
} from '#shared/farm/withdrawal';

describe('usableFrom: dates on the Africa/Johannesburg calendar', () => {
  it('a treatment at 22:30 UTC is the next day in South Africa (SAST = UTC+2)', () => {
    const lateUtc = new Date('2026-03-01T22:30:00Z'); // 2 March 00:30 SAST
    expect(usableFrom(lateUtc, { amount: 28, unit: 'days' })).toBe('2026-03-31');
    const earlierUtc = new Date('2026-03-01T21:30:00Z'); // 1 March 23:30 SAST
    expect(usableFrom(earlierUtc, { amount: 28, unit: 'days' })).toBe('2026-03-30');
  });

  it('the day the period ends on is still withheld; a zero period is no restriction', () => {
    const morning = new Date('2026-06-10T06:00:00Z'); // 08:00 SAST
    expect(usableFrom(morning, { amount: 1, unit: 'days' })).toBe('2026-06-12');
    expect(usableFrom(morning, { amount: 0, unit: 'days' })).toBeNull();
  });

  it('hours cross a day boundary in local time: 72 h from 21:00 SAST ends 21:00 on day 3', () => {
    const evening = new Date('2026-06-10T19:00:00Z'); // 21:00 SAST
    expect(usableFrom(evening, { amount: 72, unit: 'hours' })).toBe('2026-06-14');
    expect(usableFrom(evening, { amount: 2, unit: 'hours' })).toBe('2026-06-11'); // ends 23:00 the same day
    expect(usableFrom(evening, { amount: 4, unit: 'hours' })).toBe('2026-06-12'); // ends 01:00 the next day
  });

  it('month and year ends', () => {
    expect(usableFrom(new Date('2026-12-20T08:00:00Z'), { amount: 14, unit: 'days' })).toBe('2027-01-04');
    expect(usableFrom(new Date('2028-02-20T08:00:00Z'), { amount: 9, unit: 'days' })).toBe('2028-03-01'); // leap
  });

  it("the visit's DD/MM/YYYY HH:MM is South African time; no time means the end of the day", () => {
    expect(
      visitInstant({ consultationDate: '01/03/2026', consultationTime: '23:30' }, new Date(0)).toISOString(),
    ).toBe('2026-03-01T21:30:00.000Z');
    expect(visitInstant({ consultationDate: '01/03/2026' }, new Date(0)).toISOString()).toBe(
      '2026-03-01T21:59:00.000Z',
    );
    const fallback = new Date('2026-05-05T10:00:00Z');
    expect(visitInstant({ consultationDate: 'yesterday' }, fallback)).toBe(fallback);
  });
});

describe('statedPeriodsIn', () => {
  it('pairs produce and durations in order (en and af)', () => {
    expect(statedPeriodsIn('Withdrawal: meat 28 days, milk 7 days')?.periods).toEqual({
      meat: { amount: 28, unit: 'days' },
      milk: { amount: 7, unit: 'days' },
    });
    expect(statedPeriodsIn('Onttrekking: vleis 28 dae, melk 96 uur')?.periods).toEqual({
      meat: { amount: 28, unit: 'days' },
      milk: { amount: 96, unit: 'hours' },
    });
    expect(statedPeriodsIn('meat and milk withdrawal 14 days')?.periods).toEqual({
      meat: { amount: 14, unit: 'days' },
      milk: { amount: 14, unit: 'days' },
    });
    expect(statedPeriodsIn('No slaughter for 3 weeks')?.periods.meat).toEqual({ amount: 21, unit: 'days' });
  });

  it('a period with no produce covers all; a product named makes it that product’s', () => {
    const general = statedPeriodsIn('Withdrawal period 35 days');
    expect(general?.drugs).toEqual([]);
    expect(Object.keys(general?.periods ?? {})).toEqual(['meat', 'milk', 'eggs']);
    expect(statedPeriodsIn('Oxytetracycline withdrawal: meat 28 days')?.drugs).toEqual(['oxytetracycline']);
  });

  it('is not fooled by produce words and durations that are not about withholding', () => {
    expect(statedPeriodsIn('Milk yield down for 3 days')).toBeUndefined();
    expect(statedPeriodsIn('Recheck in 7 days')).toBeUndefined();
  });
});

describe('computeWithdrawals', () => {
  const treatedAt = new Date('2026-03-02T08:00:00Z'); // 10:00 SAST

  it('stated periods win over the formulary label; milk and meat differ', () => {
    const plan = '- Meloxicam 0.5 mg/kg SC once\n- Withdrawal meloxicam: meat 20 days, milk 6 days';
    const [line] = computeWithdrawals({
      treatments: planTreatments(plan),
      species: 'Cattle',
      treatedAt,
      statedIn: [plan],
    });
    expect(line?.periods.meat).toMatchObject({ status: 'known', from: { kind: 'stated' } });
    expect(line?.usableFrom).toEqual({ meat: '2026-03-23', milk: '2026-03-09', eggs: null });
    expect(line?.missing).toEqual([]);
  });

  it('without a stated period the registered label (with its source) gives the dates', () => {
    const plan = '- Meloxicam 0.5 mg/kg SC once';
    const [line] = computeWithdrawals({
      treatments: planTreatments(plan),
      species: 'Cattle',
      treatedAt,
      statedIn: [plan],
    });
    expect(line?.periods.meat).toMatchObject({
      status: 'known',
      duration: { amount: 15 },
      from: { kind: 'label' },
    });
    expect(line?.usableFrom.meat).toBe('2026-03-18');
    expect(line?.usableFrom.milk).toBe('2026-03-08');
  });

  it('a product with no label value and none stated is missing, and blocks', () => {
    const plan = '- Long-acting oxytetracycline 20 mg/kg IM';
    const lines = computeWithdrawals({
      treatments: planTreatments(plan),
      species: 'Cattle',
      treatedAt,
      statedIn: [plan],
    });
    expect(lines.map((l) => [l.drug, l.missing])).toEqual([['oxytetracycline', ['meat', 'milk']]]);
    expect(missingWithdrawalReason(lines)).toMatch(/oxytetracycline \(meat, milk\)/);
    // Sheep are not milked on South African farms as a rule: only meat is required.
    const sheep = computeWithdrawals({
      treatments: planTreatments(plan),
      species: 'Sheep',
      treatedAt,
      statedIn: [plan],
    });
    expect(sheep[0]?.missing).toEqual(['meat']);
  });

  it('a label that does not allow use in milk producers says so instead of a date', () => {
    const plan = '- Tulathromycin 2.5 mg/kg SC';
    const [line] = computeWithdrawals({
      treatments: planTreatments(plan),
      species: 'Cattle',
      treatedAt,
      statedIn: [plan],
    });
    expect(line?.periods.milk.status).toBe('not-authorised');
    expect(line?.usableFrom.meat).toBe('2026-03-25'); // 22 days
    expect(line?.missing).toEqual([]);
  });

  it('the longest of several products, per animal and with group treatments', () => {
    const lines = computeWithdrawals({
      treatments: [
        { product: 'closantel', dose: '10 mg/kg', animalCount: 120 },
        { product: 'oxytetracycline', dose: '20 mg/kg', animals: ['231'] },
        { product: 'penicillin', animals: ['73'] },
      ],
      species: 'Sheep',
      treatedAt,
      statedIn: [
        'Withdrawal closantel 28 days',
        'Oxytetracycline withdrawal 35 days',
        'Penicillin: no slaughter for 10 days',
      ],
    });
    expect(lines.map((l) => l.usableFrom.meat)).toEqual(['2026-03-31', '2026-04-07', '2026-03-13']);
    expect(latestUsableFrom(lines, 'meat')).toBe('2026-04-07');
    const byAnimal = latestByAnimal(lines);
    expect(byAnimal.get('231')?.meat).toBe('2026-04-07');
    expect(byAnimal.get('73')?.meat).toBe('2026-03-31'); // the group's closantel is longer than its penicillin
    expect(byAnimal.get('')?.meat).toBe('2026-03-31');
  });

  it('companion animals and products without residues give no lines', () => {
    expect(
      computeWithdrawals({
        treatments: [{ product: 'oxytetracycline' }],
        species: 'Dogs',
        treatedAt,
        statedIn: [],
      }),
    ).toEqual([]);
    expect(
      computeWithdrawals({
        treatments: [{ product: 'multimin' }],
        species: 'Cattle',
        treatedAt,
        statedIn: [],
      }),
    ).toEqual([]);
  });
});
