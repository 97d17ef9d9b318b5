import { describe, expect, it } from 'vitest';
import {
  OWNER_WORRY,
  toldDuration,
  toldHistory,
  toldInThePast,
  TOLD_HISTORY,
  treatedBefore,
} from '#shared/notes/phrases.js';
import { expectPhrasing, sectionInTranscript as sectionOf } from './classified.js';

describe('how long a complaint has gone on is history', () => {
  it('reads durations told in the perfect or the past, and Afrikaans "al …" and "die laaste …"', () => {
    expectPhrasing(
      toldDuration,
      [
        "He's been limping on and off for about ten days.",
        'The cough has been there for a couple of weeks.',
        'She had loose stools for two days before it stopped.',
        'Sy eet al vier dae nie lekker nie.',
        'Hy hoes die afgelope paar nagte baie.',
        'She has not touched her food since Tuesday.',
        'Hy kreun sedert gisteraand.',
      ],
      [],
    );
  });
  it('leaves a plan’s length alone: rest, courses and rechecks say how long, not since when', () => {
    expectPhrasing(
      toldDuration,
      [],
      [
        'Strict cage rest for six weeks.',
        'Carry on with the tablets for ten days.',
        'Check the stitches in 10 days.',
        'Hy moet vir sewe dae die pille kry.',
      ],
    );
  });
});

describe('history told by someone else, or tried at home', () => {
  it('reads relayed reports and home care, not the vet’s own findings', () => {
    expectPhrasing(
      TOLD_HISTORY,
      [
        'Her son says the dog ate half a loaf of bread.',
        'You mentioned he drinks from the pool.',
        'Jy het gesê sy het gisteraand gebraak.',
        'Die werker sê die kalf het nie gedrink nie.',
        "We've been bathing the eye with salt water.",
        'I forgot to give the second tablet.',
        'Ons het die salf van die koöperasie gebruik.',
      ],
      [],
    );
    expectPhrasing(
      toldHistory,
      [],
      [
        'I found a grade three heart murmur.',
        'The mucous membranes are pale.',
        'Ek het die wond skoongemaak.',
        'The label says 28 days for meat.',
      ],
    );
  });
});

describe('in a note, told history lands in Subjective', () => {
  it('files durations, relayed reports and home care under S after a finding in the same dictation', () => {
    const text = [
      "Vet: Temperature 39.4, the abdomen is tense. The owner's son says he got into the bin on Sunday.",
      "Vet: We've been feeding him chicken and rice since then.",
      'Vet: Temperatuur 39,4. Jy het gesê sy eet al drie dae nie.',
    ].join('\n');
    expect(sectionOf(text, 'abdomen')).toBe('O');
    expect(sectionOf(text, 'bin on Sunday')).toBe('S');
    expect(sectionOf(text, 'chicken and rice')).toBe('S');
    expect(sectionOf(text, 'drie dae')).toBe('S');
  });
  it('files the owner’s home remedy under S in Afrikaans, not the Plan', () => {
    const text =
      "Vet: Die hoef is warm en sy is kreupel links voor. Die eienaar het al 'n week jodium op die hoef gesit.";
    expect(sectionOf(text, 'kreupel')).toBe('O');
    expect(sectionOf(text, 'jodium')).toBe('S');
  });
  it('keeps a prohibition in the Plan, whatever time it names', () => {
    const text = [
      'Vet: The wound looks clean.',
      "Vet: Don't let her off the lead until the stitches have been out for a week.",
    ].join('\n');
    expect(sectionOf(text, 'lead')).toBe('P');
  });
});

describe("Afrikaans 'as' is 'when' after a main clause, 'if' where it opens one", () => {
  it("keeps 'hy huil as hy druk' in the history and 'as hy weer sukkel…, bring hom terug' in the plan", () => {
    const visit = [
      'Hy sit sedert gisteraand in die kattebak en druk. Hy huil as hy druk. Sy bek ruik sleg as hy eet.',
      'Die blaas is groot en hard. Ons sit vandag n kateter in. As hy weer sukkel om te piepie, bring hom dadelik terug.',
    ].join('\n');
    expect(sectionOf(visit, 'huil as hy druk')).toBe('S');
    expect(sectionOf(visit, 'ruik sleg as hy eet')).toBe('S');
    expect(sectionOf(visit, 'weer sukkel')).toBe('P');
  });
});

describe("the owner's worry, guess and home treatment are history", () => {
  it('reads worries asked or told, not the vet’s own questions or judgements', () => {
    expectPhrasing(
      OWNER_WORRY,
      [
        'Is it normal that she pants so much at night?',
        'Is dit sleg as hy so baie water drink?',
        'Could it be the new dog food?',
        "I'm scared it's a tumour, it grew so fast.",
        'Should I be worried about the lump on his chest?',
      ],
      [
        'When did she last eat?',
        "I'm worried about her kidneys.",
        'It could be a tumour or an abscess.',
        "I'm afraid it's cancer.",
      ],
    );
  });
  it('keeps a worried question in the notes as history instead of leaving it out', () => {
    const visit = [
      'Is it normal that he sleeps nearly all day? He is only seven months old.',
      'His temperature is 38.9 and his lymph nodes are normal.',
    ].join('\n');
    expect(sectionOf(visit, 'sleeps nearly all day')).toBe('S');
  });
  it('files a dose the owner gave from their own cupboard as history, not the plan', () => {
    expect(treatedBefore('I gave my Labrador half a Voltaren because he was limping.')).toBe(true);
    expect(treatedBefore('Ons het die kalf ge-inject met die Terramycin wat oorgebly het.')).toBe(true);
    expect(treatedBefore('I gave him 2 ml of buprenorphine in the vein.')).toBe(false);
  });
  it("keeps another vet's finding as history, and feed from the co-op is not a bill", () => {
    expect(TOLD_HISTORY.test("My cousin's vet said he has a grade two murmur.")).toBe(true);
    expect(TOLD_HISTORY.test('Die vorige veearts het gesê dis net allergie.')).toBe(true);
    const visit =
      'Client: They were eating fine until we switched to the new batch of creep feed from the co-op.';
    expect(sectionOf(visit, 'creep feed')).toBe('S');
  });
});

describe('what happened before this visit, told with its day, is history', () => {
  it('reads a past verb with a past time, not a plan for this week', () => {
    expectPhrasing(
      toldInThePast,
      [
        "Sy het Sondag 'n bietjie aan die wond gelek.",
        'A few of the heifers came up with swellings on the neck this week.',
        'In die winter het hy n loopneus gehad.',
        'On Tuesday she vomited twice after her food.',
      ],
      [
        'Vaccinate all the unaffected animals this week.',
        'Recheck on Tuesday.',
        'Ons sien haar Vrydag weer.',
      ],
    );
  });
  it('files such a sentence as history beside the exam', () => {
    const visit = [
      'The wound edges are red and there is a small gap at the top. Temperature 38.6.',
      'Sy het Sondag n bietjie aan die wond gelek en toe het dit oopgegaan.',
    ].join('\n');
    expect(sectionOf(visit, 'aan die wond gelek')).toBe('S');
  });
});

describe('a bite is history, and moving on to the exam does not take the history with it', () => {
  it('keeps "deur n pofadder gepik" and "stung by a bee" as history', () => {
    expect(sectionOf("dokter help asseblief bruno is deur 'n pofadder gepik", 'gepik')).toBe('S');
    expect(sectionOf('Client: She got stung by a bee on the nose this morning.', 'stung')).toBe('S');
  });
  it('keeps the history that runs into "let\'s have a look" in speech-engine text', () => {
    const line = "he mostly eats pellets with a little hay and some apple as treats let's have a look";
    expect(sectionOf(line, 'pellets')).toBe('S');
    expect(sectionOf("Okay, let's have a look.", 'have a look')).toBe('left');
  });
});
