import { describe, expect, it } from 'vitest';
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
