import { describe, expect, it } from 'vitest';
import { splitUtterances } from '#shared/notes/index.js';
import { splitsDrugFromDose } from '#shared/notes/split';
import { classified, expectUtteranceStart, sectionOf } from './classified.js';

// Speech engines that return one lower-case line without punctuation: no question marks, no sentence ends.
describe('one line of speech-engine text', () => {
  it("a condition and its 'then'/'dan' stay one instruction, in either language or both", () => {
    const before = 'ek het bloed getrek vir die pcr en die monster gaan vandag na die laboratorium';
    const conditions = [
      'but if the trich or vibrio pcr is positive',
      'as die uitslag positief is',
      'if she is not eating by tomorrow',
      'indien die koors terugkom',
    ];
    const consequents = [
      'dan moet hy uit',
      'then he must be culled',
      'dan bel jy my dadelik',
      'then phone us',
    ];
    for (const condition of conditions) {
      for (const consequent of consequents) {
        const texts = classified(`${before} ${condition} ${consequent} en hou hom eenkant`).map(
          ([text]) => text,
        );
        const holder = texts.find((text) => text.includes(consequent));
        expect(holder, texts.join(' | ')).toContain(condition.split(' ').slice(-2).join(' '));
      }
    }
  });
  it("the vet's confidence after a diagnosis stays with the diagnosis it qualifies", () => {
    const before = [
      'the temperature is forty point one and the gums are pale',
      'die temperatuur is veertig komma een en die slymvliese is bleek',
    ];
    const claims = [
      'dis galsiekte anaplasmose',
      'oom kaiser het hitteslag exertional heat stroke',
      "dit is 'n hoefabses onder die sool",
      'this is generalised demodicosis with a secondary pyoderma',
    ];
    const confidences = [
      'daarvan is ek baie seker',
      'ek is redelik seker daarvan',
      'ek is taamlik seker maar',
      "i'm very sure of it",
      'i am fairly sure but',
    ];
    const after = 'dit kan ook rooiwater wees so ek trek bloed vir n smeer';
    for (const opening of before) {
      for (const claim of claims) {
        for (const confidence of confidences) {
          const texts = classified(`${opening} ${claim} ${confidence} ${after}`).map(([text]) => text);
          const phrase = confidence.replace(/ (?:maar|but)$/u, '');
          const holder = texts.find((text) => text.includes(phrase));
          expect(holder, texts.join(' | ')).toBeDefined();
          expect(holder?.startsWith(phrase), texts.join(' | ')).toBe(false);
          expect(
            texts.find((text) => text.includes(claim.split(' ').slice(-1)[0] ?? '')),
            texts.join(' | '),
          ).toBe(holder);
        }
      }
    }
  });
  it("a question run into the owner's answer keeps the answer's history", () => {
    const english = classified(
      'does he still play with the other dogs not really he mostly sleeps in his basket and groans when he gets up',
    );
    expect(english.map(([, section]) => section)).toEqual(['S']);
    const afrikaans = classified(
      'het hy al gebraak ja twee keer gisteraand en vanoggend weer en hy lê net in die hoek',
    );
    expect(afrikaans.map(([, section]) => section)).toEqual(['S']);
  });
  it('a new question starts a new clause, so history before it is not taken for chat after it', () => {
    const result = classified(
      'morning sarel the wind is terrible today we lost three lambs this week they were weak and would not drink when did you last vaccinate them the dam is nearly empty',
    );
    expect(sectionOf(result, 'lost three lambs')).toBe('S');
    expect(sectionOf(result, 'dam is nearly empty')).toBe('left');
  });
  it('a spoken section header with its colon starts a new utterance', () => {
    const result = classified(
      'die prognose is redelik as hy aanhou drink behandeling: amoksisillien 10 mg/kg twee keer per dag vir n week',
    );
    expect(result.map(([text]) => text)).toEqual([
      'die prognose is redelik as hy aanhou drink',
      'behandeling: amoksisillien 10 mg/kg twee keer per dag vir n week',
    ]);
    expect(sectionOf(result, 'amoksisillien')).toBe('P');
  });
  it('never cuts right after the word that opens a condition, and a farewell ends before the instruction', () => {
    const result = classified(
      "start the kidney diet today and the amlodipine once a day have a lovely weekend and phone us if she's not eating by friday night",
    );
    expect(sectionOf(result, 'not eating by friday')).toBe('P');
    expect(result.find(([text]) => text.includes('not eating'))?.[0]).toMatch(
      /phone us if she's not eating/u,
    );
    expect(sectionOf(result, 'lovely weekend')).toBe('left');
  });
  it('what the animals have been doing is history, even with a sign in it', () => {
    const result = classified(
      "which ewes are these they've been falling behind the flock and three of them have swollen eyes okay let's look temperature 39.8",
    );
    expect(sectionOf(result, 'falling behind')).toBe('S');
    expect(sectionOf(result, 'temperature')).toBe('O');
  });
});

describe("the owner's answer inside a whole recording on one line", () => {
  it('is history, even naming the drug given before, and the question stays out of the notes', () => {
    const result = classified(
      'morning doc thanks for coming out so quickly the ewes in the back camp are weak and some are lying down two died this week okay let me see them when did you last deworm them about three months ago with the ivermectin right i see pale eyelids on most of them the famacha scores are four and five and the bottom jaws are swollen this is wireworm i am fairly sure we will dose them all with closantel today at 10 mg per kg and move them to clean veld phone me if more go down and i will come back in two weeks to check the scores again bring the weakest ones into the kraal tonight and give them good lucerne hay and fresh water every day keep the lambs with their mothers and watch them closely for the next few days the rams must also be dosed today thanks doc see you then',
    );
    expect(sectionOf(result, 'when did you last deworm')).toBe('left');
    expect(sectionOf(result, 'three months ago with the ivermectin')).toBe('S');
    expect(sectionOf(result, 'closantel')).toBe('P');
    expect(sectionOf(result, 'pale eyelids')).toBe('O');
  });
});

describe('a time of day cut from the sentence before it (speech-engine text)', () => {
  it('is not read as an instruction: the rest is what the owner saw', () => {
    const result = classified(
      'morning thandi what brings max in today he has been very flat since friday and he is not eating this morning his pee looked dark almost like tea did you find any fleas on him recently yes two last week',
    );
    expect(sectionOf(result, 'pee looked dark')).toBe('S');
    // A real instruction that starts with a verb and the animal still is one.
    expect(sectionOf(classified('Cut his food in half for the next two weeks.'), 'Cut his food')).toBe('P');
  });
});

describe('run-on speech', () => {
  it('knows where a cut would part a drug from its dose, or a dose from its unit', () => {
    const text = 'for a month meloxicam 0.2 mg/kg by mouth plus gentamisien 6,6 mg/kg';
    const at = (before: string) => text.indexOf(before) + before.length;
    expect(splitsDrugFromDose(text, at('meloxicam'))).toBe(true);
    expect(splitsDrugFromDose(text, at('0.2'))).toBe(true);
    expect(splitsDrugFromDose(text, at('gentamisien'))).toBe(true);
    expect(splitsDrugFromDose(text, at('month'))).toBe(false);
    expect(splitsDrugFromDose(text, at('mg/kg'))).toBe(false);
  });

  it('never parts a drug from its dose, nor a dose from its unit', () => {
    const text =
      'then oral calcium syrup at 1 ml/kg by mouth twice a day for a month meloxicam 0.2 mg/kg by mouth once a day for five days for the fracture pain and strict cage rest in a low flat enclosure with no climbing branches for six weeks';
    const pieces = splitUtterances(text).map((u) => u.text);
    expect(pieces.some((p) => /meloxicam 0\.2 mg\/kg/u.test(p))).toBe(true);
    const afrikaans =
      'dan een keer per dag vir drie dae prokaïen-penisillien 22 000 ie/kg in die spier twee keer per dag plus gentamisien 6,6 mg/kg iv een keer per dag albei vir vyf dae vir die aspirasie geen kos vir 24 uur nie';
    expect(splitUtterances(afrikaans).some((u) => /gentamisien 6,6 mg\/kg/u.test(u.text))).toBe(true);
  });
});

describe('unpunctuated dictation of several animals', () => {
  it('starts a new sentence at each animal named by kind and tag, not inside a list of tags', () => {
    const text =
      'bul 101 is bevredigend en geskik vir teling bul 207 drie jaar oud skrotumomtrek 34 cm die linkertestis is sagter ewe 66 ewe 67 and ewe 70 are coughing';
    const pieces = splitUtterances(text).map((u) => u.text);
    expect(pieces.some((p) => p.startsWith('bul 207 drie jaar oud'))).toBe(true);
    expect(pieces.some((p) => /bevredigend .*bul 207/u.test(p))).toBe(false);
    expect(pieces.some((p) => p.startsWith('ewe 67'))).toBe(false);
  });
});

describe('results coming back in run-on speech', () => {
  it('start a new thought: the plan to test and the result are two bullets', () => {
    const text =
      'okay so we take blood for the phenobarbital level and the liver values the results are back his phenobarbital level is fifty-eight micromoles per litre which is below the range we aim for';
    const pieces = splitUtterances(text).map((u) => u.text);
    expect(pieces.some((p) => p.startsWith('the results are back'))).toBe(true);
  });
});

describe("an 'any …?' question run into its answer in speech-engine text", () => {
  it('starts the answer at how often it happened', () => {
    for (const [line, answer] of [
      ['any coughing three times last night and once this morning', 'three times last night'],
      ['enige braking twee keer gister en een keer vanoggend net skuim', 'twee keer gister'],
      ['any diarrhoea twice on sunday but nothing since', 'twice on sunday'],
    ] as const) {
      expectUtteranceStart(line, answer);
      expect(sectionOf(classified(line), answer), line).toBe('S');
    }
  });
});
