import { describe, expect, it } from 'vitest';
import { splitUtterances } from '#shared/notes/index.js';
import { splitsDrugFromDose } from '#shared/notes/split';
import { lexicon } from '#shared/notes/lexicon';
import { afrikaansSpellings } from '#shared/notes/spelling';
import { hasTerm } from '#shared/notes/text';

describe('Afrikaans drug spellings', () => {
  it('follow the regular correspondences, word by word', () => {
    expect(afrikaansSpellings('gentamicin')).toEqual(['gentamisien']);
    expect(afrikaansSpellings('oxytetracycline')).toEqual(['oksitetrasiklien']);
    expect(afrikaansSpellings('dexamethasone')).toEqual(['deksametasoon']);
    expect(afrikaansSpellings('furosemide')).toEqual(['furosemied']);
    expect(afrikaansSpellings('phenobarbital')).toEqual(['fenobarbitaal']);
    expect(afrikaansSpellings('procaine penicillin')).toEqual([
      'prokaïen penisillien',
      'prokaïen-penisillien',
    ]);
    // Nothing to respell, or too short to respell safely.
    expect(afrikaansSpellings('maropitant')).toEqual([]);
    expect(afrikaansSpellings('b12')).toEqual([]);
  });

  it('are names the lexicon knows, for the formulary drug they spell', () => {
    const lex = lexicon();
    expect(hasTerm(lex.drugNames, 'plus gentamisien een keer per dag')).toBe(true);
    expect(lex.drugByName.get('gentamisien')?.name).toBe(lex.drugByName.get('gentamicin')?.name);
    expect(lex.drugByName.get('penisillien')).toBeDefined();
  });
});

describe('run-on speech', () => {
  it('knows where a cut would part a drug from its dose, or a dose from its unit', () => {
    const text = 'for a month meloxicam 0.2 mg/kg by mouth plus gentamisien 6,6 mg/kg';
    const at = (before: string) => text.indexOf(before) + before.length;
    expect(splitsDrugFromDose(text, at('meloxicam'))).toBe(true);
    expect(splitsDrugFromDose(text, at('0.2'))).toBe(true);
    expect(splitsDrugFromDose(text, at('gentamisien'))).toBe(true);
    expect(splitsDrugFromDose(text, at('month'))).toBe(false);
    expect(splitsDrugFromDose(text, at('mg/kg'))).toBe(false);
  });

  it('never parts a drug from its dose, nor a dose from its unit', () => {
    const text =
      'then oral calcium syrup at 1 ml/kg by mouth twice a day for a month meloxicam 0.2 mg/kg by mouth once a day for five days for the fracture pain and strict cage rest in a low flat enclosure with no climbing branches for six weeks';
    const pieces = splitUtterances(text).map((u) => u.text);
    expect(pieces.some((p) => /meloxicam 0\.2 mg\/kg/u.test(p))).toBe(true);
    const afrikaans =
      'dan een keer per dag vir drie dae prokaïen-penisillien 22 000 ie/kg in die spier twee keer per dag plus gentamisien 6,6 mg/kg iv een keer per dag albei vir vyf dae vir die aspirasie geen kos vir 24 uur nie';
    expect(splitUtterances(afrikaans).some((u) => /gentamisien 6,6 mg\/kg/u.test(u.text))).toBe(true);
  });
});
