import { describe, expect, it } from 'vitest';
import {
  boundaryExamples,
  boundaryProbability,
  gapWords,
  trainBoundaryModel,
} from '#shared/notes/boundaries.js';
import { splitUtterances } from '#shared/notes/index.js';

describe('the words around a gap', () => {
  it('are lower case without trailing punctuation, with their offsets in the text', () => {
    const text = 'Temp 39.5, HR 120. She is eating?';
    const found = gapWords(text);
    expect(found.map((w) => w.word)).toEqual(['temp', '39.5', 'hr', '120', 'she', 'is', 'eating']);
    for (const w of found) expect(text.slice(w.start, w.end).toLowerCase()).toBe(w.word);
  });
});

describe('training examples from punctuated text', () => {
  it('label a gap a boundary only after a sentence mark, not after a decimal point or a comma', () => {
    const labels = boundaryExamples('Her temperature is 39.5 today. Is she eating? Yes, a little.').map(
      (e) => e.boundary,
    );
    // gaps: her|temperature is|39.5 today.|is eating?|yes yes,|a
    expect(labels).toEqual([false, false, false, false, true, false, false, true, false, false]);
  });
  it("take a tokenised corpus's detached marks as the end of the word before them", () => {
    const labels = boundaryExamples('hi , brian . how are you ?').map((e) => e.boundary);
    expect(labels).toEqual([false, true, false, false]);
  });
});

describe('the trained model', () => {
  // A toy language where every sentence starts with 'so' or 'then' and ends with 'done'.
  const corpus = Array.from({ length: 60 }, (_, i) =>
    [
      `so we check the ${i % 2 ? 'ear' : 'eye'} and it is done.`,
      `then we clean the ${i % 3 ? 'wound' : 'foot'} until done.`,
    ].join(' '),
  );
  const model = trainBoundaryModel(corpus.flatMap(boundaryExamples), { toy: corpus.length });
  it('learns where sentences end from the words on either side', () => {
    const words = gapWords('so we check the ear and it is done then we clean the foot until done').map(
      (w) => w.word,
    );
    const ends = words.flatMap((_, i) => (i > 0 && boundaryProbability(model, words, i) >= 0.5 ? [i] : []));
    expect(ends).toEqual([words.indexOf('then')]);
  });
  it('is the same file for the same data', () => {
    expect(trainBoundaryModel(corpus.flatMap(boundaryExamples), { toy: corpus.length })).toEqual(model);
  });
});

describe('splitting speech-engine text with the shipped model', () => {
  it('cuts one unpunctuated line into sentences, and leaves punctuated text to its punctuation', () => {
    // Short enough (19 words) that the clause rules for run-on speech leave it whole.
    const line =
      'he has not eaten since sunday and drinks a lot his gums are pale and his temperature is 39.9';
    expect(splitUtterances(line).map((u) => u.text)).toEqual([
      'he has not eaten since sunday and drinks a lot',
      'his gums are pale and his temperature is 39.9',
    ]);
    const punctuated =
      'She has been vomiting since yesterday morning and she will not eat. We will take x-rays today.';
    expect(splitUtterances(punctuated).map((u) => u.text)).toEqual([
      'She has been vomiting since yesterday morning and she will not eat.',
      'We will take x-rays today.',
    ]);
  });
});

describe('a question run into its answer (speech-engine text)', () => {
  const texts = (line: string) => splitUtterances(line).map((u) => u.text);
  it('is cut where the time or the amount that answers it begins', () => {
    expect(texts('when did you last deworm them about three months ago with the white drench')).toEqual([
      'when did you last deworm them',
      'about three months ago with the white drench',
    ]);
    expect(texts('okay wanneer het hulle laas gelam die laaste lam was twee weke gelede')).toEqual([
      'okay wanneer het hulle laas gelam',
      'die laaste lam was twee weke gelede',
    ]);
    expect(texts('how long has she had the lump since last winter it keeps growing')).toEqual([
      'how long has she had the lump',
      'since last winter it keeps growing',
    ]);
  });
  it('is left whole when nothing after the question reads like its answer, and when the line is punctuated', () => {
    expect(texts('when did you notice that she was limping on the left hind leg')).toHaveLength(1);
    expect(texts('When did you last deworm them? About three months ago.')).toEqual([
      'When did you last deworm them?',
      'About three months ago.',
    ]);
  });
});
