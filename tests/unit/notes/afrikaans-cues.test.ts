import { describe, expect, it } from 'vitest';
import { DIAGNOSIS_STATEMENT } from '#shared/notes/phrases.js';
import { classified, expectPhrasing, sectionOf } from './classified.js';

/** A dictation: the vet's findings, then the sentence under test. */
const afterExam = (sentence: string, language: 'en' | 'af'): string =>
  [
    language === 'af'
      ? 'Die temperatuur is 39,8 en die slymvliese is bleek, met vergrote limfkliere.'
      : 'Temperature is 39.8, the gums are pale and the lymph nodes are enlarged.',
    sentence,
  ].join('\n');

/** Each sentence, said after the findings, lands in `section`. */
function expectAfterExam(section: string, cases: ReadonlyArray<readonly [string, 'en' | 'af']>): void {
  for (const [sentence, language] of cases)
    expect(sectionOf(classified(afterExam(sentence, language)), sentence.slice(0, 20)), sentence).toBe(
      section,
    );
}

describe('the vet fearing the worst is the assessment', () => {
  it("reads 'ek is bevrees', 'I'm afraid it's…' and 'dit lyk baie soos…' as a hedged judgement", () => {
    expectAfterExam('A', [
      ['Ek is bevrees dit is bosluiskoors, die rooi bloedselle is vol parasiete.', 'af'],
      ["I'm afraid it's a tumour of the spleen, and it has bled into the belly.", 'en'],
      ["Dit lyk baie soos 'n limfoom, met al die groot kliere.", 'af'],
    ]);
  });
});

describe('a sample taken now for a test still to come is the plan', () => {
  it('reads the present tense in both languages', () => {
    expectAfterExam('P', [
      ["Ek trek bloed in 'n pers buisie vir 'n PCR vir bosluiskoors.", 'af'],
      ["Ons neem 'n velskraapsel en stuur dit na die lab vir 'n kweking.", 'af'],
      ["I'm taking a swab from the discharge for a culture.", 'en'],
      ["We're sending the scrapings to the lab.", 'en'],
    ]);
  });
});

describe('a diagnosis named with certainty', () => {
  it('reads as a diagnosis whatever the disease is called', () => {
    expectPhrasing(
      DIAGNOSIS_STATEMENT,
      [
        'So it is definitely a volvulus, not just a full stomach.',
        "Dis beslis 'n breuk van die skeen.",
        "It's clearly an abscess under the sole.",
      ],
      ["It's definitely better than yesterday.", 'It is definitely swollen on the left.'],
    );
  });
  it('puts it in the assessment after the findings it rests on', () => {
    const sentence = "So it's definitely a torsion of the spermatic cord, not an orchitis.";
    expect(sectionOf(classified(afterExam(sentence, 'en')), 'definitely a torsion')).toBe('A');
  });
});
