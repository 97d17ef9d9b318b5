import { describe, expect, it } from 'vitest';
import { positionBin, positionOdds, type NotesModel } from '#shared/notes/model';
import weights from '#shared/notes/model/weights.json' with { type: 'json' };
import { classified, sectionOf } from './classified.js';

const EXAM = [
  'The heart sounds normal.',
  'Temperature is 38.5.',
  'Her gums are pink.',
  'Lungs are clear.',
  'Abdomen is soft.',
  'Lymph nodes are normal size.',
  'Eyes are clear.',
  'Ears are clean.',
  'Coat is good.',
  'Weight is 12 kilograms.',
  'Hydration is fine.',
  'Pulse is strong.',
];

describe('where a sentence falls in the consultation', () => {
  it('the trained prior puts history first and the plan last', () => {
    const model = weights as unknown as NotesModel;
    const first = positionOdds(model, 0);
    const last = positionOdds(model, 0.99);
    expect(Math.max(first.O, first.A, first.P)).toBeLessThan(first.S);
    expect(Math.max(last.S, last.O, last.A)).toBeLessThan(last.P);
  });

  it('decides a sentence that says nothing of its section: at the start history, at the end the plan', () => {
    const sentence = 'Twice a day with food.';
    expect(sectionOf(classified([sentence, ...EXAM].join('\n')), sentence)).toBe('S');
    expect(sectionOf(classified([...EXAM, sentence].join('\n')), sentence)).toBe('P');
  });

  it('never outweighs what a sentence says: a measured finding at the end stays a finding', () => {
    const result = classified([...EXAM, 'Her PCV is 18 percent.'].join('\n'));
    expect(sectionOf(result, 'Her PCV is 18 percent')).toBe('O');
  });

  it('does not count in a few dictated lines, where order says little', () => {
    const sentence = 'Twice a day with food.';
    const lines = EXAM.slice(0, 3);
    expect(sectionOf(classified([sentence, ...lines].join('\n')), sentence)).toBe(
      sectionOf(classified([...lines, sentence].join('\n')), sentence),
    );
  });

  it('bins positions into fifths, clamped at both ends', () => {
    expect([-0.1, 0, 0.19, 0.2, 0.5, 0.99, 1, 1.5].map(positionBin)).toEqual([0, 0, 0, 1, 2, 4, 4, 4]);
  });
});
