import { describe, expect, it } from 'vitest';
import { ownersOwnHealthAt } from '#shared/notes/phrases.js';

describe("a relative's health told in a long clause", () => {
  it('is a person’s health even when the care word comes late in the clause', () => {
    for (const text of [
      'My suster het die hele vorige maand weer met haar griep gesukkel.',
      'My brother was back in and out of the hospital all of March.',
      'Ons oupa het nou al vir die derde keer hierdie jaar sy operasie uitgestel.',
    ])
      expect(ownersOwnHealthAt(text), text).toBeGreaterThanOrEqual(0);
  });
  it('is still the animal’s history when the animal is named', () => {
    expect(ownersOwnHealthAt('My husband took him back to the hospital on Sunday night.')).toBe(-1);
  });
});
