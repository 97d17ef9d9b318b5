import { describe, expect, it } from 'vitest';
import { answerSection } from '#shared/notes/classify';
import { DIFFERENTIAL } from '#shared/notes/phrases';
import { classified, expectPhrasing, sectionOf } from './classified.js';

describe('the differential list is the assessment', () => {
  it('reads the ways a vet weighs other diagnoses, in both languages', () => {
    expectPhrasing(
      DIFFERENTIAL,
      [
        'Other things that can look like this are lupus, a fungal infection or an insect bite allergy.',
        "If he's still not right on the new dose, I'd look for other causes, like hypothyroidism.",
        "I'm also thinking of a foreign body.",
        "We can't rule out a tumour yet.",
        'It could also be a bee sting.',
        "Ek het ook aan 'n maagsweer gedink, maar die bloed pas nie.",
        'Ek moet ook aan lewersiekte dink.',
        'Ek hou ook siekte van Addison in gedagte.',
        'Dit kan ook net stres wees.',
      ],
      [
        "I'm thinking we should start her on fluids.",
        'Other than that she is eating well.',
        "Ek dink sy's beter.",
        'We ruled out the fence as the cause by walking it.',
      ],
    );
  });

  it('puts a differential in the assessment, though it hangs on a condition or sounds like a plan', () => {
    const result = classified(
      [
        'Vet: Her temperature is 38.9 and her abdomen is soft.',
        "Vet: I think this is pancreatitis. If she doesn't respond to the drip, I'd look for other causes, like a foreign body.",
        "Vet: Ek het ook aan 'n maagsweer gedink, maar die bloed pas nie.",
        'Vet: She stays on the drip overnight and we recheck the lipase tomorrow.',
      ].join('\n'),
    );
    expect(sectionOf(result, "I'd look for other causes")).toBe('A');
    expect(sectionOf(result, 'maagsweer')).toBe('A');
    expect(sectionOf(result, 'stays on the drip')).toBe('P');
  });
});

describe("the owner's questions", () => {
  it('asking what something means or whether it is the problem asks the vet’s judgement', () => {
    expect(answerSection('Wat beteken dit, Dokter?')).toBe('A');
    expect(answerSection('What does that mean?')).toBe('A');
    expect(answerSection('Is haar hart die probleem?')).toBe('A');
    expect(answerSection('Hoe lank bly sy hier?')).toBe('P');
    expect(answerSection('How long will she stay in?')).toBe('P');
  });

  it('a judgement question starts no chat: the diagnosis that answers it is kept', () => {
    const result = classified(
      [
        // Unlabelled lines, as a recording's transcript comes.
        'Die ureum is 18 millimol per liter en die kreatinien 280.',
        'Sjoe. Wat beteken dit, Dokter?',
        'Sarel het obstruktiewe urolitiase, blaasstene wat die urethra toestop.',
      ].join('\n'),
    );
    expect(sectionOf(result, 'obstruktiewe urolitiase')).toBe('A');
  });
});

describe("the vet's worry", () => {
  it('is a hedged diagnosis, not a finding, though it follows the findings in one breath', () => {
    const result = classified(
      [
        "Vet: His abdomen is distended and tympanic, and his gums are pale. I'm very worried this is a gastric torsion, where the stomach twists. We need an X-ray now.",
        'Vet: Die linkerkant van die uier is koud en hard. Ek is bekommerd dis gangreen, die uier gaan afsterf.',
      ].join('\n'),
    );
    expect(sectionOf(result, 'worried this is')).toBe('A');
    expect(sectionOf(result, 'bekommerd dis')).toBe('A');
    expect(sectionOf(result, 'We need an X-ray')).toBe('P');
  });
});

describe('the other causes of a sign, and what it can also be', () => {
  it('reads as the differential list', () => {
    expectPhrasing(
      DIFFERENTIAL,
      [
        'The other causes of sudden blindness in cats are high blood pressure and a retinal bleed.',
        'Other possibilities for a cough like this include lungworm and a collapsing trachea.',
        'Ander oorsake van so ’n hoes is longwurm en hartsiekte.',
        'It can also be a reaction to the vaccine.',
        'This could also be early kidney disease.',
      ],
      [
        'The other causes have been treated already.',
        'It can also be given with food.',
        'Other dogs in the house are fine.',
      ],
    );
  });
  it('puts such a sentence in the assessment', () => {
    const result = classified(
      [
        'She has been sneezing for two weeks with a thick discharge from the left nostril.',
        'The other causes of a one-sided discharge in cats are a foreign body, a tooth root abscess and a polyp.',
      ].join('\n'),
    );
    expect(sectionOf(result, 'The other causes')).toBe('A');
  });
});
