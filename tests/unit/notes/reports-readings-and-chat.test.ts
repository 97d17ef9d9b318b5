import { describe, expect, it } from 'vitest';
import { classifyUtterances, splitUtterances } from '#shared/notes/index.js';
import { answeredQuestion } from '#shared/notes/classify.js';
import { numberWordsToDigits } from '#shared/notes/normalise.js';
import { ownersOwnHealthAt } from '#shared/notes/phrases.js';
import { classified, sectionOf } from './classified.js';

describe('a household member relaying what the animal did', () => {
  it("keeps 'my wife says' when the next piece tells what the animal did", () => {
    const result = classified(
      [
        'What happened to her?',
        'She was fine on Sunday, but on Monday she ate something in the garden and my wife says she cried out, like she was in pain. Then last night she could not get up on her front legs. She just lies there.',
      ].join('\n'),
    );
    expect(sectionOf(result, 'my wife says')).toBe('S');
    expect(sectionOf(result, 'cried out')).toBe('S');
    expect(sectionOf(result, 'could not get up')).toBe('S');
    expect(sectionOf(result, 'fine on Sunday')).toBe('S');
  });
  it("leaves it out when what follows is household news ('… thanks for the rusks')", () => {
    const result = classified(
      [
        'His ears are much better since the drops.',
        'Oh, and my wife says thanks for the rusks, the grandchildren finished them in a day.',
      ].join('\n'),
    );
    expect(sectionOf(result, 'my wife says')).toBe('left');
  });
});

describe('a vital sign read out in words', () => {
  it('becomes digits after the vital named, even with no unit', () => {
    expect(numberWordsToDigits('her temperature is thirty-nine point four')).toBe('her temperature is 39.4');
    expect(numberWordsToDigits('die temperatuur is veertig komma een')).toBe('die temperatuur is 40.1');
    expect(numberWordsToDigits('heart rate is a hundred and twenty and she pants')).toBe(
      'heart rate is 120 and she pants',
    );
  });
  it('leaves words that are no reading as words', () => {
    expect(numberWordsToDigits('the temperature is a bit high')).toBe('the temperature is a bit high');
    expect(numberWordsToDigits('her weight is one thing, her diet another')).toBe(
      'her weight is one thing, her diet another',
    );
  });
  it("marks the one who reads them out as staff, not the owner ('Doctor, …')", () => {
    const result = classified(
      [
        'Hello Mr Dube, come in. What brings Rex in today?',
        "He's been vomiting since yesterday, Doctor.",
        'Doctor, he weighs twenty-two point four kilos and his temperature is thirty-nine point nine.',
      ].join('\n'),
    );
    expect(sectionOf(result, 'thirty-nine point nine')).toBe('O');
  });
});

describe('chat the model is all but sure of', () => {
  it('is left out despite a weak cue word', () => {
    const result = classified(
      [
        'Her gums are pale and the CRT is three seconds.',
        'I must still phone the insurance about the car before four.',
        'Ek moet vanmiddag nog die kinders by die skool gaan haal.',
      ].join('\n'),
    );
    expect(sectionOf(result, 'phone the insurance')).toBe('left');
    expect(sectionOf(result, 'by die skool')).toBe('left');
    expect(sectionOf(result, 'CRT')).toBe('O');
  });
  it('keeps a conditional plan, whatever the model thinks of it', () => {
    const result = classified(
      ['The wound looks clean today.', "If she's still licking it by Friday, we'll put a cone on."].join(
        '\n',
      ),
    );
    expect(sectionOf(result, 'put a cone on')).toBe('P');
  });
});

describe("people's own health is chat", () => {
  it('names a relative under care, a person\'s "own" treatment, or medicine taken "self"', () => {
    expect(ownersOwnHealthAt("My grandson's tonsils came out on Tuesday.")).toBeGreaterThanOrEqual(0);
    expect(ownersOwnHealthAt('My oupa kry volgende week ’n pacemaker.')).toBeGreaterThanOrEqual(0);
    expect(ownersOwnHealthAt('She told me about her own knee injection last month.')).toBeGreaterThanOrEqual(
      0,
    );
    expect(ownersOwnHealthAt('Ek drink self nou bloeddrukpille.')).toBeGreaterThanOrEqual(0);
    expect(ownersOwnHealthAt('He had his own vaccination booster last month, the dog.')).toBe(-1);
  });
});

describe('the diagnosis and the plan in Afrikaans', () => {
  it("a hedged 'ek is redelik seker dis …' and 'dit is …, …itis' are the assessment", () => {
    const result = classified(
      [
        'Die temperatuur is 40.5 en die kliere is groot.',
        'Ek is redelik seker dis droessiekte, van die Streptococcus in die neus.',
        'Dit is kalfdifterie, nekrotiese laringitis.',
      ].join('\n'),
    );
    expect(sectionOf(result, 'droessiekte')).toBe('A');
    expect(sectionOf(result, 'laringitis')).toBe('A');
  });
  it("advice opening the sentence is the plan ('ek stel voor …', 'I'd suggest …')", () => {
    const result = classified(
      [
        'Die koei lê plat en kan nie sluk nie.',
        'Ek stel voor ons maak haar vandag dood.',
        "I'd suggest we take her off the feed for a day.",
      ].join('\n'),
    );
    expect(sectionOf(result, 'stel voor')).toBe('P');
    expect(sectionOf(result, 'suggest')).toBe('P');
  });
});

describe('a full stop after a word that is also an abbreviation', () => {
  it("ends the sentence when nothing marks an abbreviation ('die geld was min.', 'he bit me.')", () => {
    const texts = (transcript: string) => classified(transcript).map(([text]) => text);
    expect(texts('Die geld was min. Ek het wel bosluise op haar gesien.')).toHaveLength(2);
    expect(texts('He bit me. Then he ran under the bed.')).toHaveLength(2);
    expect(texts('Die blaas is vol. Ek druk dit uit.')).toHaveLength(2);
  });
  it("does not end it before a number, after a number, or in a title ('No. 5', '5 min. later', 'Me. Botha')", () => {
    const texts = (transcript: string) => classified(transcript).map(([text]) => text);
    expect(texts('No. 5 is lame in the left fore.')).toHaveLength(1);
    expect(texts('Wait 5 min. then take the temperature again.')).toHaveLength(1);
    expect(texts('Me. Botha het gebel oor die hond se pille.')).toHaveLength(1);
  });
});

describe('history told in an Afrikaans subordinate clause', () => {
  it("'… of hy genoeg biesmelk gekry het' is history, not a treatment", () => {
    const result = classified(
      [
        'Die kalf is tien dae oud en loop mank.',
        'Ek weet nie of hy die eerste dag genoeg biesmelk gekry het nie.',
      ].join('\n'),
    );
    expect(sectionOf(result, 'biesmelk')).toBe('S');
  });
});

describe('the vet at work', () => {
  it("an instruction opening on its bare verb is the plan ('Gebruik …', 'Use …')", () => {
    const result = classified(
      [
        'Die uier is warm en die melk is waterig.',
        "Gebruik hierdie maand 'n opgietmiddel wat die bosluise doodmaak op al die koeie.",
        'Use the spray on the others twice a week.',
      ].join('\n'),
    );
    expect(sectionOf(result, 'opgietmiddel')).toBe('P');
    expect(sectionOf(result, 'spray')).toBe('P');
  });
  it("how the animal answers the vet's hands is a finding ('as ek haar aanraak …')", () => {
    const result = classified(
      [
        'Koei 2210 se temperatuur is 40,8.',
        'Sy is baie gevoelig, as ek haar rug druk trek sy weg en kreun sy.',
      ].join('\n'),
    );
    expect(sectionOf(result, 'gevoelig')).toBe('O');
  });
});

describe("the owner's answer to a history question", () => {
  it("is history however chatty ('how long…?' · 'Months, Doctor. On and off.')", () => {
    const result = classified(
      [
        'Goeiemiddag. Wat is fout met Bella?',
        'Sy het weer diarree.',
        'Hoe lank is sy al so sleg?',
        'Dis al maande, Dokter. So af en aan.',
      ].join('\n'),
    );
    expect(sectionOf(result, 'al maande')).toBe('S');
    expect(sectionOf(result, 'af en aan')).toBe('S');
  });
  it("an Afrikaans yes/no question that opens on its verb and a 'ja, baie meer' make one statement", () => {
    const result = classifyUtterances(
      splitUtterances(['Sy het gewig verloor.', 'Drink sy meer as gewoonlik?', 'Ja, baie meer.'].join('\n')),
    );
    expect(result.find((c) => c.composedText)?.composedText).toBe('Drink meer as gewoonlik (ja, baie meer)');
    expect(result.find((c) => c.composedText)?.section).toBe('S');
  });
  it("keeps the verb when the answer is no ('Drink meer as gewoonlik (nee)', not 'Geen meer as gewoonlik')", () => {
    expect(answeredQuestion('Drink sy meer as gewoonlik?', 'Nee.', 'af')).toBe(
      'Drink meer as gewoonlik (nee)',
    );
    expect(answeredQuestion('Hoes hy snags?', 'Ja.', 'af')).toBe('Hoes snags (ja)');
    expect(answeredQuestion('Het sy enige diarree?', 'Nee.', 'af')).toBe('Geen diarree');
  });
});

describe('laboratory activities and run-on speech', () => {
  it("'IU per litre' is a laboratory unit, not a dose: the value is a finding", () => {
    const result = classified(
      'her bilirubin is eighty-six micromoles per litre alt is 380 iu per litre alp 290',
    );
    expect(result.every(([, section]) => section === 'O')).toBe(true);
  });
  it("'ook' after a verb carries the sentence on ('die stokkie is ook sterk positief')", () => {
    const result = classified(
      'sy vreet al drie dae swak en die melk het gedaal ek het die urine getoets die urine-stokkie is ook sterk positief vir ketone en haar temperatuur is 38.9 en die pens beweeg stadig aan die linkerkant',
    );
    expect(result.some(([text]) => /stokkie is ook sterk positief/u.test(text))).toBe(true);
  });
});

describe("the animal's age", () => {
  it("is history, even right after chat ('… the N1 was terrible. She's nine now.')", () => {
    const result = classified(
      [
        'How old is Bella now?',
        "Sorry, the traffic on the N1 was terrible this morning. She's nine now.",
      ].join('\n'),
    );
    expect(sectionOf(result, 'traffic')).toBe('left');
    expect(sectionOf(result, 'nine now')).toBe('S');
  });
});

describe("the animal's dam", () => {
  it("is no person's mother: 'his mother gives too much milk' is history", () => {
    const result = classified(
      [
        'What happened to the lamb?',
        'Hy was gister nog reg. His mother gives too much milk. Then this morning he was down and kicking.',
      ].join('\n'),
    );
    expect(sectionOf(result, 'too much milk')).toBe('S');
    expect(sectionOf(result, 'down and kicking')).toBe('S');
  });
});

describe('what someone named told', () => {
  it("is history, even at the end of a visit among plans ('… Pieter sê drie')", () => {
    const result = classified(
      [
        'Môre, oom. Die ooie lam al?',
        'Ja, Dokter, maar een ooi wil nie opstaan nie.',
        'Haar temperatuur is 39.6 en sy is dun.',
        'Die uier is hard en warm aan die linkerkant.',
        'Ek dink dis mastitis.',
        'Ek gee vir haar penisillien, 20 mg/kg in die spier, vir drie dae.',
        'Die vleisonttrekking is tien dae.',
        'Melk haar twee keer per dag uit.',
        'As sy nie teen Vrydag vreet nie, bel my.',
        'Ek kom Maandag terug.',
        'Laaste, die ram, hy hink al so twee weke, Pieter sê drie, op die linker-agterpoot.',
        'Ek sal hom Maandag ook kyk.',
      ].join('\n'),
    );
    expect(sectionOf(result, 'hink al so')).toBe('S');
  });
});

describe('deaths, post-mortems and named lesions', () => {
  it('animals found dead are history, weekend and all', () => {
    const result = classified(
      [
        'Dictation for the Dlamini piggery.',
        'Mr Dlamini says four weaners were found dead over the weekend, one on Friday and three on Sunday',
      ].join('\n'),
    );
    expect(sectionOf(result, 'found dead')).toBe('S');
  });
  it("what the vet found on opening a carcass is a finding ('het ek oopgesny: die lewer is bleek')", () => {
    const result = classified(
      "Die lam wat gister dood is, het ek oopgesny: die longe is rooi en swaar, en daar's skuim in die lugpyp.",
    );
    expect(result[0]?.[1]).toBe('O');
  });
  it("'dit is 'n hoefabses' and 'sy het 'n teruggehoue nageboorte' name the diagnosis", () => {
    const result = classified(
      [
        'Die hoef is warm en die hoeftang is seer op die hak.',
        "Dit is 'n hoefabses onder die hak, daarvan is ek seker.",
        'Die merrie se temperatuur is 38.5.',
        "Sy het 'n teruggehoue nageboorte.",
      ].join('\n'),
    );
    expect(sectionOf(result, 'hoefabses')).toBe('A');
    expect(sectionOf(result, 'teruggehoue')).toBe('A');
  });
});

describe('a remedy tried at home', () => {
  it("is treatment history, whoever tried it ('haar ma het salf gesmeer')", () => {
    const result = classified(
      [
        'Sy het al twee weke kaal kolle om die oë.',
        "Haar ma het teeboomolie op die kolle gesmeer, but it didn't help at all.",
      ].join('\n'),
    );
    expect(sectionOf(result, 'teeboomolie')).toBe('S');
  });
});

describe('samples sent away', () => {
  it('are the diagnostic plan, though told in the past tense among the findings', () => {
    const result = classified(
      [
        'Farm visit to the Mokoena piggery.',
        'Two growers died yesterday and three more are off their feed.',
        'Pen three has the sick ones.',
        'On examination the sick pigs have a temperature of 41.2 and red diamond-shaped patches on the skin.',
        'Several are lame with swollen hocks.',
        'Post-mortem on the grower that died: the spleen is enlarged, there are haemorrhages on the kidneys, and the joints are swollen.',
        "I've taken spleen, kidney and a swollen joint for culture at Onderstepoort, and samples for African swine fever PCR.",
        'I think this is erysipelas.',
        'African swine fever is the other possibility, so the farm stays closed until the PCR is back.',
        'Treatment: procaine penicillin 20 mg/kg IM once a day for five days for the whole pen.',
        'Meat withdrawal is ten days.',
        'Vaccinate the herd against erysipelas in two weeks.',
        'I will phone with the results on Friday.',
      ].join('\n'),
    );
    expect(sectionOf(result, 'for culture')).toBe('P');
  });
});

describe('more chat', () => {
  it("a price in thousands is money ('they want R3 000 each')", () => {
    const result = classified(
      [
        'Her ears are red and itchy.',
        'Their Labrador had seven puppies last week, and they want R4 500 each.',
      ].join('\n'),
    );
    expect(sectionOf(result, 'puppies')).toBe('left');
  });
  it("a relative's illness stays chat, the relative's pronouns and all", () => {
    expect(ownersOwnHealthAt('His wife is recovering from a hip operation and sends her regards.')).toBe(0);
    expect(
      ownersOwnHealthAt(
        'My oom het die hele winter met sy borskas gesukkel, hy was twee weke op antibiotika.',
      ),
    ).toBe(0);
    expect(ownersOwnHealthAt('My husband says he was on antibiotics for the same cough as the dog.')).toBe(
      -1,
    );
  });
});
