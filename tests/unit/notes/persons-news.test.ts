import { describe, expect, it } from 'vitest';
import { ownersOwnHealthAt } from '#shared/notes/phrases.js';
import { classified, sectionInTranscript, sectionOf } from './classified.js';

describe("a relative's health told in a long clause", () => {
  it('is a person’s health even when the care word comes late in the clause', () => {
    for (const text of [
      'My suster het die hele vorige maand weer met haar griep gesukkel.',
      'My brother was back in and out of the hospital all of March.',
      'Ons oupa het nou al vir die derde keer hierdie jaar sy operasie uitgestel.',
    ])
      expect(ownersOwnHealthAt(text), text).toBeGreaterThanOrEqual(0);
  });
  it('is still the animal’s history when the animal is named', () => {
    expect(ownersOwnHealthAt('My husband took him back to the hospital on Sunday night.')).toBe(-1);
  });
});

describe('news of another person relayed by name', () => {
  const lameEwe = (aside: string): string =>
    [
      'The ewe has been lame on the left fore since Monday.',
      aside,
      'On examination there is heat and swelling above the hoof, temperature 40.1.',
    ].join('\n');
  it("is left out when it is about the reporter's relative or friend", () => {
    for (const aside of [
      'Mrs Pillay mentioned that her nephew got a bursary for engineering at Stellenbosch.',
      'Mr Dube said his friend had the same trouble with his knee.',
    ])
      expect(sectionInTranscript(lameEwe(aside), aside.slice(0, 20)), aside).toBe('left');
  });
  it('is kept when what was seen is the animal', () => {
    const aside = 'Mr Dube says his neighbour saw her limping near the dam.';
    expect(sectionInTranscript(lameEwe(aside), aside.slice(0, 20))).toBe('S');
  });
});

describe('an instruction on its bare verb after chat', () => {
  it('is the plan, not more of the chat', () => {
    for (const [chat, instruction] of [
      [
        "Our neighbour's son won the chess final on Sunday, and brought the trophy to show",
        'Keep Bles separate.',
      ],
      ['Die bure se seun het Sondag die skaakfinaal gewen en die trofee kom wys vir', 'Hou Bles eenkant.'],
    ] as const) {
      const result = classified(
        ['The ewe has been lame on the left fore since Monday.', chat, 'us at church.', instruction].join(
          '\n',
        ),
      );
      expect(sectionOf(result, chat.slice(0, 20)), chat).toBe('left');
      expect(sectionOf(result, instruction), instruction).toBe('P');
    }
  });
});

describe("a person's own health told by someone named, in speech-engine text", () => {
  it('is left out after the words that say who told it', () => {
    for (const [line, news] of [
      [
        'the wound is healing well and the stitches come out on friday oom piet told me about his own knee operation last month',
        'oom piet told me about his own',
      ],
      [
        'sy eet weer goed en die koors is af tannie sarie het vertel oor haar eie bloeddruk wat te hoog is',
        'tannie sarie het vertel oor haar eie',
      ],
    ] as const) {
      const result = classified(line);
      expect(sectionOf(result, news), line).toBe('left');
      expect(sectionOf(result, line.slice(0, 15)), line).not.toBe('left');
    }
  });
});

describe('household news after more than one opener', () => {
  it("is left out after an apology and the vet's title ('Ekskuus, Dokter, my broer…')", () => {
    const aside = 'Ekskuus, Dokter, my broer het gister sy motor omgeslaan, maar hy is net bietjie seer.';
    const result = classified(
      [
        "He's been vomiting since Tuesday and won't touch his food.",
        aside,
        'On examination his abdomen is tense and painful, temperature 39.8.',
      ].join('\n'),
    );
    expect(sectionOf(result, 'my broer het gister')).toBe('left');
    expect(sectionOf(result, 'vomiting since Tuesday')).toBe('S');
  });
});

describe("news of a named person's own people", () => {
  const lameEwe = (aside: string): string =>
    [
      'The ewe has been lame on the left fore since Monday.',
      aside,
      'On examination there is heat and swelling above the hoof, temperature 40.1.',
    ].join('\n');
  it("is left out when the named person's relative is the subject, in either language", () => {
    for (const aside of [
      "Thabo's daughter starts at the university in Pretoria next month.",
      "Mr Botha's son-in-law is moving the family to Australia in June.",
      'Annatjie se man het verlede week sy nuwe trekker by die skou gaan koop.',
    ])
      expect(sectionInTranscript(lameEwe(aside), aside.slice(0, 20)), aside).toBe('left');
  });
  it('is kept when it is about the animal', () => {
    const aside = "Thabo's son saw her limping near the dam on Sunday.";
    expect(sectionInTranscript(lameEwe(aside), aside.slice(0, 20))).toBe('S');
  });
});

describe("a relative's care told with a number, a comma or a compound", () => {
  it('is a person’s health when the care word ends a compound or the clause holds a number or a comma', () => {
    for (const text of [
      'Haar pa lê al in die Mediclinic-hospitaal met sy hart.',
      'My brother was 3 weeks in the Addington-hospital after his fall.',
      'Ons oom het gister, so laat as 9 uur, sy operasie gehad.',
    ])
      expect(ownersOwnHealthAt(text), text).toBeGreaterThanOrEqual(0);
  });
  it('is still the animal’s history when the animal is named', () => {
    expect(ownersOwnHealthAt('My son took him to the after-hours hospital at 9 last night.')).toBe(-1);
  });
});
