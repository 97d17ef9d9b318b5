import { describe, expect, it } from 'vitest';
import { lexicon } from '#shared/notes/lexicon.js';
import drugs from '#shared/notes/lexicon/drugs.json' with { type: 'json' };

describe('lexicon data files', () => {
  it('load through a JSON import and validate', () => {
    expect(drugs.drugs.length).toBeGreaterThan(80);
    const lex = lexicon();
    expect(lex.drugs.length).toBe(drugs.drugs.length);
  });
  it('map South African trade names to their generic drug', () => {
    const lex = lexicon();
    expect(lex.drugByName.get('metacam')?.name).toBe('meloxicam');
    expect(lex.drugByName.get('synulox')?.name).toBe('amoxicillin-clavulanate');
    expect(lex.drugByName.get('seponver')?.name).toBe('closantel');
    expect(lex.drugByName.get('finadyne')?.name).toBe('flunixin meglumine');
  });
  it('have valid dose ranges (min ≤ max) for every species listed', () => {
    for (const drug of lexicon().drugs) {
      for (const [species, range] of Object.entries(drug.doses)) {
        expect(range[0], `${drug.name} ${species}`).toBeLessThanOrEqual(range[1]);
      }
    }
  });
});
