import { describe, expect, it } from 'vitest';
import { classified, sectionOf } from './classified.js';

describe('a measured value or a named test is never chat', () => {
  it('keeps a laboratory value in spelled-out units after chat', () => {
    const result = classified(
      [
        'Like a drum, Doc. Like when you hit a steel drum with a stick.',
        'Presies. Op die regterkant is daar geen ping nie.',
        "Ek doen ook gou 'n ketoontoets. Her blood BHB is 2,4 millimol per liter. That's clinical ketosis.",
      ].join('\n'),
    );
    expect(sectionOf(result, 'BHB is 2,4 millimol')).toBe('O');
    expect(sectionOf(result, 'ketoontoets')).not.toBe('left');
  });
});
