import { describe, expect, it } from 'vitest';
import { sectionInTranscript as sectionOf } from './classified.js';

describe("the vet's doubt and the danger of a finding are judgements", () => {
  const exam = (judgement: string) =>
    `Her gums are pale pink and the capillary refill is two seconds. Heart rate 128 beats per minute. ${judgement}`;

  it('files a diagnosis the vet doubts or calls unlikely as the assessment, not the exam', () => {
    expect(sectionOf(exam('A foreign body is unlikely, the belly is soft.'), 'foreign body')).toBe('A');
    expect(sectionOf(exam('Tick bite fever usually shows on the smear, so I doubt it.'), 'tick bite')).toBe(
      'A',
    );
    expect(sectionOf(exam('Ek twyfel of dit bosluiskoors is.'), 'bosluiskoors')).toBe('A');
  });

  it('files how bad it is and the chances as the assessment', () => {
    expect(sectionOf(exam("It's a moderate case, she'll be right in a week or so."), 'moderate case')).toBe(
      'A',
    );
    expect(sectionOf(exam("She's lost a lot of blood, this is serious."), 'serious')).toBe('A');
    expect(sectionOf(exam('He has a fair chance if the fluids work.'), 'fair chance')).toBe('A');
    expect(sectionOf(exam('Die vul se kanse is maar skraal.'), 'kanse')).toBe('A');
    expect(sectionOf(exam('Dit lyk eerder soos n spinnekopbyt as n slangbyt.'), 'spinnekopbyt')).toBe('A');
  });

  it('files a named -ism, the main reason, the top differential and a healthy check-up as the assessment', () => {
    expect(sectionOf(exam('The T4 confirms hypothyroidism.'), 'hypothyroidism')).toBe('A');
    expect(sectionOf(exam('Haar slegte tande is die hoofrede vir die gewigsverlies.'), 'hoofrede')).toBe('A');
    expect(sectionOf(exam('With normal bloods, a brain tumour is top of my list.'), 'top of my list')).toBe(
      'A',
    );
    expect(sectionOf(exam("Otherwise she's a healthy kitten."), 'healthy kitten')).toBe('A');
  });

  it('files a test that confirms the named disease as the assessment', () => {
    expect(sectionOf(exam('The skin scraping confirms it, this is demodicosis.'), 'demodicosis')).toBe('A');
  });

  it('files what a value puts at risk as the assessment, but a value that is dangerously low stays a finding', () => {
    expect(sectionOf(exam('A sodium that low is dangerous for her brain.'), 'sodium')).toBe('A');
    expect(sectionOf(exam('Daai kalium is lewensgevaarlik vir die hart.'), 'kalium')).toBe('A');
    expect(sectionOf(exam('Die hematokrit is 14 persent, dis gevaarlik laag.'), 'hematokrit')).toBe('O');
  });
});

describe('shopping and belongings are left out of the notes', () => {
  it('leaves out asking to buy something and keeping a carrier, in speech-engine text without punctuation', () => {
    const visit =
      'her wound has healed nicely and she is eating well she also asked us to keep her cat carrier until friday ' +
      'oh and do you sell those big bags of puppy food';
    expect(sectionOf(visit, 'cat carrier')).toBe('left');
    expect(sectionOf(visit, 'puppy food')).toBe('left');
    expect(sectionOf(visit, 'healed')).not.toBe('left');
  });
});

describe('apologies for being late and fillers are left out', () => {
  it('leaves them out in speech-engine lines, whatever the road news names, and keeps the history beside them', () => {
    const visit = [
      'ek is jammer ek is laat die bakkie het gaan staan by die vierpadstop',
      'sy krap al n week aan haar ore en skud haar kop',
      'die kragonderbreking was gister weer vier ure lank',
      'ag foeitog',
      'ja no fair enough',
    ].join('\n');
    expect(sectionOf(visit, 'jammer ek is laat')).toBe('left');
    expect(sectionOf(visit, 'kragonderbreking')).toBe('left');
    expect(sectionOf(visit, 'foeitog')).toBe('left');
    expect(sectionOf(visit, 'fair enough')).toBe('left');
    expect(sectionOf(visit, 'krap al n week')).toBe('S');
  });
});
