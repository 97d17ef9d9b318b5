import { describe, expect, it } from 'vitest';
import { classified, sectionOf } from './classified.js';

describe('notes come in blocks', () => {
  it("a plain description among the vet's measured findings is a finding too", () => {
    const result = classified(
      'Vet: Sy temperatuur is 40.2 grade en die hartklop is 96. Hy staan met sy rug gekrom en sy kop laag. Die longe klink rof aan albei kante.',
    );
    expect(sectionOf(result, 'Hy staan met sy rug gekrom')).toBe('O');
  });
  it('the pull of the block never outweighs a judgement, an instruction or the owner', () => {
    const result = classified(
      [
        'Client: He has been coughing for a week and stopped eating yesterday.',
        'Vet: His temperature is 40.4 and his breathing is fast. I think this is pneumonia. Give him the tablets twice a day for a week.',
      ].join('\n'),
    );
    expect(sectionOf(result, 'He has been coughing for a week')).toBe('S');
    expect(sectionOf(result, 'I think this is pneumonia')).toBe('A');
    expect(sectionOf(result, 'Give him the tablets')).toBe('P');
  });
  it("the outlook, in either language, is the vet's judgement even when it hangs on a condition", () => {
    const result = classified(
      'Vet: The outlook is fair if he keeps drinking.\nVet: Sy vooruitsigte is redelik as hy aanhou drink.',
    );
    expect(result.map(([, section]) => section)).toEqual(['A', 'A']);
  });
});

describe('findings in plural and in grams', () => {
  it('plural lesions and a weight in grams are what the vet found', () => {
    const result = classified(
      [
        "Vet: She's 56 grams, down from 61 last month.",
        'Vet: There are ulcers on the tongue and erosions along the gums.',
        'Vet: Daar is wonde en letsels aan albei ore.',
      ].join('\n'),
    );
    expect(sectionOf(result, '56 grams')).toBe('O');
    expect(sectionOf(result, 'ulcers')).toBe('O');
    expect(sectionOf(result, 'letsels')).toBe('O');
  });
});

describe("the vet's reasoning in plain words", () => {
  it('a worry, a red flag and what explains the signs are the assessment, not findings', () => {
    const result = classified(
      [
        "Vet: What concerns me most is a bleed into the chest, which doesn't always show on the first day.",
        'Vet: Three treatments in a month and no response is a red flag for resistance.',
        'Vet: Dit is die wurms wat die sagte mis en die dik magie verklaar.',
      ].join('\n'),
    );
    expect(sectionOf(result, 'bleed into the chest')).toBe('A');
    expect(sectionOf(result, 'red flag')).toBe('A');
    expect(sectionOf(result, 'dik magie')).toBe('A');
  });
  it('why a finding matters, how urgent it is and the main danger are the assessment', () => {
    const result = classified(
      [
        "Vet: The high calcium is because of the tumour, and that's what can stop her kidneys working, so this is an emergency.",
        'Vet: Die grootste gevaar is dat die swelling sy keel toedruk en hy nie kan asemhaal nie.',
        'Vet: Her temperature is 39.8 and her gums are pale.',
      ].join('\n'),
    );
    expect(sectionOf(result, 'high calcium')).toBe('A');
    expect(sectionOf(result, 'grootste gevaar')).toBe('A');
    expect(sectionOf(result, 'gums are pale')).toBe('O');
  });
  it('how well a disease is controlled, what a result tells the vet and a hedge in the past are judgements', () => {
    const result = classified(
      [
        'Vet: So her thyroid is better controlled now, but it is not perfect yet.',
        'Vet: A T4 of 62 tells me the thyroid is still overactive, so I do not think she is stable.',
        'Vet: It might have been a reaction to the vaccine, or nothing at all.',
        'Vet: Her heart rate is 220 and she has lost 300 grams.',
      ].join('\n'),
    );
    expect(sectionOf(result, 'better controlled')).toBe('A');
    expect(sectionOf(result, 'tells me')).toBe('A');
    expect(sectionOf(result, 'might have been')).toBe('A');
    expect(sectionOf(result, 'heart rate is 220')).toBe('O');
  });
  it("the vet's answer to 'is she sick?' is a judgement", () => {
    const result = classified(
      ['Owner: Is he sick, doctor?', 'Vet: No, he is a healthy kitten with ear mites, nothing more.'].join(
        '\n',
      ),
    );
    expect(sectionOf(result, 'healthy kitten')).toBe('A');
  });
});

describe("the owner's answer", () => {
  it('answers the question before a short follow-up question too', () => {
    const result = classified(
      [
        'Het jy enige bosluise op haar gekry? Die bruin soort?',
        'Ja, heelwat agter die ore.',
        'Her temperature is 40.2 and the lymph nodes are swollen.',
      ].join('\n'),
    );
    expect(sectionOf(result, 'agter die ore')).toBe('S');
    expect(sectionOf(result, 'lymph nodes')).toBe('O');
  });
});

describe('what the vet sees of how the animal stands or lies', () => {
  it('is a finding, in either language', () => {
    const result = classified(
      [
        'Vet: Her heart rate is 140. She is lying with her neck stretched out and her eyes half closed.',
        'Vet: Hy is 38,9 grade. Hy staan met sy agterpote ver agtertoe gestrek.',
      ].join('\n'),
    );
    expect(sectionOf(result, 'neck stretched out')).toBe('O');
    expect(sectionOf(result, 'agterpote')).toBe('O');
  });
});
