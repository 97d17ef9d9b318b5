import { describe, expect, it } from 'vitest';
import { splitUtterances } from '#shared/notes/index.js';
import { classified, expectUtteranceStart, sectionOf } from './classified.js';

describe('news of a person inside one breath of speech-engine text', () => {
  const lines = [
    [
      "we'll take bloods for a full count and a liver panel today her brother is in hospital in george with his heart again",
      'her brother is in hospital',
    ],
    [
      'ek gee vir hom vandag die eerste inspuiting pieter het vertel sy suster trou volgende maand in die kaap',
      'pieter het vertel sy suster',
    ],
    [
      'recheck the wound on thursday mrs naidoo told me about her own knee replacement at the weekend',
      'mrs naidoo told me about her own',
    ],
  ] as const;
  it('starts a new utterance where the person becomes the subject', () => {
    for (const [line, news] of lines) {
      expectUtteranceStart(line, news);
    }
  });
  it('leaves the news out and keeps the clinical part', () => {
    for (const [line, news] of lines) {
      const result = classified(line);
      expect(sectionOf(result, news), line).toBe('left');
      expect(sectionOf(result, line.slice(0, 15)), line).toBe('P');
    }
  });
  it("starts it also where an 'and'/'en' joins the news on to what was said before", () => {
    const joined = [
      [
        'give him the tablets twice a day with food and his sister had her gallbladder out in durban last week',
        'and his sister had',
      ],
      [
        "gee vir hom die pille twee keer per dag met kos en sakkie se vrou het verlede week 'n nierklip gehad",
        'en sakkie se vrou',
      ],
      [
        'ons kom oor drie dae terug vir die tweede inspuiting en my broer het sy knie laat vervang',
        'en my broer',
      ],
    ] as const;
    for (const [line, news] of joined) {
      const texts = splitUtterances(line).map((u) => u.text);
      const subject = news.replace(/^(?:and|en) /u, '');
      expect(
        texts.some((t) => t.startsWith(news) || t.startsWith(subject)),
        `${line} → ${texts.join(' | ')}`,
      ).toBe(true);
    }
  });
  it('does not cut a report of what the animal did', () => {
    const texts = splitUtterances(
      'and then yesterday evening he started limping my husband says he yelped',
    ).map((u) => u.text);
    expect(texts.join(' | ')).not.toMatch(/\| he yelped/u);
  });
});

describe("the owner's question addressed to the vet inside one breath", () => {
  const lines = [
    [
      'dis waarskynlik hartversaking met vog op die longe wat beteken dit vir hom dokter',
      'wat beteken dit vir hom dokter',
    ],
    [
      'the scan shows a mass on the spleen about four centimetres across can he still go for walks doctor',
      'can he still go for walks doctor',
    ],
    [
      'sy moet vir twee weke rus en net aan die leiband loop dokter hoe lank voor sy weer kan hardloop',
      'dokter hoe lank',
    ],
  ] as const;
  it('starts a new utterance at the question', () => {
    for (const [line, question] of lines) {
      expectUtteranceStart(line, question);
    }
  });
  it("keeps the vet's words before it out of the owner's question", () => {
    for (const [line, question] of lines) {
      const result = classified(line);
      expect(sectionOf(result, line.slice(0, 15)), line).not.toBe('left');
      expect(sectionOf(result, question), line).toBe('left');
    }
  });
});

describe('an interjection inside one breath of speech-engine text', () => {
  const line =
    "gee vir hom die pille twee keer per dag met kos jislaaik daai nuwe trekker het meer as 'n huis gekos";
  it('starts the aside it opens', () => {
    expectUtteranceStart(line, 'jislaaik');
  });
  it('leaves the aside out and keeps the instruction', () => {
    const result = classified(line);
    expect(sectionOf(result, 'gee vir hom die pille')).toBe('P');
    expect(sectionOf(result, 'nuwe trekker')).toBe('left');
  });
});

describe('someone addressed by title and name inside one breath of speech-engine text', () => {
  it('starts a new utterance', () => {
    for (const [line, address] of [
      [
        'the wound looks much better and the stitches can come out on friday mrs naidoo your car is blocking the gate outside',
        'mrs naidoo your car',
      ],
      [
        'sy temperatuur is af en die wond is droog mevrou coetzee jou man het gebel oor die bakkie',
        'mevrou coetzee',
      ],
    ] as const) {
      expectUtteranceStart(line, address);
    }
    const result = classified(
      'the wound looks much better and the stitches can come out on friday mrs naidoo your car is blocking the gate outside',
    );
    expect(sectionOf(result, 'the wound looks')).not.toBe('left');
    expect(sectionOf(result, 'your car is blocking')).toBe('left');
  });
  it('does not cut a relative named by title', () => {
    const texts = splitUtterances('ek moet nog koek bak vir my tannie sarie se verjaarsdag more').map(
      (u) => u.text,
    );
    expect(texts.join(' | ')).not.toMatch(/\| tannie sarie/u);
  });
});

describe("a named person's relative inside one breath of speech-engine text", () => {
  it('starts a new utterance that is left out, and the clinical part keeps its section', () => {
    for (const [line, news] of [
      [
        "if she is still lame on friday phone me and we take x-rays thabo's daughter starts at the university in pretoria next month",
        "thabo's daughter starts",
      ],
      [
        "soak the hoof twice a day in warm salt water mr botha's son-in-law is moving the family to australia",
        "mr botha's son-in-law",
      ],
    ] as const) {
      expectUtteranceStart(line, news);
      const result = classified(line);
      expect(sectionOf(result, news), line).toBe('left');
      expect(sectionOf(result, line.slice(0, 15)), line).toBe('P');
    }
  });
});

describe("someone's question relayed inside one breath of speech-engine text", () => {
  it('starts a new utterance, so the instruction before it keeps its section', () => {
    for (const [line, relayed] of [
      [
        'if the wound opens or smells bad bring her back straight away thandi was asking if we are still going to the braai on saturday',
        'thandi was asking if',
      ],
      [
        'as sy nie teen vrydag eet nie bel my dadelik marius het gevra of ons sondag saam kerk toe gaan',
        'marius het gevra of',
      ],
    ] as const) {
      expectUtteranceStart(line, relayed);
      const result = classified(line);
      expect(sectionOf(result, line.slice(0, 15)), line).toBe('P');
    }
  });
  it('does not cut after a determiner or a possessive', () => {
    const texts = splitUtterances(
      'give the drops twice a day and the owner asked if she can still swim in the dam',
    ).map((u) => u.text);
    expect(
      texts.some((t) => t.startsWith('owner asked')),
      texts.join(' | '),
    ).toBe(false);
  });
});
