import { describe, expect, it } from 'vitest';
import { HerdVisitNotesSchema, animalLabel, tagKey } from '#shared/schemas/herd';
import {
  assignHerdSentences,
  eweHomophones,
  extractHerdVisit,
  herdSentences,
  treatmentLine,
} from '#shared/notes/herd';
import { animalsIn, spokenNumber } from '#shared/notes/herd-ids';
import { treatmentsIn } from '#shared/notes/herd-treatments';

const tags = (sentence: string) => animalsIn(sentence).mentions.map((m) => `${m.kind ?? ''} ${m.tag}`.trim());

describe('spokenNumber', () => {
  it.each([
    ['231', '231'],
    ['two three one', '231'],
    ['eight hundred and twelve', '812'],
    ['three hundred and fifteen', '315'],
    ['drie en sewentig', '73'],
    ['vyf-en-veertig', '45'],
    ['vyfenveertig', '45'],
    ['twee honderd een en dertig', '231'],
    ['agt', '8'],
    ['nul sewe', '07'],
    ['one thousand two hundred', '1200'],
  ])('%s → %s', (spoken, digits) => {
    expect(spokenNumber(spoken)).toBe(digits);
  });
  it('is undefined for words that are not a number', () => {
    expect(spokenNumber('lame')).toBeUndefined();
    expect(spokenNumber('')).toBeUndefined();
  });
});

describe('animalsIn: animals as spoken', () => {
  it('reads kind and tag in English, Afrikaans and mixed speech', () => {
    expect(tags('Ewe 231 has a FAMACHA of 4.')).toEqual(['Ewe 231']);
    expect(tags('Koei 73 het mastitis.')).toEqual(['Koei 73']);
    expect(tags('Cow 812 is lame.')).toEqual(['Cow 812']);
    expect(tags('Ooi nommer 45 hoes ook.')).toEqual(['Ooi 45']);
    expect(tags('Steer eight hundred and twelve, temperature 41.')).toEqual(['Steer 812']);
    expect(tags('Bok twee drie een het bleek slymvliese.')).toEqual(['Bok 231']);
    expect(tags('Bok drie en sewentig is maer.')).toEqual(['Bok 73']);
    expect(tags('Ear tag 4471 is missing an ear notch.')).toEqual(['4471']);
  });
  it('reads an animal known by its kind alone', () => {
    expect(tags('Die ram is in goeie kondisie.')).toEqual(['Ram']);
    expect(tags('The bull has a wound on the sheath.')).toEqual(['Bull']);
    expect(tags('Die ram lam het ʼn swelsel.')).toEqual(['Ram lam']);
  });
  it('reads lists of tags, with and without the kind repeated', () => {
    expect(tags('Ewe 66, ewe 67 and ewe 70 are coughing.')).toEqual(['Ewe 66', 'Ewe 67', 'Ewe 70']);
    expect(tags('Melkonttrekking vir koei 73 en 81 is sewe dae.')).toEqual(['Koei 73', 'Koei 81']);
    expect(tags('Ewes 12 and 14 are lame.')).toEqual(['Ewe 12', 'Ewe 14']);
  });
  it('does not take a measurement for a tag', () => {
    expect(tags('The ewe 45 kg is light.')).toEqual([]);
    expect(tags('Cow 5 years old.')).toEqual([]);
    expect(tags('Body condition 3 out of 5.')).toEqual([]);
    expect(tags('All 120 ewes dosed with closantel.')).toEqual([]);
  });
  it("reads 'the same for', 'back to' and group statements", () => {
    expect(animalsIn('The same for 231.').sameFor.map((m) => m.tag)).toEqual(['231']);
    expect(animalsIn('Dieselfde vir 17.').sameFor.map((m) => m.tag)).toEqual(['17']);
    expect(animalsIn('Same treatment for 815 and 816.').sameFor.map((m) => m.tag)).toEqual(['815', '816']);
    expect(animalsIn('Going back to 812, he also has bloat.').backTo.map((m) => m.tag)).toEqual(['812']);
    expect(animalsIn('All 120 ewes dosed with closantel.').group).toBe(true);
    expect(animalsIn('Die hele trop het bosluise.').group).toBe(true);
    expect(animalsIn('Overall 8 of the 10 cows are pregnant.').group).toBe(true);
    expect(animalsIn('She has bottle jaw.').group).toBe(false);
  });
});

describe('treatmentsIn: product, dose, route, count and batch as spoken', () => {
  it('reads a group treatment with its count and batch', () => {
    expect(
      treatmentsIn('All 120 ewes dosed with closantel 10 mg/kg orally, batch number CL2291.', {
        perAnimal: false,
      }),
    ).toEqual([
      expect.objectContaining({
        product: 'closantel',
        dose: '10 mg/kg',
        route: 'PO',
        animalCount: 120,
        batchNumber: 'CL2291',
      }),
    ]);
  });
  it('reads Afrikaans: trade names, onderhuids, lotnommer', () => {
    const [treatment] = treatmentsIn('Al 60 koeie kry Lumpyvax 1 ml onderhuids, lotnommer LV0923.', {
      perAnimal: false,
    });
    expect(treatment).toMatchObject({
      product: 'lumpy skin disease vaccine',
      dose: '1 ml',
      route: 'SC',
      animalCount: 60,
      batchNumber: 'LV0923',
    });
  });
  it('reads a count in words and falls back to the group size for "the whole flock"', () => {
    expect(
      treatmentsIn('All one hundred and twenty ewes get closantel 10 mg/kg.', { perAnimal: false })[0]
        ?.animalCount,
    ).toBe(120);
    expect(
      treatmentsIn('The whole flock gets ivermectin 0.2 mg/kg SC.', { perAnimal: false, groupSize: 85 })[0]
        ?.animalCount,
    ).toBe(85);
    expect(
      treatmentsIn('Flock gets ivermectin 0.2 mg/kg SC.', { perAnimal: false })[0]?.animalCount,
    ).toBeUndefined();
  });
  it('splits two products with their own doses and routes', () => {
    const treatments = treatmentsIn(
      'He gets florfenicol 40 mg/kg subcutaneously and flunixin 2.2 mg/kg IV.',
      {
        perAnimal: true,
      },
    );
    expect(treatments.map((t) => [t.product, t.dose, t.route, t.animalCount])).toEqual([
      ['florfenicol', '40 mg/kg', 'SC', 1],
      ['flunixin meglumine', '2.2 mg/kg', 'IV', 1],
    ]);
  });
  it('reads a dose per body weight and never invents a missing part', () => {
    const [treatment] = treatmentsIn('Bok 73 kry Multimin 1 ml per 50 kg onderhuids.', { perAnimal: true });
    expect(treatment).toEqual(expect.objectContaining({ dose: '1 ml per 50 kg', route: 'SC' }));
    const [bare] = treatmentsIn('Koei 73 kry cloxacillin intramammêr.', { perAnimal: true });
    expect(bare).toMatchObject({ product: 'cloxacillin', route: 'intramammary' });
    expect(bare?.dose).toBeUndefined();
    expect(bare?.batchNumber).toBeUndefined();
  });
  it("reads a dose a recogniser broke with a comma ('10 mg, per kg into the muscle')", () => {
    const [treatment] = treatmentsIn('U. number 245 gets penicillin 10 mg, per kg into the muscle.', {
      perAnimal: true,
    });
    expect(treatment).toMatchObject({ product: 'penicillin', dose: '10 mg/kg', route: 'IM' });
    const [group] = treatmentsIn('All 120 sheep get ivermectin 0.2 mg, per kg under skin.', {
      perAnimal: false,
    });
    expect(group).toMatchObject({ dose: '0.2 mg/kg', route: 'SC', animalCount: 120 });
  });

  it('does not take a plan for later or a mention for a treatment given', () => {
    expect(treatmentsIn('Give closantel next week if she is still pale.', { perAnimal: true })).toEqual([]);
    expect(treatmentsIn('Last year they had closantel.', { perAnimal: false })).toEqual([]);
  });
  it('formats a treatment as one plan line', () => {
    expect(
      treatmentLine({
        product: 'closantel',
        dose: '10 mg/kg',
        route: 'PO',
        animalCount: 120,
        batchNumber: 'CL2291',
      }),
    ).toBe('Closantel 10 mg/kg PO — 120 animals, batch CL2291');
  });
});

const visit = (transcript: string, pre = {}) =>
  HerdVisitNotesSchema.parse(
    extractHerdVisit({ transcript, preConsultationData: { species: 'Sheep', ...pre } }),
  );
const labels = (notes: ReturnType<typeof visit>) => notes.animals.map((a) => animalLabel(a));
const text = (notes: ReturnType<typeof visit>['group']['notes']) => Object.values(notes).join('\n');

describe('extractHerdVisit', () => {
  const flock = [
    'The ewes have been losing condition for three weeks and we lost two.',
    'Ewe 231 has a FAMACHA of four and bottle jaw.',
    'Temperature 39.1.',
    'Ewe 232 is lame on the left fore.',
    'Ewe 232 gets oxytetracycline 20 mg/kg IM.',
    'Ewe two three three has a breech strike.',
    'The same for 233.',
    'Going back to 231, she also has a wound on the ear.',
    'All 120 ewes dosed with closantel 10 mg/kg orally, batch number CL2291.',
  ].join(' ');

  it('splits the visit into a group entry and one entry per animal, each finding on its animal', () => {
    const notes = visit(flock, { animalCount: 120, groupName: 'Kamp 3 ooie' });
    expect(labels(notes)).toEqual(['Ewe 231', 'Ewe 232', 'Ewe 233']);
    expect(notes.groupName).toBe('Kamp 3 ooie');
    const [e231, e232, e233] = notes.animals;
    expect(text(e231!.notes)).toMatch(/FAMACHA/i);
    expect(text(e231!.notes)).toMatch(/39\.1/);
    // Named again later: the same animal, not a new one.
    expect(text(e231!.notes)).toMatch(/ear/);
    expect(text(e232!.notes)).toMatch(/lame/);
    expect(text(e232!.notes)).not.toMatch(/FAMACHA|bottle/);
    expect(text(e233!.notes)).toMatch(/breech/);
    expect(text(notes.group.notes)).toMatch(/losing condition/);
    expect(text(notes.group.notes)).not.toMatch(/bottle jaw|breech/);
    expect(notes.group.treatments).toEqual([
      expect.objectContaining({
        product: 'closantel',
        dose: '10 mg/kg',
        animalCount: 120,
        batchNumber: 'CL2291',
      }),
    ]);
  });

  it("gives 'the same for 233' the treatment of the animal before it", () => {
    const notes = visit(flock);
    const e233 = notes.animals.find((a) => a.tag === '233');
    expect(e233?.treatments).toEqual([
      expect.objectContaining({ product: 'oxytetracycline', dose: '20 mg/kg', route: 'IM', animalCount: 1 }),
    ]);
    expect(e233?.notes.plan).toMatch(/oxytetracycline/i);
    // The source keeps its own and nothing leaks into the group.
    expect(notes.animals.find((a) => a.tag === '232')?.treatments).toHaveLength(1);
    expect(notes.group.treatments.map((t) => t.product)).toEqual(['closantel']);
  });

  it('reads an Afrikaans visit with number words and an animal known by kind', () => {
    const notes = visit(
      [
        'Die bokke het diarree.',
        'Bok drie en sewentig is maer, kondisie twee uit vyf.',
        'Die ram is gesond.',
        'Bok nommer agt is kreupel.',
        'Bok nommer agt kry penicillin 10 mg/kg in die spier.',
        'Al 35 bokke kry toltrazuril 20 mg/kg per mond.',
      ].join(' '),
      { species: 'Goats' },
    );
    expect(labels(notes)).toEqual(['Bok 73', 'Ram', 'Bok 8']);
    expect(text(notes.animals[0]!.notes)).toMatch(/2 uit 5/);
    expect(notes.animals[2]!.treatments[0]).toMatchObject({
      product: 'penicillin',
      route: 'IM',
      animalCount: 1,
    });
    expect(notes.group.treatments[0]).toMatchObject({ product: 'toltrazuril', route: 'PO', animalCount: 35 });
  });

  it('splits an unpunctuated recogniser line at each animal', () => {
    const line =
      'the ewes are coughing ewe 12 has a temperature of 40.6 and a nasal discharge ewe 12 gets tulathromycin 2.5 mg/kg sc ewe 47 is bright and eating no cough at all today ewe 66 ewe 67 and ewe 70 are coughing slightly all 85 ewes get the pasteurella vaccine 2 ml sc';
    const notes = visit(line);
    expect(labels(notes)).toEqual(['Ewe 12', 'Ewe 47', 'Ewe 66', 'Ewe 67', 'Ewe 70']);
    expect(text(notes.animals[1]!.notes)).not.toMatch(/40\.6/);
    expect(text(notes.animals[2]!.notes)).toMatch(/cough/);
    expect(notes.animals[0]!.treatments[0]).toMatchObject({ product: 'tulathromycin', route: 'SC' });
    expect(notes.group.treatments[0]).toMatchObject({ product: 'pasteurella vaccine', animalCount: 85 });
  });

  it("reads a recogniser's 'You number 231' and 'U. 260' as ewes on a sheep visit only", () => {
    const heard = 'You number 231 is thin. U. 260 is in good condition. See you 5 days later.';
    expect(eweHomophones(heard, 'Sheep')).toBe(
      'Ewe number 231 is thin. Ewe 260 is in good condition. See you 5 days later.',
    );
    expect(eweHomophones(heard, 'Cattle')).toBe(heard);
    expect(labels(visit(heard))).toEqual(['Ewe 231', 'Ewe 260']);
  });

  it("gives a group clause after an animal's to the group (a recogniser's comma between two sentences)", () => {
    const notes = visit(
      'Ewe 260 is in good condition, all 120 sheep get ivermectin 0.2 mg/kg under the skin.',
    );
    expect(notes.animals[0]?.treatments).toEqual([]);
    expect(notes.group.treatments[0]).toMatchObject({ product: 'ivermectin', animalCount: 120, route: 'SC' });
    // Without an animal before it the sentence stays whole.
    expect(herdSentences('The ewes cough, all 120 ewes get closantel.')).toHaveLength(1);
  });

  it('keeps decimals inside a sentence and cuts at sentence ends', () => {
    expect(herdSentences('Temperature 39.1. Ewe 4 is fine.\nDone').map((s) => s.text)).toEqual([
      'Temperature 39.1.',
      'Ewe 4 is fine.',
      'Done',
    ]);
  });

  it('assigns the client history before any animal to the group', () => {
    const { assignments } = assignHerdSentences(
      herdSentences('They cough. Cow 5 is thin. She is pale. The herd is fine.'),
    );
    expect(assignments.map((a) => a.owners)).toEqual([['group'], ['tag:5'], ['tag:5'], ['group']]);
  });

  it('compares tags without case, spaces or dashes', () => {
    expect(tagKey('A-12')).toBe(tagKey('a 12'));
    expect(tagKey('007')).not.toBe(tagKey('7'));
  });
});
