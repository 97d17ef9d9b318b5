import { describe, expect, it } from 'vitest';
import { classifyUtterances, splitUtterances } from '#shared/notes/index.js';
import { answerSection, isQuestion, statesMeasurement } from '#shared/notes/classify.js';

/**
 * General rules of role, tense, modality and units (issue 16's kinds of miss on unseen consultations), each
 * tested on wording of its own rather than on the evaluation scripts.
 */

/** Section (or null when left out) of every utterance, keyed by its text. */
function sections(transcript: string): Record<string, string | null> {
  return Object.fromEntries(
    classifyUtterances(splitUtterances(transcript)).map((c) => [c.utterance.text, c.section]),
  );
}

describe('measured values are findings', () => {
  it('recognises a value by its unit, its decimal or its copula, in either language', () => {
    expect(statesMeasurement('The ALP came back at 900.')).toBe(true);
    expect(statesMeasurement('Albumin 22 g/L and bile acids 48 µmol per litre')).toBe(true);
    expect(statesMeasurement('Die witseltelling was 31, baie hoog.')).toBe(true);
    expect(statesMeasurement('Sy is omtrent ses persent gedehidreer.')).toBe(true);
    expect(statesMeasurement('The ammonia reads 3.9')).toBe(true);
  });
  it('does not take durations, doses, counts of times or ranges for measurements', () => {
    expect(statesMeasurement('She was 3 days off her food.')).toBe(false);
    expect(statesMeasurement('The dose is 2 ml twice a day.')).toBe(false);
    expect(statesMeasurement('He vomited 4 times.')).toBe(false);
    expect(statesMeasurement('Recheck is in 10 to 14 days.')).toBe(false);
  });
  it("files the vet's lab values under Objective, never history or Plan", () => {
    const got = sections(
      'Morning. The results are back.\nHis albumin was 18, really low, and the ALT is 640.\nDie bloedglukose was 2,1 mmol per liter.',
    );
    expect(got['His albumin was 18, really low, and the ALT is 640.']).toBe('O');
    expect(got['Die bloedglukose was 2,1 mmol per liter.']).toBe('O');
  });
});

describe('a weight read off the scale in the room is a finding, whoever reads it out', () => {
  it('files the reading now under Objective, and a weight taken before or by habit under history', () => {
    const now = [
      'We weigh her now, seven point two kilograms, doctor.',
      'I got him onto the scale, sixty-two kilos.',
      'Ons weeg hom nou, hy is 31 kg.',
      'Hy staan op die skaal: 6,8 kg.',
    ];
    const before = [
      'We weigh her every month at home, in February she was 4.8 kg.',
      'Ons weeg haar elke maand op die kombuisskaal, sy was 4,8 kg.',
      'On the scale at the co-op last week he was 30 kg.',
    ];
    for (const reading of now) {
      const got = sections(`Vet: Morning, what brings you in?\nClient: ${reading}`);
      expect(got[reading], reading).toBe('O');
    }
    for (const reading of before) {
      const got = sections(`Vet: Morning, what brings you in?\nClient: ${reading}`);
      expect(got[reading], reading).toBe('S');
    }
  });
});

describe("the vet's hedged judgement is an assessment", () => {
  it('puts a hedge that asks for no action in Assessment, and a hedged action in Plan', () => {
    const got = sections(
      [
        'The joint feels thickened and the range of motion is reduced.',
        'I suspect the cruciate ligament has partially torn.',
        'Dit is waarskynlik ouderdomsverwante degenerasie van die gewrig.',
        'I think we should take radiographs under sedation on Friday.',
      ].join('\n'),
    );
    expect(got['I suspect the cruciate ligament has partially torn.']).toBe('A');
    expect(got['Dit is waarskynlik ouderdomsverwante degenerasie van die gewrig.']).toBe('A');
    expect(got['I think we should take radiographs under sedation on Friday.']).toBe('P');
  });
});

describe("an owner's question steers the vet's answer", () => {
  it('reads what a question asks for', () => {
    expect(answerSection('Will she get better?')).toBe('A');
    expect(answerSection('Is dit aansteeklik vir die ander katte?')).toBe('A');
    expect(answerSection('Can he go for walks?')).toBe('P');
    expect(answerSection('Moet ek hom vas laat bly voor die operasie?')).toBe('P');
    expect(answerSection('Did you see the match?')).toBeNull();
  });
  it("files the answer to a permission question in the Plan and keeps the answer's fact", () => {
    const got = sections('Owner: Can she still have her chews?\nVet: No chews at all for now.');
    expect(got['No chews at all for now.']).toBe('P');
  });
});

describe('questions and statements', () => {
  it('a question word followed by a subject opens a statement, not a question', () => {
    expect(isQuestion('When I press on the spine he flinches')).toBe(false);
    expect(isQuestion('wanneer ek op die rug druk trek hy weg')).toBe(false);
    expect(isQuestion('when did he last eat')).toBe(true);
    expect(isQuestion('wanneer het sy laas gekalf')).toBe(true);
  });
});

describe('chat is left out', () => {
  it('leaves out a greeting with only a name, and an amount of money', () => {
    const got = sections(
      'Evening, Mrs Dube.\nThe lump on her flank is soft and mobile.\nThat comes to about two thousand rand with the lab fees.',
    );
    expect(got['Evening, Mrs Dube.']).toBeNull();
    expect(got['That comes to about two thousand rand with the lab fees.']).toBeNull();
    expect(got['The lump on her flank is soft and mobile.']).not.toBeNull();
  });
});

describe('who speaks, without labels', () => {
  it("takes a short turn after the vet's question about the animal for the owner's answer", () => {
    const got = classifyUtterances(
      splitUtterances('When did she last pass a stool?\nI believe on Sunday, but I am not sure.'),
    );
    const answer = got.find((c) => c.utterance.text.startsWith('I believe'));
    expect(answer?.speaker).toBe('client');
    expect(answer?.section).toBe('S');
  });
  it("keeps the vet's answer to an owner's question the vet's", () => {
    const got = classifyUtterances(
      splitUtterances('Will the tablets make him sleepy?\nThey can, so give the gabapentin at night.'),
    );
    expect(got.find((c) => c.utterance.text.startsWith('They can'))?.section).toBe('P');
  });
  it("an owner citing the vet's advice reports history, dose and all", () => {
    const got = classifyUtterances(
      splitUtterances('Hy kry 25 mg prednisoloon elke oggend, soos die dokter gesê het.'),
    );
    expect(got[0]?.speaker).toBe('client');
    expect(got[0]?.section).toBe('S');
  });
});

describe('run-on speech', () => {
  it('a clause that starts like a question but carries a measured fact is kept', () => {
    const got = classifyUtterances(
      splitUtterances('wat ses maande gelede begin het herhaal die telling oor 14 dae'),
    );
    expect(got[0]?.section).not.toBeNull();
  });
});

describe('closing formulas', () => {
  it('cuts a closing formula off the instruction it runs into, and leaves the formula out', () => {
    const got = sections('Enjoy the long weekend, and bring him back if the swelling grows.');
    expect(got['Enjoy the long weekend']).toBeNull();
    expect(got['bring him back if the swelling grows.']).toBe('P');
  });
  it('the answer to a question that is only chat is chat', () => {
    const got = sections(
      'Client: Is the traffic still bad on your side of town?\nVet: Shocking, every single morning.',
    );
    expect(got['Shocking, every single morning.']).toBeNull();
  });
});

describe('tense', () => {
  it('an Afrikaans third-person perfect in run-on speech is history', () => {
    const got = classifyUtterances(
      splitUtterances(
        'hulle het verlede maand drie kalwers aan diarree verloor en die koei het gisteraand opgehou vreet',
      ),
    );
    expect(got[0]?.section).toBe('S');
  });
});
