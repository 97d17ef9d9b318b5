import { describe, expect, it } from 'vitest';
import { classifyUtterances, splitUtterances } from '#shared/notes/index.js';
import { answerSection, cueScores, inferSpeaker, isQuestion } from '#shared/notes/classify.js';

/** Section (or null) of every utterance of a transcript, keyed by its text. */
function sections(transcript: string): Record<string, string | null> {
  return Object.fromEntries(
    classifyUtterances(splitUtterances(transcript)).map((c) => [c.utterance.text, c.section]),
  );
}

describe("the vet's reply to an owner's question", () => {
  it("an owner's 'what if' and 'when do you want…' ask for instructions", () => {
    expect(answerSection('And if he still limps on Friday?')).toBe('P');
    expect(answerSection('En as hy nie wil drink nie?')).toBe('P');
    expect(answerSection('When do you want to see him again?')).toBe('P');
    expect(answerSection('How long until she can run again?')).toBe('A');
  });
  it('a reply after such a question is not read as the owner answering the vet', () => {
    const english = sections(
      [
        'His ear is red and there is brown wax in the canal.',
        'When do you want to see him again?',
        'Bring him back in ten days for an ear check.',
      ].join('\n'),
    );
    expect(english['Bring him back in ten days for an ear check.']).toBe('P');
    const afrikaans = sections(
      [
        'Die oor is rooi en daar is bruin waks in die kanaal.',
        'En as hy nog krap?',
        'As hy oor drie dae nog krap, bel my dan kyk ek weer.',
      ].join('\n'),
    );
    expect(afrikaans['As hy oor drie dae nog krap, bel my dan kyk ek weer.']).toBe('P');
  });
  it("asking to be phoned is the vet's, even in the reply to the vet's own question", () => {
    const result = sections(
      ['Is she eating?', "If she's not eating by tomorrow evening, phone me and we'll take bloods."].join(
        '\n',
      ),
    );
    expect(result["If she's not eating by tomorrow evening, phone me and we'll take bloods."]).toBe('P');
  });
});

describe('imperatives', () => {
  it("a sentence opening with a verb on the animal is the vet's instruction (Plan), not a finding", () => {
    const result = sections(
      [
        'Her temperature is 39.2 and her abdomen is soft.',
        'Pak haar voete in nat lappe teen die hitte.',
        "Stut hom met 'n baal hooi sodat hy regop lê.",
      ].join('\n'),
    );
    expect(result['Pak haar voete in nat lappe teen die hitte.']).toBe('P');
    expect(result["Stut hom met 'n baal hooi sodat hy regop lê."]).toBe('P');
  });
  it('a subject, auxiliary or past form first is no imperative', () => {
    const result = sections('The left eye is cloudy.\nHe rubbed his eye on the carpet all morning.\n');
    expect(result['He rubbed his eye on the carpet all morning.']).not.toBe('P');
  });
});

describe('what a test showed, and why', () => {
  it('a test or a tube reporting its result is a finding (Objective)', () => {
    const result = sections(
      [
        'She has been coughing for a week.',
        'The tracheal wash shows numerous bacteria and neutrophils.',
        'Die velskraapsel wys baie Demodex myte.',
        'The stomach tube returned 3 litres of green fluid.',
        'The faecal float has 1200 eggs per gram.',
      ].join('\n'),
    );
    expect(result['The tracheal wash shows numerous bacteria and neutrophils.']).toBe('O');
    expect(result['Die velskraapsel wys baie Demodex myte.']).toBe('O');
    expect(result['The stomach tube returned 3 litres of green fluid.']).toBe('O');
    expect(result['The faecal float has 1200 eggs per gram.']).toBe('O');
  });
  it('cause, consequence and risk are the assessment', () => {
    const result = sections(
      [
        'Her blood glucose is 28.',
        'Die hoë suiker maak die lens verder troebel.',
        "That's why she drinks so much, the sugar pulls water into the urine.",
        'Die lae kalsium kan haar hart laat stop.',
      ].join('\n'),
    );
    expect(result['Die hoë suiker maak die lens verder troebel.']).toBe('A');
    expect(result["That's why she drinks so much, the sugar pulls water into the urine."]).toBe('A');
    expect(result['Die lae kalsium kan haar hart laat stop.']).toBe('A');
  });
});

describe("the household's news", () => {
  it('a family member as the subject of a clinically silent sentence is small talk', () => {
    const result = sections(
      [
        'He has been drinking a lot more this week.',
        'My husband noticed she was limping on Sunday.',
        'Oh, and my wife says thanks for the recipe, she has made it twice.',
        'My son is going to be upset.',
        'My broer vra of jy nog die trekker wil koop.',
        "Our kids found him lying in the garden, he couldn't stand.",
      ].join('\n'),
    );
    expect(result['My husband noticed she was limping on Sunday.']).toBe('S');
    expect(result["Our kids found him lying in the garden, he couldn't stand."]).toBe('S');
    expect(result['Oh, and my wife says thanks for the recipe, she has made it twice.']).toBeNull();
    expect(result['My son is going to be upset.']).toBeNull();
    expect(result['My broer vra of jy nog die trekker wil koop.']).toBeNull();
  });
});

describe('tense, plans and judgements', () => {
  it("Afrikaans perfect after a time word ('Vandag het hy … gevreet') is history", () => {
    const result = sections(
      'Die temperatuur is 38,9 grade.\nVandag het hy niks gevreet nie en twee keer gebraak.\n',
    );
    expect(result['Vandag het hy niks gevreet nie en twee keer gebraak.']).toBe('S');
  });
  it("the vet's Afrikaans present tense for the near future is the Plan", () => {
    const result = sections(
      'Die temperatuur is 38,9 grade.\nEk bel jou môre met die uitslae.\nEk skakel die laboratorium vanmiddag.\n',
    );
    expect(result['Ek bel jou môre met die uitslae.']).toBe('P');
    expect(result['Ek skakel die laboratorium vanmiddag.']).toBe('P');
  });
  it('progress is judged (Assessment), and -monia names a disease', () => {
    const result = sections('Her temperature is 38.4.\nThe wound has healed nicely.\n');
    expect(result['The wound has healed nicely.']).toBe('A');
    expect(cueScores('Calf 7 is the worst, bronchopneumonia.', 'en').A).toBeGreaterThan(0);
  });
});

describe('one unpunctuated line', () => {
  it('a long stretch that only opens like a question keeps its strong plan', () => {
    const text =
      'and when should we see him again bring him back in two weeks for a recheck and repeat the bloods';
    expect(sections(`${text}\n`)[text]).toBe('P');
  });
  it('what the owner noticed or lost is history', () => {
    const result = sections(
      [
        'Die temperatuur is 39,5 grade.',
        'Ons het die afgelope week twee ooie in die kamp verloor en een kan nie loop nie.',
      ].join('\n'),
    );
    expect(result['Ons het die afgelope week twee ooie in die kamp verloor en een kan nie loop nie.']).toBe(
      'S',
    );
  });
});

describe('senses and normals', () => {
  it('a part of the animal that feels or sounds some way is a finding; a value against its normal is measured', () => {
    const result = sections(
      [
        'He has been drinking a lot more.',
        'His kidneys feel lumpy and small.',
        'The glucose came back high, normal is under 8.',
      ].join('\n'),
    );
    expect(result['His kidneys feel lumpy and small.']).toBe('O');
    expect(result['The glucose came back high, normal is under 8.']).toBe('O');
  });
});

describe('unpunctuated Afrikaans questions', () => {
  it("'wat' + verb asks, after an interjection too; 'wat ek gesien het' does not", () => {
    expect(isQuestion('reg so wat dink jy van die mielieprys')).toBe(true);
    expect(isQuestion('wat kos die nuwe voer')).toBe(true);
    expect(isQuestion('wat ek gesien het is bloed in die mis')).toBe(false);
  });
});

describe('conditions', () => {
  it('a judgement that hangs on a condition stays the assessment; a conditional action stays the plan', () => {
    const result = sections(
      [
        'Her temperature is 39.8.',
        'If he responds to the fluids, the prognosis is good.',
        'If he vomits again, bring him straight back.',
      ].join('\n'),
    );
    expect(result['If he responds to the fluids, the prognosis is good.']).toBe('A');
    expect(result['If he vomits again, bring him straight back.']).toBe('P');
  });
});

describe('laboratory units', () => {
  it('a count in a laboratory unit is a finding even when the history of the sample is told with it', () => {
    const result = sections(
      [
        'Die ooie vreet nog goed.',
        'Die telling van die mis wat jy verlede week gebring het, was 2 300 eiers per gram.',
      ].join('\n'),
    );
    expect(result['Die telling van die mis wat jy verlede week gebring het, was 2 300 eiers per gram.']).toBe(
      'O',
    );
  });
});

describe("the owner's words relayed by the vet", () => {
  it('history the vet relays is Subjective', () => {
    const result = sections(
      ['Temperature 41.2.', 'Die lammers hoes, die boer skat so twintig persent is siek.'].join('\n'),
    );
    expect(result['Die lammers hoes, die boer skat so twintig persent is siek.']).toBe('S');
  });
});

describe('who speaks', () => {
  it('a diagnosis named with its laboratory result or drug is the vet speaking', () => {
    expect(
      inferSpeaker(
        "The skin culture came back: Staph, sensitive to cefalexin. So this is a deep folliculitis, healing slowly. I think she'll recover, but the scars may stay.",
        'en',
      ),
    ).not.toBe('client');
  });
});

describe('closing wishes', () => {
  it('a wish for the owner run into the plan is cut off and left out; the plan stays', () => {
    const result = sections(
      [
        'Die temperatuur is 39,5 grade.',
        "Gaan slaap 'n bietjie, ek bel jou in die oggend met die uitslae.",
        'Drive safely, and phone me if she vomits again tonight.',
      ].join('\n'),
    );
    expect(result["Gaan slaap 'n bietjie"]).toBeNull();
    expect(result['ek bel jou in die oggend met die uitslae.']).toBe('P');
    expect(result['Drive safely']).toBeNull();
    expect(result['phone me if she vomits again tonight.']).toBe('P');
  });
});
