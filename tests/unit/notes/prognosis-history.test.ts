import { describe, expect, it } from 'vitest';
import { extractClinicalNotes } from '#shared/notes/index.js';
import { DIAGNOSIS_STATEMENT, PROGNOSIS, treatedBefore } from '#shared/notes/phrases.js';
import { expectPhrasing, sectionInTranscript as sectionOf } from './classified.js';

describe('a prognosis is an assessment, though it speaks of the future', () => {
  it('reads expectations of healing and recovery in English and Afrikaans', () => {
    expect(PROGNOSIS.test('The cut should heal nicely in ten days.')).toBe(true);
    expect(PROGNOSIS.test("Ek verwag sy sal binne 'n week herstel.")).toBe(true);
    expect(PROGNOSIS.test('Die kans is goed dat hy regkom.')).toBe(true);
    expect(PROGNOSIS.test('The outlook is guarded.')).toBe(true);
    expect(PROGNOSIS.test('We will recheck the wound in ten days.')).toBe(false);
  });
  it("files 'it should heal in N weeks' under Assessment, not Plan", () => {
    const text = 'Vet: The tibia has a clean break, it should heal well in eight weeks.';
    expect(sectionOf(text, 'tibia')).toBe('A');
  });
  it('keeps an instruction with a healing clause in the Plan', () => {
    const text = 'Vet: Keep the bandage dry and change it on Friday so that the wound can heal.';
    expect(sectionOf(text, 'bandage')).toBe('P');
  });
});

describe('treatment before this visit is history', () => {
  it('needs both a treatment verb and a time before now', () => {
    expect(treatedBefore('The farmer dipped the heifers three weeks ago.')).toBe(true);
    expect(treatedBefore('Ons het hom verlede week met Drontal ontwurm.')).toBe(true);
    expect(treatedBefore('We dipped the heifers.')).toBe(false);
    expect(treatedBefore('Dip the heifers again in three weeks.')).toBe(false);
  });
  it("files the owner's earlier dose under Subjective, drug name and all", () => {
    const text = [
      'Vet: Any treatment so far?',
      'Client: We gave her Drontal last month.',
      'Vet: Her temperature is 38.9.',
    ].join('\n');
    expect(sectionOf(text, 'Drontal')).toBe('S');
  });
  it("keeps the vet's new prescription in the Plan", () => {
    const text = 'Vet: Give her Drontal again today and repeat it in three weeks.';
    expect(sectionOf(text, 'Drontal')).toBe('P');
  });
});

describe('a statement said as a question and confirmed', () => {
  const notes = (transcript: string) => extractClinicalNotes({ transcript });

  it('becomes history when the owner says yes', () => {
    const result = notes(
      ["Vet: So she's been coughing at night for about a week?", "Client: Yes, that's right."].join('\n'),
    );
    expect(result.clinicalData.subjective).toMatch(/coughing at night for about a week \(yes\)/u);
    expect(result.leftOut?.some((item) => item.text.includes('coughing'))).toBe(false);
  });
  it('stays a question when the owner says no (its negation is not the statement with a no)', () => {
    const result = notes(
      ["Vet: So she's been coughing at night for about a week?", 'Client: No.'].join('\n'),
    );
    expect(result.clinicalData.subjective).not.toMatch(/coughing/u);
    expect(result.leftOut?.some((item) => item.text.includes('coughing') && item.reason === 'question')).toBe(
      true,
    );
  });
  it("never makes history of the owner's own question, or of money and chat", () => {
    const paying = notes(['Client: I left my card at home, can I pay tomorrow?', 'Vet: Yes.'].join('\n'));
    expect(paying.clinicalData.subjective).toBe('');
    const chat = notes(["Vet: So you're off to the coast on Saturday?", 'Client: Yes.'].join('\n'));
    expect(chat.clinicalData.subjective).toBe('');
  });
});

describe('what an animal did is no treatment', () => {
  it("reads neither 'gave birth' nor 'het melk gegee' as an earlier dose", () => {
    expect(treatedBefore('She gave birth to twins last week.')).toBe(false);
    expect(treatedBefore('Gisteraand het sy nog baie melk gegee.')).toBe(false);
    expect(treatedBefore('Ons het hulle gisteraand elkeen twee pille gegee.')).toBe(true);
  });
});

describe('expectations of the course, in more words', () => {
  it('reads survival, cure and the course of such cases as prognosis', () => {
    expectPhrasing(
      PROGNOSIS,
      [
        'With rest he should be sound again in a fortnight.',
        'I think the calf will pull through.',
        'Most cats with this do well on a low dose.',
        "Sadly it can't be cured, only managed.",
        'Met die antibiotika behoort sy binne drie dae baie beter te voel.',
        'As ons vinnig werk, is die kans goed dat sy oorleef.',
      ],
      ['We will recheck her in ten days.', 'Sy sal more weer kom vir die tweede inspuiting.'],
    );
  });
  it('keeps a prognosis that hangs on a condition in the Assessment', () => {
    const text = 'Vet: If the fever breaks tonight, she should recover fully.';
    expect(sectionOf(text, 'fever breaks')).toBe('A');
  });
});

describe('the vet naming the disease', () => {
  it('reads "classic for", "confirms <disease>" and "it is <disease>" as a diagnosis', () => {
    expectPhrasing(
      DIAGNOSIS_STATEMENT,
      [
        'The crusts on the ears are classic for sarcoptic mange.',
        'The blood smear confirms babesiosis.',
        "Dit is 'n klassieke geval van hartwater.",
        'Dit is blouwildebeessiekte.',
        "It's a pyometra.",
      ],
      ['The smear shows many red cells.', 'It is a long drive to the farm.', 'Klassieke musiek.'],
    );
  });
  it('files it under Assessment, though it is said like a finding', () => {
    expect(sectionOf('Vet: The blood smear confirms babesiosis.', 'smear')).toBe('A');
  });
});

describe("a prognosis's own future words are no plan", () => {
  it('files a prognosis with a time span and a modal as the assessment', () => {
    const visit = [
      'The abscess in the left fore foot is opened and the pus drained. I poulticed the hoof.',
      'Once it drains properly she should be sound within a week or so.',
      'Keep the poultice on for three days and change it every day.',
    ].join('\n');
    expect(sectionOf(visit, 'should be sound')).toBe('A');
    expect(sectionOf(visit, 'keep the poultice')).toBe('P');
  });
});

describe('more ways of saying how the case will go', () => {
  it('reads contractions, expected losses, most cases and survival odds as prognoses, not plans that stop a drug', () => {
    expectPhrasing(
      PROGNOSIS,
      [
        "She'll probably make it if she's still standing tomorrow.",
        'The mortality should drop in two or three days.',
        'Ek verwag dat die vrektes binne tien dae sal ophou.',
        'Die meeste kalwers kom binne n week heeltemal reg.',
        'With fluids survive about eight out of ten puppies.',
        "They'll pink up within a week or two.",
        'Hulle behoort binne n dag of twee op die penisillien te reageer.',
      ],
      [
        "We'll stop the meloxicam on Friday.",
        'The dose will drop to half next week.',
        'Ons sal die pille Vrydag ophou.',
        'Die dosis sal volgende week daal.',
      ],
    );
  });
});

describe('a dose the animal already had is history', () => {
  it('reads "they had one dose", "her last Bravecto was…" and "sy laaste Simparica was…", not a plan to give one', () => {
    expect(treatedBefore('The puppies come from a breeder and they had one dose of dewormer there.')).toBe(
      true,
    );
    expect(treatedBefore('Her last Bravecto was in March.')).toBe(true);
    expect(treatedBefore('Sy laaste Simparica was vroeg in Maart, en niks sedertdien nie.')).toBe(true);
    expect(treatedBefore('She gets one dose of dewormer today and another in two weeks.')).toBe(false);
    expect(treatedBefore('The last dose is due on Friday.')).toBe(false);
  });
});
