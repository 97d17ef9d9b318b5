import { describe, expect, it } from 'vitest';
import { inferSpeaker } from '#shared/notes/classify';
import { classified, sectionOf } from './classified.js';

describe('a measured value or a named test is never chat', () => {
  it('keeps a laboratory value in spelled-out units after chat', () => {
    const result = classified(
      [
        'Like a drum, Doc. Like when you hit a steel drum with a stick.',
        'Presies. Op die regterkant is daar geen ping nie.',
        "Ek doen ook gou 'n ketoontoets. Her blood BHB is 2,4 millimol per liter. That's clinical ketosis.",
      ].join('\n'),
    );
    expect(sectionOf(result, 'BHB is 2,4 millimol')).toBe('O');
    expect(sectionOf(result, 'ketoontoets')).not.toBe('left');
  });
});

describe('who reads a result out', () => {
  it('a result read to the vet is not the owner speaking, though it addresses the doctor', () => {
    expect(inferSpeaker('Dokter, die hematokrit is 14 persent, en die plasma is pienk.', 'af')).not.toBe(
      'client',
    );
    expect(
      inferSpeaker('Blood is through the machine, Doctor. PCV 38 percent, platelets 180.', 'en'),
    ).not.toBe('client');
  });
});

describe('a plan to operate', () => {
  it('is clinical, in one unpunctuated breath too', () => {
    const result = classified(
      "ek gaan jou voel ja hier is 'n groot vaste massa in die buik nou doc dis 'n linkerverplaasde lebmaag sy het sekondêre ketose ons gaan opereer",
    );
    expect(sectionOf(result, 'ons gaan opereer')).not.toBe('left');
  });
});

describe('a test result', () => {
  it('is a finding, though it comes among the vet’s judgements', () => {
    const result = classified(
      [
        // Unlabelled lines, as a recording's transcript comes.
        'I think this is parvo, the signs fit very well.',
        'Dokter, die parvo-toets is positief, die tweede lyn is sterk.',
        'Ek dink dis parvovirus. The FIV/FeLV snap test was negative too.',
      ].join('\n'),
    );
    expect(sectionOf(result, 'parvo-toets is positief')).toBe('O');
    expect(sectionOf(result, 'snap test was negative')).toBe('O');
  });
});

describe('a recording control said with a reading', () => {
  it('keeps the reading as a finding, in either language and as one line', () => {
    for (const [line, reading] of [
      ["okay let's start with bella bella weighs 4.6 kilograms temperature 38.9", '4.6'],
      ['goed kom ons begin met rex rex weeg 21 kilogram en sy temperatuur is 39.4', '21'],
    ] as const) {
      const result = classified(line);
      const utterance = result.find(([text]) => text.includes(reading));
      expect(utterance?.[1], result.map(([t, s]) => `${s}: ${t}`).join(' | ')).not.toBe('left');
    }
  });
  it('leaves the bare control phrase out', () => {
    expect(sectionOf(classified("Okay, let's start recording."), 'recording')).toBe('left');
  });
});

describe('what the animals get from the vet now', () => {
  it('is the plan, also right after small talk and in words no lexicon knows, in either language', () => {
    for (const [line, treatment] of [
      [
        'Vet: The wound is clean and dry. Congratulations on the new tractor! Both get a tetanus shot today.',
        'Both get a tetanus',
      ],
      [
        "Vet: Die wond is skoon. Baie geluk met die nuwe trekker! Al twee kry vandag 'n klem-in-die-kaak-inspuiting.",
        'Al twee kry vandag',
      ],
    ] as const) {
      const result = classified(line);
      expect(sectionOf(result, treatment), result.map(([t, s]) => `${s}: ${t}`).join(' | ')).toBe('P');
    }
  });
});

describe('a weight read out in words', () => {
  it('is kept after greetings and chat, in either language', () => {
    for (const [transcript, reading] of [
      [
        'Nurse: Morning, Mrs Jacobs. Hi Rusty! Let me pop him on the scale first. Twelve point five kilograms, Doctor.',
        'Twelve point five',
      ],
      [
        'Nurse: Goeiemiddag, mevrou Smit. Kom ons weeg vir Rex eers. Agt-en-twintig kilo, Dokter.',
        'Agt-en-twintig',
      ],
    ] as const) {
      const result = classified(transcript);
      expect(sectionOf(result, reading), result.map(([t, s]) => `${s}: ${t}`).join(' | ')).not.toBe('left');
    }
  });
  it('does not make a reading of a spoken count of years or a spoken percentage', () => {
    const result = classified(
      [
        'Client: Her eye has been weeping since Monday.',
        'Client: Ag, die pad hierheen, hulle het dit na net drie jaar se kla reggemaak.',
        'Client: Sorry, I am stressed, the rent went up ten percent this year.',
      ].join('\n'),
    );
    expect(sectionOf(result, 'drie jaar se kla')).toBe('left');
    expect(sectionOf(result, 'ten percent')).toBe('left');
  });
});
