import { describe, expect, it } from 'vitest';
import { collapseRepetitionLoops } from '../../../api/transcription/repetition-loops.js';

describe('collapseRepetitionLoops', () => {
  it('cuts a one-word loop to three occurrences, keeping what follows', () => {
    const loop = Array.from({ length: 60 }, () => 'nenei,').join(' ');
    expect(collapseRepetitionLoops(`Praai noti. ${loop} Hint oni want.`)).toBe(
      'Praai noti. nenei, nenei, nenei, Hint oni want.',
    );
  });

  it('cuts a phrase loop of several words, ignoring case and punctuation between repeats', () => {
    const loop = Array.from({ length: 20 }, (_, i) =>
      i % 2 ? "nara's not the 5th." : "Nara's not the 5th",
    ).join(' ');
    expect(collapseRepetitionLoops(`Start ${loop} end`)).toBe(
      "Start Nara's not the 5th nara's not the 5th. Nara's not the 5th end",
    );
  });

  it('leaves ordinary repetition alone', () => {
    for (const text of [
      'No, no, no, that is not what I meant.',
      'Give 5 mg, 5 mg, 5 mg over three days.',
      'the the dog',
      'Sy temperatuur is 38.6 grade, dis normaal.',
      '',
    ]) {
      expect(collapseRepetitionLoops(text)).toBe(text);
    }
  });

  it('cuts a loop of up to eight words but not longer phrases', () => {
    const eight = 'one two three four five six seven eight';
    expect(collapseRepetitionLoops(Array(5).fill(eight).join(' '))).toBe(Array(3).fill(eight).join(' '));
    const nine = `${eight} nine`;
    expect(collapseRepetitionLoops(Array(5).fill(nine).join(' '))).toBe(Array(5).fill(nine).join(' '));
  });

  it('handles a loop at the very start and end and several loops in one text', () => {
    expect(collapseRepetitionLoops('h h h h h h ok ja ja ja ja ja')).toBe('h h h ok ja ja ja');
  });

  it('cuts a letter or syllable loop inside one word', () => {
    expect(collapseRepetitionLoops(`en doctor, het i${'j'.repeat(180)} Dunkey Dr.`)).toBe(
      'en doctor, het ijjj Dunkey Dr.',
    );
    expect(collapseRepetitionLoops(`ha${'na'.repeat(40)}s ok`)).toBe('hananana' + 's ok');
  });

  it('leaves real words with doubled letters and ordinary numbers alone', () => {
    for (const text of [
      'Goeiemôre, mevrou Venter.',
      'Die koeie se uiers is geswolle.',
      'Brrr, dis koud.',
      'Dosis 1111 mg',
      'aaaaah',
    ]) {
      expect(collapseRepetitionLoops(text)).toBe(text);
    }
  });

  it('does not treat punctuation-only tokens as words', () => {
    expect(collapseRepetitionLoops('- - - - - - ok')).toBe('- - - - - - ok');
  });
});
