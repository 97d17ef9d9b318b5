import { describe, expect, it } from 'vitest';
import { buildClientInstructions, instructionsText, plainWords } from '#shared/farm/client-instructions';
import { buildWithdrawalSlip, herdTreatments, slipSummary, slipText, withHerdPlans } from '#shared/farm/slip';
import type { HerdVisitNotes } from '#shared/schemas/herd';
import { findNotifiable, summariseNotifiable } from '#shared/farm/notifiable';
import { stateVetReport } from '#shared/farm/state-vet-report';
import { lexicon } from '#shared/notes/lexicon';
import { findTerms } from '#shared/notes/text';

const farmNotes = {
  consultationDate: '02/03/2026',
  consultationTime: '23:30',
  clientName: 'Van der Merwe Boerdery',
  patientName: 'Koei 73',
  species: 'Cattle',
  subjective: '- Coughing for 3 days',
  objective: '- Temperature 40.1, harsh lung sounds',
  assessment: '- Bovine respiratory disease',
  plan: [
    '- Oxytetracycline LA 20 mg/kg IM given',
    '- Meloxicam 0.5 mg/kg SC',
    '- Withdrawal oxytetracycline: meat 28 days, milk 7 days',
    '- Recheck in 3 days',
  ].join('\n'),
};

describe('withdrawal slip', () => {
  it('is bilingual on one text, with dates from the treatment date in South African time', () => {
    const slip = buildWithdrawalSlip({ notes: farmNotes, fallbackInstant: new Date() });
    expect(slip.incomplete).toBe(false);
    expect(slip.treatedOn).toBe('2026-03-02');
    const text = slipText(slip, { practiceName: 'Karoo Vets' });
    // Oxytetracycline: stated 28 / 7 days from 2 March 23:30 SAST.
    expect(text).toContain('No slaughter before: 31/03/2026');
    expect(text).toContain('Nie slag voor: 31/03/2026');
    expect(text).toContain('No milk before: 10/03/2026');
    expect(text).toContain('Geen melk voor: 10/03/2026');
    // Meloxicam: the registered label (15 days meat, 5 days milk).
    expect(text).toContain('No slaughter before: 18/03/2026');
    expect(text).toContain('All treated animals: no slaughter before 31/03/2026; no milk before 10/03/2026.');
    expect(text).toContain(
      'Alle behandelde diere: nie slag voor 31/03/2026 nie; geen melk voor 10/03/2026 nie.',
    );
    expect(text).toContain('Onttrekkingstrokie');
    expect(text.trim().endsWith('Karoo Vets')).toBe(true);
  });

  it('takes a herd visit’s treatments with tags and marks a missing period', () => {
    const slip = buildWithdrawalSlip({
      notes: { ...farmNotes, species: 'Sheep', plan: '- Closantel 10 mg/kg PO to all 120 ewes' },
      treatments: [
        { product: 'closantel', dose: '10 mg/kg', route: 'PO', animalCount: 120, batchNumber: 'CL2291' },
        { product: 'penicillin', dose: '20 000 IU/kg', animals: ['231', '232'] },
      ],
      groupName: 'Kamp 3 ooie',
      fallbackInstant: new Date(),
    });
    expect(slip.incomplete).toBe(true);
    const text = slipText(slip, {});
    expect(text).toContain('closantel 10 mg/kg PO (batch CL2291) — Animals: 120');
    expect(text).toContain('• penicillin 20 000 IU/kg — Diere: 231, 232');
    expect(text).toContain('• closantel 10 mg/kg PO (lot CL2291) — Diere: 120');
    expect(text).toContain('No slaughter before: PERIOD NOT ENTERED');
    expect(text).not.toContain('No milk before'); // sheep: meat only
  });
});

describe('herd visit slip', () => {
  const notes = { subjective: '', objective: '', assessment: '', plan: '' };
  const visit = (animalPlan: string): HerdVisitNotes => ({
    group: {
      notes: { ...notes, plan: '- All 120 sheep get ivermectin 0.2 mg/kg SC' },
      treatments: [{ product: 'ivermectin', dose: '0.2 mg/kg', route: 'SC', animalCount: 120 }],
    },
    animals: [
      {
        key: 'a1',
        tag: '245',
        kind: 'Ewe',
        notes: { ...notes, plan: animalPlan },
        treatments: [{ product: 'penicillin', dose: '10 mg/kg', route: 'IM' }],
      },
    ],
  });
  const slipOf = (herd: HerdVisitNotes) =>
    buildWithdrawalSlip({
      notes: withHerdPlans({ ...farmNotes, species: 'Sheep', plan: '' }, herd),
      treatments: herdTreatments(herd),
      fallbackInstant: new Date(),
    });

  it("counts a period the vet entered on an animal's card, so the review's save unblocks", () => {
    expect(slipOf(visit('- Penicillin 10 mg/kg IM')).incomplete).toBe(true);
    const slip = slipOf(visit('- Penicillin 10 mg/kg IM\n- Meat withdrawal is 35 days'));
    expect(slip.incomplete).toBe(false);
    // 35 days from 2 March 23:30 SAST: the first clear day is 7 April.
    expect(slip.latest.meat).toBe('2026-04-07');
  });
});

describe('slip summary', () => {
  it('names the animals whose product forbids milk for people, so the blanket milk date is not misread', () => {
    const slip = buildWithdrawalSlip({
      notes: { ...farmNotes, plan: '- Withdrawal oxytetracycline: meat 28 days, milk 7 days' },
      treatments: [
        { product: 'oxytetracycline', animals: ['73'] },
        { product: 'tulathromycin', dose: '2.5 mg/kg', animals: ['81'] },
      ],
      fallbackInstant: new Date(),
    });
    expect(slipSummary(slip, 'en')).toEqual([
      'All treated animals: no slaughter before 31/03/2026; no milk before 10/03/2026.',
      '81 (tulathromycin): not for animals producing milk for people',
    ]);
    expect(slipSummary(slip, 'af')[1]).toBe(
      '81 (tulathromycin): nie vir diere wie se melk mense gebruik nie',
    );
  });
});

describe('client instructions', () => {
  const plan = [
    '- Amoxicillin-clavulanate 12.5 mg/kg PO BID x 7 days',
    '- Bloods sent to the lab',
    '- Meloxicam 0.1 mg/kg SC given today',
    '- Monitor appetite and call if vomiting',
    '- Recheck in 5 days',
    '- Strict rest for 2 weeks',
  ].join('\n');
  const bullets = plan.split('\n').map((line) => line.replace(/^- /, ''));

  it('every line traces to a Plan bullet and holds no drug or number the bullet does not', () => {
    for (const language of ['en', 'af'] as const) {
      const lines = buildClientInstructions(plan, language);
      expect(lines.length).toBe(5); // the lab bullet is for the practice only
      for (const line of lines) {
        expect(bullets[line.bullet]).toBe(line.source);
        const numbers = line.text.match(/\d+(?:\.\d+)?/g) ?? [];
        for (const number of numbers) expect(line.source).toContain(number);
        const drugs = findTerms(lexicon().drugNames, line.text).map((hit) => hit.text.toLowerCase());
        for (const drug of drugs) expect(line.source.toLowerCase()).toContain(drug);
      }
    }
  });

  it('spells shorthand out in the client’s language and sorts under plain headings', () => {
    expect(plainWords('Amoxicillin 12.5 mg/kg PO BID x 7 days', 'en')).toBe(
      'Amoxicillin 12.5 mg/kg by mouth twice a day for 7 days',
    );
    expect(plainWords('Amoxicillin 12.5 mg/kg PO BID x 7 days', 'af')).toBe(
      'Amoxicillin 12.5 mg/kg deur die mond twee keer per dag vir 7 dae',
    );
    const text = instructionsText(buildClientInstructions(plan, 'af'), {
      language: 'af',
      patientName: 'Bella',
    });
    expect(text.split('\n')).toEqual([
      'Instruksies vir Bella',
      '',
      'Gee:',
      '- Amoxicillin-clavulanate 12.5 mg/kg deur die mond twee keer per dag vir 7 dae',
      '',
      'Vandag gegee:',
      '- Meloxicam 0.1 mg/kg onder die vel given today',
      '',
      'Let op vir:',
      '- Monitor appetite and call if vomiting',
      '',
      'Wanneer om terug te kom:',
      '- Recheck in 5 days',
      '',
      'Versorging by die huis:',
      '- Strict rest for 2 weeks',
      '',
      'Bel ons as u bekommerd is of as die dier erger word.',
    ]);
  });
});

describe('state vet report', () => {
  it('is pre-filled from the notes, in the language chosen', () => {
    const notes = { ...farmNotes, assessment: '- Suspect lumpy skin disease' };
    const diseases = summariseNotifiable(findNotifiable(notes));
    const en = stateVetReport(notes, diseases, {
      language: 'en',
      date: '02/03/2026',
      practiceName: 'Karoo Vets',
    });
    expect(en.subject).toBe('Report of a suspected controlled/notifiable disease: Lumpy skin disease');
    expect(en.body).toContain('Animal Diseases Act, 1984 (Act No. 35 of 1984)');
    expect(en.body).toContain('Owner / farm: Van der Merwe Boerdery');
    expect(en.body).toContain('- Temperature 40.1, harsh lung sounds');
    const af = stateVetReport(notes, diseases, { language: 'af', date: '02/03/2026' });
    expect(af.body).toContain('Vermoedelike siekte: Knopvelsiekte');
  });
});
