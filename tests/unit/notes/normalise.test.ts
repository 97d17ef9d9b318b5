import { describe, expect, it } from 'vitest';
import { extractVitals, normaliseDoses, numberWordsToDigits, parseNumberWords } from '#shared/notes/index.js';

describe('number words', () => {
  it('reads a vital sign asked for and given in one breath as its value', () => {
    expect(numberWordsToDigits('temperature please forty-one point six doctor')).toBe(
      'temperature please 41.6 doctor',
    );
    expect(numberWordsToDigits('temperatuur asseblief nege-en-dertig komma twee')).toBe(
      'temperatuur asseblief 39.2',
    );
    expect(numberWordsToDigits('heart rate please one hundred and twenty')).toBe('heart rate please 120');
    expect(numberWordsToDigits('temperature please two of them')).toBe('temperature please two of them');
  });
  it("a score read in words as 'X out of Y' becomes digits, in English and Afrikaans; a longer number is left whole", () => {
    const en = ['one', 'two', 'three', 'four', 'five'];
    const af = ['een', 'twee', 'drie', 'vier', 'vyf'];
    for (const [i, word] of en.entries()) {
      expect(numberWordsToDigits(`body condition ${word} out of five today`)).toBe(
        `body condition ${i + 1} out of 5 today`,
      );
      expect(numberWordsToDigits(`liggaamskondisie ${af[i] ?? ''} uit vyf vandag`)).toBe(
        `liggaamskondisie ${i + 1} uit 5 vandag`,
      );
    }
    expect(numberWordsToDigits('condition three and a half out of five')).toBe('condition 3.5 out of 5');
    expect(numberWordsToDigits('kondisie twee komma sewe vyf uit vyf')).not.toContain('5 uit 5');
    expect(numberWordsToDigits('condition two point five out of five')).not.toContain('5 out of 5');
  });
  it('parses English and Afrikaans numbers, compounds and decimals', () => {
    expect(parseNumberWords('twelve point five')).toBe(12.5);
    expect(parseNumberWords('one hundred and fifty')).toBe(150);
    expect(parseNumberWords('twaalf komma vyf')).toBe(12.5);
    expect(parseNumberWords('vyf-en-twintig')).toBe(25);
    expect(parseNumberWords('agtentwintig')).toBe(28);
    expect(parseNumberWords('nul komma nul vyf')).toBe(0.05);
    expect(parseNumberWords('maropitant')).toBeUndefined();
  });
  it('turns number words into digits only before a unit', () => {
    expect(numberWordsToDigits('give twenty milligrams')).toBe('give 20 milligrams');
    expect(numberWordsToDigits('twee dae')).toBe('2 dae');
    expect(numberWordsToDigits('one of the dogs')).toBe('one of the dogs');
  });
});

describe('dose normalisation', () => {
  it('normalises English doses, routes and frequencies', () => {
    expect(normaliseDoses('meloxicam at zero point one milligrams per kilogram by mouth once a day')).toBe(
      'meloxicam at 0.1 mg/kg PO SID',
    );
    expect(normaliseDoses('maropitant 1 mg per kg under the skin')).toBe('maropitant 1 mg/kg SC');
    expect(normaliseDoses('flunixin 1.1 mg/kg intravenously every 12 hours')).toBe(
      'flunixin 1.1 mg/kg IV q12h',
    );
    expect(normaliseDoses('oxytocin 20 units into the muscle')).toBe('oxytocin 20 IU IM');
  });
  it('normalises Afrikaans doses, decimal commas, routes and frequencies', () => {
    expect(normaliseDoses('amoxicillin-clavulanate 12,5 mg/kg twee keer per dag')).toBe(
      'amoxicillin-clavulanate 12.5 mg/kg BID',
    );
    expect(normaliseDoses('ketoprofen 3 milligram per kilogram in die spier')).toBe('ketoprofen 3 mg/kg IM');
    expect(normaliseDoses('400 milliliter stadig in die aar')).toBe('400 ml stadig IV');
    expect(normaliseDoses('closantel deur die mond, vyftien komma ses milliliter')).toBe(
      'closantel PO, 15.6 ml',
    );
  });
  it('keeps "nil by mouth" as said', () => {
    expect(normaliseDoses('nil by mouth tonight')).toBe('nil by mouth tonight');
  });
});

describe('vital signs', () => {
  it('extracts and normalises English vitals from one sentence', () => {
    const vitals = extractVitals(
      'His temperature is 39.4, heart rate is 120 beats per minute, and respiratory rate is 28 breaths per minute. He weighs 7.2 kg.',
      'en',
    ).map((v) => v.text);
    expect(vitals).toEqual([
      'Temperature: 39.4 °C',
      'Heart rate: 120 bpm',
      'Respiratory rate: 28 breaths/min',
      'Weight: 7.2 kg',
    ]);
  });
  it('extracts Afrikaans vitals with decimal commas and Afrikaans labels', () => {
    const vitals = extractVitals(
      'Die temperatuur is 41,2 grade. Hartklop 96 slae per minuut. Asemhaling is 48 per minuut.',
      'af',
    ).map((v) => v.text);
    expect(vitals).toEqual(['Temperatuur: 41.2 °C', 'Hartklop: 96 slae/min', 'Asemhaling: 48 /min']);
  });
  it('extracts body condition, CRT, dehydration and FAMACHA in both languages', () => {
    expect(extractVitals('Body condition score 2 out of 5', 'en')[0]?.text).toBe('Body condition score: 2/5');
    expect(extractVitals('haar liggaamskondisie is 2,5 uit 5', 'af')[0]?.text).toBe(
      'Liggaamskondisie: 2.5/5',
    );
    expect(extractVitals('capillary refill time under 2 seconds', 'en')[0]?.text).toBe('CRT: < 2 s');
    expect(extractVitals("I'd say he's about 5% dehydrated", 'en')[0]?.text).toBe('Dehydration: 5%');
    expect(extractVitals('Ek skat die dehidrasie op 5%', 'af')[0]?.text).toBe('Dehidrasie: 5%');
    expect(extractVitals('die FAMACHA-telling is 3', 'af')[0]?.text).toBe('FAMACHA: 3');
  });
  it('keeps a weight in grams in grams (birds, rodents, neonates)', () => {
    expect(extractVitals("She's 38 grams today", 'en')[0]?.text).toBe('Weight: 38 g');
    expect(extractVitals('Die hasie weeg 1850 g', 'af')[0]?.text).toBe('Gewig: 1850 g');
    expect(extractVitals('He weighs 4.2 kilos', 'en')[0]?.text).toBe('Weight: 4.2 kg');
  });
  it('ignores implausible values and numbers that are not vitals', () => {
    expect(extractVitals('temperature is 3 degrees outside', 'en')).toEqual([]);
    expect(extractVitals('give 6 mg/kg', 'en')).toEqual([]);
  });
});
