import { describe, expect, it } from 'vitest';
import { answerSection } from '#shared/notes/classify';
import { ownersOwnHealthAt } from '#shared/notes/phrases';
import { classified, expectPhrasing, sectionOf } from './classified.js';

describe("the owner's own health is chat", () => {
  it('reads the owner’s or a relative’s operation, sugar or sore arm, not the animal’s', () => {
    expectPhrasing(
      (text) => ownersOwnHealthAt(text) >= 0,
      [
        'I only had my gallbladder out at the clinic three weeks ago.',
        'My aunt had chemo at Tygerberg last winter and she felt terrible.',
        'Ek het self verlede jaar nierstene gehad, in die hospitaal in Upington.',
        'My blood pressure was high at the pharmacy and they said I must cut the salt.',
        "I can't turn my neck properly since the accident.",
        'Dit was so koud, my hande was gevries.',
        "Funny enough, he's been told his own cholesterol is high, the GP put him on a statin.",
        "My ma het pas 'n nuwe knie gekry by die Mediclinic.",
        'Sorry, I had my shoulder done in May and I still cannot lift it.',
        "Ek het self 'n knie-operasie gehad by die Mediclinic.",
        "Ek weet hoe dit voel, ek het self verlede jaar 'n maagsweer gehad.",
        "Pieter se vrou het haar baba met 'n keiser in Kimberley gehad.",
      ],
      [
        'He bit my hand when I gave him the tablet.',
        'My husband took him to the hospital on Sunday.',
        'My daughter noticed a lump on the dog.',
        'Ek het self die wond skoongemaak.',
        'She has a lump on her back.',
        'My son said his stomach looked swollen.',
        "The dog's own GP said his sugar was high.",
      ],
    );
  });

  it('leaves it out of a consultation, beside the history it interrupts', () => {
    const result = classified(
      [
        'Vet: How long has she been limping?',
        'Client: Since Sunday, she won’t put the left hind down.',
        'Client: I had a skin cancer taken off my own nose by the dermatologist two years ago, twelve stitches.',
        'Client: My sugar was 9.4 at the clinic and the sister said I must watch my diet.',
        'Vet: Her left stifle is swollen and there is a drawer sign.',
      ].join('\n'),
    );
    expect(sectionOf(result, 'Since Sunday')).toBe('S');
    expect(sectionOf(result, 'my own nose')).toBe('left');
    expect(sectionOf(result, 'My sugar')).toBe('left');
    expect(sectionOf(result, 'drawer sign')).toBe('O');
  });

  it('in run-on speech, does not take the clinical words before it along', () => {
    const result = classified(
      'and we send a full chemistry with calcium and an ehrlichia pcr my cousin had treatment for cancer at the hospital last year',
    );
    expect(sectionOf(result, 'full chemistry')).not.toBe('left');
  });
});

describe("answers to the vet's questions", () => {
  it('a question of how often or how many that asks no instruction steers nothing', () => {
    expect(answerSection('How many times has he retched like that?')).toBeNull();
    expect(answerSection('How often does she vomit?')).toBeNull();
    expect(answerSection('Hoe gereeld braak hy?')).toBeNull();
    expect(answerSection('How long has he been like this?')).toBeNull();
    expect(answerSection('How often should I give it?')).toBe('P');
    expect(answerSection('How many tablets must she get?')).toBe('P');
    expect(answerSection('Hoe gereeld moet ek dit gee?')).toBe('P');
    expect(answerSection('How long will she take to heal?')).toBe('A');
  });

  it('a greeting between the question and the answer does not make the answer chat', () => {
    const result = classified(
      [
        'Good morning, come in.',
        'When did it start?',
        'Hi.',
        'Um, so he had his supper at six, the usual, and a bit more because my son fed him.',
        'And then he started retching.',
      ].join('\n'),
    );
    expect(sectionOf(result, 'he had his supper at six')).toBe('S');
  });

  it("'can't settle' is a restless animal, not a bill", () => {
    const result = classified(
      [
        'Vet: How is she at night?',
        "Client: She can't settle, she keeps getting up and lying down again.",
      ].join('\n'),
    );
    expect(sectionOf(result, "can't settle")).toBe('S');
  });
});

describe("the household's part in the history", () => {
  it('what the household feeds the animal is diet history, snack words and all', () => {
    const result = classified(
      [
        'Vet: And her appetite?',
        'Client: She begs all the time. My husband gives her biltong in the evenings when he watches TV.',
      ].join('\n'),
    );
    expect(sectionOf(result, 'gives her biltong')).toBe('S');
  });

  it('where the animal came from is history, the filling station and all', () => {
    const result = classified(
      [
        'Vet: Hoe oud is hy?',
        "Client: Hy's twaalf weke. Ons het hom op agt weke gekoop by 'n man wat by die vulstasie hondjies verkoop het.",
        'Client: We bought her at a market next to the petrol station, she was tiny.',
      ].join('\n'),
    );
    expect(sectionOf(result, 'gekoop')).toBe('S');
    expect(sectionOf(result, 'We bought her')).toBe('S');
  });

  it('a favour to a person is not feeding', () => {
    const result = classified(
      ['Vet: How was the drive?', 'Client: Fine, we gave him a lift to the rugby at Loftus after that.'].join(
        '\n',
      ),
    );
    expect(sectionOf(result, 'gave him a lift')).toBe('left');
  });
});

describe('what a household member saw the animal do', () => {
  it('is history, though a relative is the subject', () => {
    const result = classified(
      ['Vet: Anything else?', 'Client: My son, Pieter, says she was shaking on the couch last night.'].join(
        '\n',
      ),
    );
    expect(sectionOf(result, 'says she was shaking')).toBe('S');
  });
});

describe('the practice diary', () => {
  it('a cancelled appointment or a note to self is logistics', () => {
    const result = classified(
      [
        'Vet: Her temperature is 38.6 and her chest sounds clear.',
        "Nurse: Doctor, Mrs Naidoo's spaniel at three o'clock cancelled.",
        'Vet: Note to self, order more gauze swabs on the way back.',
      ].join('\n'),
    );
    expect(sectionOf(result, 'cancelled')).toBe('left');
    expect(sectionOf(result, 'Note to self')).toBe('left');
  });

  it("'other business' in a dictation is chat", () => {
    const result = classified(
      [
        'Vet: Temperature 38.6, chest clear.',
        'Vet: Other business: the fishing at Hermanus was terrible on Sunday.',
      ].join('\n'),
    );
    expect(sectionOf(result, 'fishing')).toBe('left');
  });
});
