import { describe, expect, it } from 'vitest';
import { extractClinicalNotes, splitUtterances } from '#shared/notes/index.js';
import { animalIdIn, namesListed } from '#shared/notes/animals.js';
import { mergeDuplicates, type DraftBullet } from '#shared/notes/bullets.js';
import { checkPlanSafety, phoneticKey } from '#shared/notes/safety.js';
import { MAX_UTTERANCE_WORDS } from '#shared/notes/split.js';
import type { ExtractResponse } from '#shared/schemas/clinical.js';
import { ExtractResponseSchema } from '#shared/schemas/clinical.js';

/**
 * Issue 16's failure kinds, each written as a rule over generated sentences (several findings, species,
 * languages and phrasings), not as the examples that exposed them.
 */
const notes = (transcript: string): ExtractResponse => extractClinicalNotes({ transcript });
const lines = (text: string): string[] => text.split('\n').filter(Boolean);
const allBullets = (r: ExtractResponse): string[] =>
  [
    r.clinicalData.subjective,
    r.clinicalData.objective,
    r.clinicalData.assessment,
    r.clinicalData.plan,
  ].flatMap(lines);

const CONDITIONS = [
  'sarcoptic mange',
  'a lumbar strain',
  'pneumonia',
  'a foreign body',
  'pancreatitis',
  'heartwater',
];
const CONDITIONS_AF = ['skurfte', "'n rugbesering", 'longontsteking', 'hartwater', 'melkkoors'];

describe('hedges stay in the note', () => {
  it('an English hedge becomes "Likely …" or "Suspected …", never the bare condition', () => {
    for (const condition of CONDITIONS) {
      for (const [hedge, word] of [
        ["Vet: I think it's", /^Likely /u],
        ['Vet: I suspect', /^Suspected /u],
        ['Vet: It looks like', /^Likely /u],
      ] as const) {
        const result = notes(`${hedge} ${condition}.`);
        const bullet = allBullets(result).find((b) =>
          b.toLowerCase().includes(condition.replace(/^a /u, '')),
        );
        expect(bullet, `${hedge} ${condition}`).toBeDefined();
        expect(bullet).toMatch(word);
      }
    }
  });
  it('an Afrikaans hedge becomes "Waarskynlik …" or "Vermoedelik …"', () => {
    for (const condition of CONDITIONS_AF) {
      for (const [hedge, word] of [
        ['Veearts: Ek dink dit is', /^Waarskynlik /u],
        ['Veearts: Ek vermoed dit is', /^Vermoedelik /u],
      ] as const) {
        const bullet = allBullets(notes(`${hedge} ${condition}.`))[0];
        expect(bullet, `${hedge} ${condition}`).toMatch(word);
      }
    }
  });
  it("an owner's guess stays the owner's, in Subjective", () => {
    for (const [said, expected] of [
      ['Client: I think he ate something in the garden.', /^Owner thinks he ate something/u],
      [
        'Client: I suspect the neighbour fed her chocolate.',
        /^Owner suspects the neighbour fed her chocolate/u,
      ],
      ['Kliënt: Ek dink sy het gif gevreet.', /^Eienaar dink sy het gif gevreet/u],
    ] as const) {
      const result = notes(said);
      expect(result.clinicalData.subjective, said).toMatch(expected);
      expect(result.clinicalData.assessment, said).toBe('');
    }
  });
  it('words that already carry the uncertainty are kept as spoken', () => {
    for (const word of ['Probably', 'Possibly', 'Most likely']) {
      const bullet = allBullets(notes(`Vet: ${word} ${CONDITIONS[2]}.`))[0] ?? '';
      expect(bullet.toLowerCase()).toContain(word.toLowerCase());
    }
  });
});

describe('conditions and future actions stay in the Plan', () => {
  const thresholds = [
    ['the temperature goes above 39.5 degrees', 'phone me'],
    ['the egg count is over 500 eggs per gram', 'dose the flock'],
    ['the heart rate stays above 60', 'she goes in for surgery'],
    ['the weight drops below 3 kg', 'we start tube feeding'],
  ];
  it('a conditional instruction is one Plan bullet and states no finding', () => {
    for (const [condition, action] of thresholds) {
      for (const form of [
        `Only if ${condition}, ${action}.`,
        `If ${condition}, ${action}.`,
        `${action}, but only if ${condition}.`,
      ]) {
        const result = notes(`Vet: ${form}`);
        expect(result.clinicalData.objective, form).toBe('');
        expect(lines(result.clinicalData.plan), form).toHaveLength(1);
      }
    }
  });
  it('what the vet will do next is Plan, not a finding', () => {
    for (const action of [
      "I'll run a clotting time and a CBC.",
      "We'll take X-rays tomorrow.",
      'Ek sal more bloed trek vir die laboratorium.',
    ]) {
      const result = notes(`Vet: ${action}`);
      expect(lines(result.clinicalData.plan), action).toHaveLength(1);
      expect(result.leftOut ?? []).toHaveLength(0);
    }
  });
});

describe('abbreviations never split a sentence', () => {
  const sentences = [
    'The culture grew E. coli sensitive to ceftiofur.',
    'Smears showed B. bovis in the red cells.',
    'Dr. Naidoo saw him last week with a cough.',
    'She weighs approx. 12 kg now.',
    'Give a bland diet, e.g. chicken and rice.',
    'Rule out other causes, i.e. a tumour or an abscess.',
    'Treat with an anthelmintic, e.g. closantel, today.',
  ];
  it('each sentence is one utterance', () => {
    for (const sentence of sentences) expect(splitUtterances(sentence), sentence).toHaveLength(1);
  });
});

describe('intent phrases become instructions, never cut mid-sentence', () => {
  const actions = [
    'keep him in the stable for a week',
    'weigh her every Monday',
    'dose the whole flock today',
  ];
  const actionsAf = [
    'hom vir n week in die stal hou',
    'haar elke Maandag weeg',
    'die hele trop vandag doseer',
  ];
  it('English: "I want you to …" → "Owner to …"', () => {
    for (const action of actions) {
      for (const intent of ['I want you to', "I'd like you to", 'You need to']) {
        const plan = notes(`Vet: ${intent} ${action}.`).clinicalData.plan;
        expect(plan, intent).toBe(`Owner to ${action}`);
      }
    }
  });
  it('Afrikaans: "Ek wil hê jy moet …" → "Eienaar moet …"', () => {
    for (const action of actionsAf) {
      const plan = notes(`Veearts: Ek wil hê jy moet ${action}.`).clinicalData.plan;
      expect(plan).toBe(`Eienaar moet ${action}`);
      expect(plan).not.toMatch(/^Hê/u);
    }
  });
});

describe('multi-animal visits keep each animal', () => {
  const kinds = [
    ['Cow', 'koei'],
    ['Ewe', 'ooi'],
    ['Kid', 'lam'],
  ];
  it('recognises ear tags and numbers in both languages', () => {
    expect(animalIdIn('Ear tag 214 is lame')).toBe('Tag 214');
    expect(animalIdIn('Oorplaatjie 318 hoes')).toBe('Oorplaatjie 318');
    expect(animalIdIn('Kid number 56 is dull')).toBe('Kid 56');
    expect(animalIdIn('She weighs 12 kg')).toBeNull();
    expect(animalIdIn('Repeat in 3 days')).toBeNull();
    // With a comma or colon between the kind and the tag, as a list is read out.
    expect(animalIdIn('Eerste is die ooi, 0512.')).toBe('Ooi 0512');
    expect(animalIdIn('Then the heifer: 4471, she is bloated')).toBe('Heifer 4471');
    expect(animalIdIn('The calf, 3 days old, is weak')).toBeNull();
  });
  it('a tag said on its own after its animal was named is that animal', () => {
    const result = notes(
      [
        'Vet: Eerste is die ooi, 0512. Haar temperatuur is 40.6 grade en die linkerkant van die uier is koud en hard.',
        'Vet: Dan die ram, 0877. Sy skrotumomtrek is 32 cm en die linker epididimis is vergroot.',
        'Vet: Vir 0512 gee ek prokaïen-penisillien, 20 000 IE/kg IM, elke dag vir 5 dae.',
        'Vet: Vir 0877 trek ek bloed vir Brucella ovis-serologie.',
      ].join('\n'),
    );
    const plan = lines(result.clinicalData.plan);
    expect(plan.find((l) => /penisillien/iu.test(l))).toMatch(/^Ooi 0512 — /u);
    expect(plan.find((l) => /serologie/iu.test(l))).toMatch(/^Ram 0877 — /u);
  });
  it('every finding of a named animal carries its tag, grouped per animal', () => {
    for (const [kind] of kinds) {
      const tags = [101, 2345, 77].map((n) => `${kind} ${n}`);
      const transcript = tags
        .map(
          (tag, i) =>
            `Vet: ${tag} has a body condition score of ${i + 2} out of 5. She is lame on the left hind.`,
        )
        .join('\n');
      const objective = lines(notes(transcript).clinicalData.objective);
      for (const [i, tag] of tags.entries()) {
        const line = objective.find((l) => l.startsWith(`${tag} — `));
        expect(line, `${kind}: ${objective.join(' | ')}`).toBeDefined();
        expect(line).toContain(`${i + 2}/5`);
        expect(line?.toLowerCase()).toContain('lame');
      }
    }
  });
});

describe('the animal in scope', () => {
  it('is the one tagged animal of its kind when it is named by its kind alone, in either language', () => {
    const visits: Array<[string, string, string, string, RegExp]> = [
      // [first tag, second tag, kind-only reference, finding, the finding's first tag]
      [
        'bull 4107',
        'cow 4152',
        "Let's start with the bull.",
        'The scrotal circumference is 36 cm.',
        /^Bull 4107 — /u,
      ],
      ['bul 4107', 'koei 4152', 'Sit die bul in die crush.', 'Die skrotumomtrek is 36 cm.', /^Bul 4107 — /u],
      [
        'bull 207',
        'heifer 318',
        'Now the heifer, please.',
        'Her temperature is 40.1 degrees.',
        /^Heifer 318 — /u,
      ],
      [
        'ram 66',
        'ooi 912',
        'Dan die ooi se uier.',
        'Die linkerkant van die uier is hard en warm.',
        /^Ooi 912 — /u,
      ],
    ];
    for (const [first, second, reference, finding, owner] of visits) {
      const transcript = [
        `Client: We have ${first} for a check and ${second} that is sick.`,
        `Vet: Okay. Cow 5000 is fine, her body condition score is 3 out of 5.`,
        `Vet: ${reference}`,
        `Vet: ${finding}`,
      ].join('\n');
      const objective = lines(notes(transcript).clinicalData.objective);
      const line = objective.find((l) => /36 cm|40\.1|uier/iu.test(l));
      expect(line, objective.join(' | ')).toMatch(owner);
    }
  });
  it("stays the animal when her own young are spoken of, not when the group's are", () => {
    const cases: Array<[string, string, string]> = [
      [
        'She is a good mother, I want her to raise two more calves.',
        'Meloxicam 0.5 mg/kg SC for her today.',
        'en',
      ],
      [
        "Sy is 'n goeie moer, ek wil haar nog twee kalwers laat grootmaak.",
        'Ek gee meloxicam 0.5 mg/kg onder die vel.',
        'af',
      ],
      ['Her lambs are strong and drinking well.', 'I give her oxytetracycline 20 mg/kg IM.', 'en'],
    ];
    for (const [young, plan, language] of cases) {
      const transcript = [
        'Vet: Bull 4107 is fine, his body condition score is 3 out of 5.',
        'Vet: Now cow 4152. On the third eyelid there is a mass of about 2 cm.',
        `Vet: ${young}`,
        `Vet: ${plan}`,
      ].join('\n');
      const planLines = lines(notes(transcript).clinicalData.plan);
      expect(
        planLines.find((l) => /mg\/kg/u.test(l)),
        `${language}: ${planLines.join(' | ')}`,
      ).toMatch(/^Cow 4152 — /u);
    }
    const group = lines(
      notes(
        [
          'Vet: Bull 4107 is fine, his body condition score is 3 out of 5.',
          'Vet: Now cow 4152. On the third eyelid there is a mass of about 2 cm.',
          'Vet: The calves in the camp all have flies on their eyes.',
          'Vet: Treat the calves with a pour-on for flies, 10 ml each.',
        ].join('\n'),
      ).clinicalData.plan,
    );
    expect(group.find((l) => /pour-on/iu.test(l))).not.toMatch(/^Cow 4152 — /u);
  });
  it('an animal named by kind and tag with something clinical said of it is never left out as chat', () => {
    const openings = ['Môre, Dokter.', 'Morning, doctor, how are you?'];
    const sentences = [
      'Drie goed: die bul, 4107, moet gekeur word voor hy in November by die koeie gaan.',
      'Three things: the bull, 4107, must be checked before he goes to the cows in November.',
    ];
    for (const opening of openings) {
      for (const sentence of sentences) {
        const result = notes(
          `Client: ${opening} ${sentence}\nVet: Right, cow 4152 has a temperature of 39.4 degrees.`,
        );
        expect(
          result.leftOut?.some((line) => line.text.includes('4107')),
          (result.leftOut ?? []).map((line) => line.text).join(' | '),
        ).toBe(false);
      }
    }
  });
  it('is not yet the tagged animal of that kind while another animal comes first: the one in scope keeps it', () => {
    // [mother named first, what is said of her young by kind, the next animal named, the young tagged last]
    const visits: Array<[string, string, string, string, RegExp]> = [
      [
        'Vet: Cow 2210 is due any day now.',
        'Vet: I give her an injection to bring the calf on within two days.',
        'Client: Next is bull 2301, he is lame.',
        'Client: Last, calf 2388 with a cough.',
        /^Cow 2210 — /u,
      ],
      [
        'Vet: Ooi 514 is hoogdragtig.',
        'Vet: Ek spuit haar nou in om die lam binne twee dae te laat kom.',
        'Client: Dan die ram, 520, hy loop mank.',
        'Client: En laaste, die lam, 588, hy hoes.',
        /^Ooi 514 — /u,
      ],
    ];
    for (const [mother, young, next, last, owner] of visits) {
      const plan = lines(notes([mother, young, next, last].join('\n')).clinicalData.plan);
      expect(
        plan.find((l) => /2 (?:days|dae)/iu.test(l)),
        plan.join(' | '),
      ).toMatch(owner);
    }
  });
  it("is the dam's own young, not the next tagged young one, when the young is named by kind while she is in scope", () => {
    for (const [dam, young, next] of [
      [
        'Vet: Ewe 412 has a vaginal prolapse and her temperature is 39.1.',
        'Vet: I will give her a purse-string suture and cull her after the lamb is weaned.',
        'Client: Then lamb 433, his eyes are weeping.',
      ],
      [
        'Vet: Koei 2207 het melkkoors, haar temperatuur is 37.2.',
        'Vet: Ek gee haar kalsium in die aar en jy moet die kalf vandag van haar af haal.',
        'Client: Dan kalf 2290, hy hoes.',
      ],
    ] as const) {
      const plan = lines(notes([dam, young, next].join('\n')).clinicalData.plan);
      const owner = /^(?:Ewe 412|Koei 2207) — /u;
      expect(
        plan.find((l) => /purse-string|kalsium/iu.test(l)),
        plan.join(' | '),
      ).toMatch(owner);
    }
  });
  it('stays the dam when her twins are spoken of, in either language and as one line', () => {
    for (const [line, treatment, owner] of [
      [
        'vet: ewe 301 is fine her body condition is 3 out of 5 ewe 377 is down and her breath smells sweet this is pregnancy toxaemia the two lambs take all the energy give propylene glycol 60 ml by mouth twice a day for three days',
        /propylene/iu,
        /^Ewe 377 — /u,
      ],
      [
        'vet: ooi 301 is reg haar kondisie is 3 uit 5 ooi 377 lê en haar asem ruik soet dis dragtigheidstoksemie die tweeling vat al die energie gee propileenglikol 60 ml deur die mond twee keer per dag vir drie dae',
        /propileen/iu,
        /^Ooi 377 — /u,
      ],
    ] as const) {
      const plan = lines(notes(line).clinicalData.plan);
      expect(
        plan.find((l) => treatment.test(l)),
        plan.join(' | '),
      ).toMatch(owner);
    }
  });
  it('is the tagged animal of that kind when it is the next animal named, in the turn after', () => {
    const result = notes(
      [
        'Vet: Cow 3105 is fine, her body condition score is 3 out of 5.',
        'Client: And the heifer? She worries me.',
        'Client: Heifer 3188, two years old, she has had a thick nasal discharge for four days.',
        'Vet: Her temperature is 41.2 degrees.',
      ].join('\n'),
    );
    const objective = lines(result.clinicalData.objective);
    expect(
      objective.find((l) => /41\.2/u.test(l)),
      objective.join(' | '),
    ).toMatch(/^Heifer 3188 — /u);
  });
  it('is not an animal of a kind the visit has two tagged animals of', () => {
    const result = notes(
      [
        'Client: Cow 4152 and cow 4160 both have a sore eye.',
        'Vet: Bull 4107 is fine, his body condition score is 3 out of 5.',
        'Vet: Now the cow.',
        'Vet: The cornea is cloudy with a central ulcer.',
      ].join('\n'),
    );
    const objective = lines(result.clinicalData.objective);
    expect(objective.find((l) => /cloudy/iu.test(l))).not.toMatch(/^Cow 41(?:52|60) — /u);
  });
  it('starts where an animal is announced, though the announcement makes no bullet', () => {
    const result = notes(
      [
        'Vet: Cow 4410 first. Her temperature is 40.8 degrees and she is grunting.',
        'Client: Thanks. Last one is the heifer, 5127.',
        'Vet: Okay. Her temperature is 39.1 degrees and the left eye is cloudy with an ulcer.',
      ].join('\n'),
    );
    const objective = lines(result.clinicalData.objective);
    expect(objective.find((l) => /cloudy/iu.test(l))).toMatch(/^Heifer 5127 — /u);
  });
  it('takes a number read with its leading zero for an ear tag, kind or no kind', () => {
    const result = notes(
      [
        'Client: The first one is cow 0231. She has been peeing red since yesterday.',
        'Vet: Her temperature is 41.2 and her gums are pale.',
        'Client: 0457, the old grey one, she is nine or ten years.',
        'Vet: Her mucous membranes are very yellow and her PCV is 12.',
      ].join('\n'),
    );
    const objective = lines(result.clinicalData.objective);
    expect(objective.find((l) => /yellow/iu.test(l))).toMatch(/^Tag 0457 — /u);
    expect(objective.find((l) => /41\.2|41,2/u.test(l))).toMatch(/^Cow 0231 — /u);
  });
  it('takes a four-digit number said again and again without a unit for a tag, once one animal has a tag', () => {
    const result = notes(
      [
        'Client: First, 3316. She stands on her own at the trough and grinds her teeth.',
        'Vet: Okay, 3316 first. Her temperature is 38.9 and her breath smells sweet.',
        'Client: The other one is 3472. I saw a pink ball coming out behind when she lay down.',
        'Vet: 3472 has a vaginal prolapse, about grapefruit size, and the cervix is closed.',
        'Client: Then the lamb, 5108. One of the early ewes had him four days ago.',
        'Vet: Both lower eyelids are rolled in and the lashes rub on the eye.',
        'Vet: I will come back on Thursday, in 2 days, to see 3316. We used 2000 litres of water in 2024 and 2024.',
      ].join('\n'),
    );
    const objective = lines(result.clinicalData.objective);
    expect(objective.find((l) => /sweet/iu.test(l))).toMatch(/^Tag 3316 — /u);
    expect(objective.find((l) => /prolapse/iu.test(l))).toMatch(/^Tag 3472 — /u);
    // 'One of the early ewes' is the lamb's mother, not the flock: the lamb stays in scope.
    expect(objective.find((l) => /eyelids/iu.test(l))).toMatch(/^Lamb 5108 — /u);
    expect(allBullets(result).some((l) => /^Tag (?:2000|2024) — /u.test(l))).toBe(false);
  });
  it("keeps the owner's history with the animal only in the turn that names it", () => {
    const result = notes(
      [
        'Client: Then the ram, 0877. I caught him last week and felt a lump at the bottom of one testicle.',
        'Vet: Is he eating?',
        'Client: Ja, he eats well.',
        'Vet: His left epididymis is twice the normal size. Next, ewe 0512. Her udder is cold and blue.',
      ].join('\n'),
    );
    const subjective = lines(result.clinicalData.subjective);
    expect(subjective.find((l) => /lump/iu.test(l))).toMatch(/^Ram 0877 — /u);
    expect(subjective.find((l) => /eats well/iu.test(l))).not.toMatch(/—/u);
  });
  it("goes on through the owner's history of the animal's own young", () => {
    const result = notes(
      [
        'Client: First is the ewe, 0512. She lambed twins ten days ago and the lambs cry all the time.',
        'Vet: Her temperature is 40.6 degrees and the left half of the udder is cold and blue.',
        'Vet: Then ram 0877. His scrotal circumference is 32 cm.',
      ].join('\n'),
    );
    const objective = lines(result.clinicalData.objective);
    expect(objective.find((l) => /udder/iu.test(l))).toMatch(/^Ewe 0512 — /u);
  });
  it('ends when the group or other animals are spoken of without a tag', () => {
    for (const [tagged, group] of [
      ['Cow 12', 'The calves'],
      ['Ewe 7', 'The rest of the flock'],
      ['Sow 3', 'The piglets'],
      ['Koei 12', 'Die kalwers'],
    ] as const) {
      const result = notes(
        `Vet: ${tagged}: temperature 40.5 degrees. ${tagged.split(' ')[0]} 99: temperature 38.5 degrees.\nVet: ${group} have diarrhoea and are dull.`,
      );
      const line = allBullets(result).find((l) => /diarr|dull/iu.test(l));
      expect(lines(result.clinicalData.objective).every((l) => !/; (?:cow|ewe|sow|koei) \d/iu.test(l))).toBe(
        true,
      );
      expect(line, group).toBeDefined();
      expect(line, group).not.toMatch(/—/u);
    }
  });
});

describe('one fact once across languages', () => {
  it('a vital sign repeated in the other language is one bullet', () => {
    const pairs = [
      ['The temperature is 39.2 degrees.', 'Temperatuur 39,2 grade.'],
      ['He weighs 24.5 kg.', 'Gewig 24,5 kg.'],
      ['Heart rate 96 beats per minute.', 'Hartklop 96 slae per minuut.'],
    ];
    for (const [en, af] of pairs) {
      const objective = lines(notes(`Vet: ${en}\nVet: Opsomming. ${af}`).clinicalData.objective);
      expect(objective, `${en} / ${af}`).toHaveLength(1);
    }
  });
  it('a finding repeated in an Afrikaans closing summary is one bullet, wherever the summary files it', () => {
    const pairs = [
      ['She is lame on the left hind leg.', 'Sy is mank op die linker agterbeen.'],
      ['The prognosis is good.', 'Die prognose is goed.'],
      ['He has had a cough and fever for three days.', 'Hy het al drie dae hoes en koors.'],
    ];
    for (const [en, af] of pairs) {
      const result = notes(`Vet: ${en}\nVet: Opsomming: ${af}`);
      expect(allBullets(result), `${en} / ${af}`).toHaveLength(1);
      expect(result.evidence[0]?.spans, en).toHaveLength(2);
    }
  });
  it('different values, or the same value of another animal, stay apart', () => {
    expect(
      lines(notes('Vet: Temperature 39.2 degrees.\nVet: Temperature 38.4 degrees.').clinicalData.objective),
    ).toHaveLength(2);
    const herd = notes('Vet: Cow 12, temperature 39.2 degrees.\nVet: Cow 14, temperature 39.2 degrees.');
    expect(lines(herd.clinicalData.objective)).toHaveLength(2);
  });
  it('merging looks candidates up by word, not by comparing every pair', () => {
    // 3,000 distinct bullets and their 3,000 repeats: the repeats merge, the rest stay.
    const drafts: DraftBullet[] = [];
    for (let i = 0; i < 3000; i++)
      drafts.push({
        section: 'O',
        text: `Finding number ${i} lesion${i}`,
        spans: [{ start: i, end: i + 1 }],
      });
    for (let i = 0; i < 3000; i++)
      drafts.push({
        section: 'O',
        text: `Finding number ${i} lesion${i}`,
        spans: [{ start: i, end: i + 1 }],
      });
    expect(mergeDuplicates(drafts)).toHaveLength(3000);
  });
});

describe('unpunctuated speech-engine text', () => {
  it('no utterance, and so no bullet, runs over the word limit', () => {
    const clause = 'the left fore is warm and swollen above the fetlock and she resents flexion of the joint';
    const runOn = Array.from({ length: 20 }, () => clause).join(' ');
    for (const u of splitUtterances(runOn))
      expect(u.text.split(/\s+/u).length).toBeLessThanOrEqual(MAX_UTTERANCE_WORDS);
    const result = notes(runOn);
    for (const bullet of allBullets(result))
      expect(bullet.split(/\s+/u).length).toBeLessThanOrEqual(MAX_UTTERANCE_WORDS + 5);
  });
});

describe('nothing is lost silently', () => {
  const transcript = [
    "Vet: Morning! How's the family?",
    'Client: Fine thanks. She has been coughing for a week and eats less.',
    'Vet: Okay.',
    'Vet: Did you see the rugby on Saturday?',
    'Vet: Temperature 39.9, crackles on the right.',
    'Client: Can I pay by card at the front?',
    'Vet: I think it is pneumonia. Give oxytetracycline 20 mg/kg IM.',
    'Vet: Up on the table. Good girl.',
  ].join('\n');
  it('every utterance is in a bullet’s evidence or in leftOut with a reason', () => {
    const result = notes(transcript);
    ExtractResponseSchema.parse(result);
    const covered = [
      ...result.evidence.flatMap((e) => e.spans),
      ...(result.leftOut ?? []).flatMap((l) => l.spans),
    ];
    for (const u of splitUtterances(transcript)) {
      const inside =
        covered.some((s) => s.start <= u.start + 1 && s.end >= u.end - 1) ||
        covered.some((s) => s.start >= u.start && s.end <= u.end);
      expect(inside, u.text).toBe(true);
    }
    const reasons = new Map((result.leftOut ?? []).map((l) => [l.text, l.reason]));
    expect(reasons.get('Can I pay by card at the front?')).toBe('question');
    expect(reasons.get('Did you see the rugby on Saturday?')).toBe('question');
    expect(allBullets(result).join(' ')).not.toMatch(/rugby|card|family/iu);
    expect(result.clinicalData.subjective).toMatch(/coughing/u);
  });
  it('billing and social chat are left out with their reason', () => {
    const result = notes(
      'Client: The account can go to the co-op as usual.\nClient: The drought has been terrible this year.',
    );
    expect(result.leftOut?.map((l) => l.reason)).toEqual(['billing', 'small-talk']);
    expect(allBullets(result)).toHaveLength(0);
  });
});

describe('safety flags that earn trust', () => {
  it('a withdrawal period stated anywhere for the drug satisfies the check', () => {
    const plan = 'Oxytetracycline 20 mg/kg IM';
    expect(checkPlanSafety(plan, 'Cattle').map((f) => f.kind)).toContain('missing-withdrawal-period');
    for (const said of [
      'The meat withdrawal for the oxytetracycline is 28 days.',
      'Die onttrekkingstydperk vir vleis is 28 dae.',
      'No slaughter for 28 days, that is the withdrawal period.',
    ]) {
      const flags = checkPlanSafety(plan, 'Cattle', { transcript: `Give oxytetracycline. ${said}` });
      expect(
        flags.map((f) => f.kind),
        said,
      ).not.toContain('missing-withdrawal-period');
    }
  });
  it('common otic and ophthalmic combinations and SA large-animal products are known', () => {
    for (const product of [
      'Surolan',
      'Otomax',
      'Easotic',
      'Maxitrol',
      'Optimmune',
      'Micotil',
      'Zolvix',
      'Butalex',
      'Ivomec Super',
    ]) {
      const flags = checkPlanSafety(`${product} as directed`, undefined);
      expect(
        flags.filter((f) => f.kind === 'unknown-drug' || f.kind === 'likely-misheard-drug'),
        product,
      ).toEqual([]);
    }
  });
  it('a misheard name gets the likely drug as a suggestion, by sound or by spelling, in both languages', () => {
    const cases = [
      ['oksitetrasiklien', 'oxytetracycline'],
      ['enrofloksasien', 'enrofloxacin'],
      ['meloksikam', 'meloxicam'],
      ['ivermektien', 'ivermectin'],
      ['amoxicylline', 'amoxicillin'],
    ] as const;
    for (const [heard, meant] of cases) {
      expect(phoneticKey(heard), heard).toBe(phoneticKey(meant));
      const flags = checkPlanSafety(`${heard} 5 mg/kg`, 'Dogs');
      const flag = flags.find((f) => f.kind === 'likely-misheard-drug' || f.kind === 'unknown-drug');
      if (flag) expect(flag.suggestion, heard).toBe(meant);
    }
    // Three edits away: still a suggestion.
    const far = checkPlanSafety('Give cefalaxon 20 mg/kg', 'Dogs').find((f) => f.drug === 'cefalaxon');
    expect(far?.suggestion).toBeDefined();
  });
});

describe('timed segments from the speech engine', () => {
  it('a pause between segments ends an utterance in unpunctuated text', () => {
    const pieces = [
      'ja dankie dokter die pad was baie sleg vanoggend',
      'sy hoes al drie dae en sy vreet nie meer nie',
      'temperatuur is veertig komma een grade',
    ];
    const transcript = pieces.join(' ');
    let t = 0;
    const segments = pieces.map((text) => ({ start: t, end: (t += 3), text }));
    const withPauses = extractClinicalNotes({ transcript, segments });
    // Without the pauses the chat and the history share one run; with them, the chat is left out on its own.
    // (The sentence-boundary model may cut the chat further: 'ja dankie dokter' | 'die pad was…'.)
    expect(withPauses.leftOut?.map((l) => l.text).join(' ')).toContain(pieces[0]);
    expect(withPauses.clinicalData.subjective).toContain('hoes');
    expect(withPauses.clinicalData.subjective).not.toMatch(/pad|sleg/u);
    for (const line of withPauses.leftOut ?? []) expect(line.spans[0]?.audioStart).toBeDefined();
  });
});

describe('multi-animal visits by name', () => {
  it('reads the names the patient field lists, two or more, kinds and tags left out', () => {
    expect(namesListed('Perde (Vonkel, Kolletjie, Generaal)')).toEqual(['Vonkel', 'Kolletjie', 'Generaal']);
    expect(namesListed('Koeie: Bles en Witkop')).toEqual(['Bles', 'Witkop']);
    expect(namesListed('Bella & Max')).toEqual(['Bella', 'Max']);
    expect(namesListed('Max')).toEqual([]);
    expect(namesListed('Melkkudde (koeie 214, 187, 305)')).toEqual([]);
    expect(namesListed(undefined)).toEqual([]);
  });
  const transcript = [
    'Vet: Goeiemôre. Wie is eerste?',
    'Client: Blitz eerste. Hy hoes al drie dae.',
    'Vet: Blitz se temperatuur is 39.8 en ek hoor krake in die longe. Dis waarskynlik longontsteking. Hy kry doksisiklien, 10 mg/kg PO SID vir tien dae.',
    'Client: Dan Storm. Sy is kreupel op die linkervoorbeen.',
    'Vet: Storm se hoef is warm en die hoeftang is seer op die toon. Dit is ’n hoefabses. Week die voet twee keer per dag in Epsom-sout.',
  ].join('\n');
  it('groups findings, assessments and plans under the animal spoken of', () => {
    const result = extractClinicalNotes({
      transcript,
      preConsultationData: { patientName: 'Perde (Blitz, Storm)', species: 'Horses' },
    });
    const { objective, assessment, plan } = result.clinicalData;
    expect(lines(objective).find((line) => line.includes('39.8'))).toMatch(/^Blitz — /u);
    expect(lines(objective).find((line) => line.includes('hoeftang'))).toMatch(/^Storm — /u);
    expect(lines(assessment).find((line) => /longontsteking/u.test(line))).toMatch(/^Blitz — /u);
    expect(lines(plan).find((line) => /Epsom/u.test(line))).toMatch(/^Storm — /u);
  });
  it('in a recogniser’s lower-case text too, written as the patient field spells the name', () => {
    const result = extractClinicalNotes({
      transcript: transcript.replace(/^\w+: /gmu, '').toLowerCase(),
      preConsultationData: { patientName: 'Perde (Blitz, Storm)', species: 'Horses' },
    });
    expect(lines(result.clinicalData.plan).find((line) => /epsom/iu.test(line))).toMatch(/^Storm — /u);
  });
  it('leaves a visit for one named animal ungrouped', () => {
    const result = extractClinicalNotes({
      transcript,
      preConsultationData: { patientName: 'Blitz', species: 'Horses' },
    });
    expect(allBullets(result).some((line) => / — /u.test(line))).toBe(false);
  });
});
