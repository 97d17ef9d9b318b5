/**
 * Animal identity on a herd or flock visit (issue 20): which animals a sentence names, as spoken in English,
 * Afrikaans or both — 'ewe 231', 'koei 73', 'ooi nommer 45', 'cow eight hundred and twelve', 'bok twee drie
 * een', 'die ram', 'ewes 66, 67 and 70' — and whether it speaks of the whole group instead.
 * Pure and linear: every pattern is a bounded run of words; no nested quantifiers.
 */

// prettier-ignore
const DIGIT_WORDS: Record<string, number> = {
  zero: 0, nought: 0, oh: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9,
  nul: 0, een: 1, 'één': 1, twee: 2, drie: 3, vier: 4, vyf: 5, ses: 6, sewe: 7, agt: 8, ag: 8, nege: 9,
};
// prettier-ignore
const TEEN_WORDS: Record<string, number> = {
  ten: 10, eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17,
  eighteen: 18, nineteen: 19, tien: 10, elf: 11, twaalf: 12, dertien: 13, veertien: 14, vyftien: 15,
  sestien: 16, sewentien: 17, agttien: 18, negentien: 19,
};
// prettier-ignore
const TENS_WORDS: Record<string, number> = {
  twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90,
  twintig: 20, dertig: 30, veertig: 40, vyftig: 50, sestig: 60, sewentig: 70, tagtig: 80, negentig: 90,
};
const HUNDREDS = new Set(['hundred', 'honderd']);
const THOUSANDS = new Set(['thousand', 'duisend']);
const JOINERS = new Set(['and', 'en']);

const NUMBER_WORDS = [
  ...Object.keys(DIGIT_WORDS),
  ...Object.keys(TEEN_WORDS),
  ...Object.keys(TENS_WORDS),
  ...HUNDREDS,
  ...THOUSANDS,
]
  .sort((a, b) => b.length - a.length)
  .join('|');
/** A spoken number: digits, or up to eight number words with 'and'/'en' between ('drie en sewentig'). */
const SPOKEN_NUMBER = String.raw`(?:\d{1,6}(?![.,]\d)|(?:${NUMBER_WORDS}|\p{L}{2,5}-?en-?\p{L}{4,7}tig)(?:(?:\s+|-)(?:(?:and|en)\s+)?(?:${NUMBER_WORDS})){0,7})(?![\p{L}\d])`;

/**
 * The value of a spoken tag: digits as they are; 'two three one' read digit by digit (231); otherwise a
 * number in words ('eight hundred and twelve' 812, 'drie en sewentig' 73, 'vyf-en-veertig' 45).
 * undefined when the words are not a number.
 */
export function spokenNumber(text: string): string | undefined {
  const trimmed = text.trim().toLowerCase();
  if (/^\d+$/u.test(trimmed)) return trimmed;
  const tokens = trimmed
    .split(/[\s-]+/u)
    .flatMap((word) => {
      const compound = /^(\p{L}+?)en(twintig|dertig|veertig|vyftig|sestig|sewentig|tagtig|negentig)$/u.exec(
        word,
      );
      return compound?.[1] && compound[2] && DIGIT_WORDS[compound[1]] !== undefined
        ? [compound[1], 'en', compound[2]]
        : [word];
    })
    .filter(Boolean);
  if (tokens.length === 0) return undefined;
  // Digit by digit: only single digits, at least two of them ('two three one', 'nul sewe').
  if (tokens.length >= 2 && tokens.every((token) => DIGIT_WORDS[token] !== undefined)) {
    return tokens.map((token) => String(DIGIT_WORDS[token])).join('');
  }
  let total = 0;
  let current = 0;
  let pendingUnit: number | undefined; // Afrikaans says the unit before the tens: 'drie en sewentig'.
  for (const token of tokens) {
    if (JOINERS.has(token)) continue;
    const digit = DIGIT_WORDS[token];
    const teen = TEEN_WORDS[token];
    const ten = TENS_WORDS[token];
    if (digit !== undefined) {
      if (pendingUnit !== undefined) current += pendingUnit;
      pendingUnit = digit;
    } else if (teen !== undefined) {
      current += teen + (pendingUnit ?? 0);
      pendingUnit = undefined;
    } else if (ten !== undefined) {
      current += ten + (pendingUnit ?? 0);
      pendingUnit = undefined;
    } else if (HUNDREDS.has(token)) {
      current = (current + (pendingUnit ?? 0) || 1) * 100;
      pendingUnit = undefined;
    } else if (THOUSANDS.has(token)) {
      total += (current + (pendingUnit ?? 0) || 1) * 1000;
      current = 0;
      pendingUnit = undefined;
    } else return undefined;
  }
  return String(total + current + (pendingUnit ?? 0));
}

/** Kind words that come before a tag, singular; longer first so 'ram lam' wins over 'ram'. */
const KINDS = [
  'ram lam',
  'bokram',
  'bokooi',
  'cow',
  'koei',
  'ewe',
  'ooi',
  'ram',
  'bull',
  'bul',
  'heifer',
  'vers',
  'calf',
  'kalf',
  'kid',
  'lam',
  'lamb',
  'goat',
  'bokkie',
  'bok',
  'steer',
  'os',
  'sow',
  'sog',
  'gilt',
  'boar',
  'beer',
  'pig',
  'vark',
  'horse',
  'perd',
  'mare',
  'merrie',
  'stallion',
  'hings',
  'hen',
  'wether',
  'hamel',
  'tollie',
  'ooilam',
  'ramlam',
  'kalfie',
  'foal',
  'vul',
  'colt',
  'filly',
  'ox',
  'weaner',
  'animal',
  'dier',
];
/** Plural kinds that introduce a list of tags: 'ewes 66, 67 and 70', 'koeie 73 en 81'. */
const PLURAL_KINDS = [
  'cows',
  'koeie',
  'ewes',
  'ooie',
  'heifers',
  'verse',
  'calves',
  'kalwers',
  'kids',
  'lambs',
  'lammers',
  'goats',
  'bokke',
  'steers',
  'osse',
  'sows',
  'soge',
  'pigs',
  'varke',
  'wethers',
  'hamels',
  'tollies',
  'animals',
  'diere',
];
/** Kinds that name one animal without a tag on a herd visit: there is one ram, one bull. */
const UNIQUE_KINDS = ['ram lam', 'bokram', 'ram', 'bull', 'bul', 'boar', 'beer', 'stallion', 'hings'];
const TAG_WORDS = ['ear tag', 'eartag', 'oorplaatjie', 'oormerk', 'tag', 'number', 'nommer', 'nr', 'no'];

const alternatives = (words: string[]) =>
  words
    .map((word) => word.replace(/ /gu, '\\s+'))
    .sort((a, b) => b.length - a.length)
    .join('|');

/** What may not follow a tag: then the number was a measurement ('ewe 45 kg', 'cow 5 years'). */
const NOT_A_TAG_AFTER = String.raw`(?!\s*(?:kg|g|mg|ml|%|cm|mm|days?|dae|dag|weeks?|weke|months?|maande|years?|jaar|hours?|ure|uur|minutes?|min|out of|uit|of the|van die)(?![\p{L}]))`;
const NUMBER_WORD = String.raw`(?:number|nommer|nr\.?|no\.?|#)`;

const SINGLE = new RegExp(
  String.raw`(?<![\p{L}\d])(${alternatives(KINDS)}|${alternatives(TAG_WORDS)})\s{1,3}(?:${NUMBER_WORD}\s{0,3})?(${SPOKEN_NUMBER})${NOT_A_TAG_AFTER}`,
  'giu',
);
/** After a tag: ', 67 and ewe 70', ' en 81', ' or 12'. The kind may repeat. */
const LIST_NEXT = new RegExp(
  String.raw`^(?:\s*,\s*|\s+(?:and|en|or|of|&)\s+|\s*,\s*(?:and|en)\s+)(?:(?:${alternatives(KINDS)})\s{1,3})?(?:${NUMBER_WORD}\s{0,3})?(\d{1,6}(?![.,]\d)|${SPOKEN_NUMBER})${NOT_A_TAG_AFTER}`,
  'iu',
);
const PLURAL = new RegExp(
  String.raw`(?<![\p{L}\d])(${alternatives(PLURAL_KINDS)})\s{1,3}(?:${NUMBER_WORD}\s{0,3})?(\d{1,6}(?![.,]\d))${NOT_A_TAG_AFTER}(?=\s*(?:,|and|en|&))`,
  'giu',
);
const UNIQUE = new RegExp(
  String.raw`(?<![\p{L}])(?:the|die|that|daardie|our|ons)\s+(${alternatives(UNIQUE_KINDS)})(?![\p{L}])(?!\s+(?:${NUMBER_WORD}\s*)?\d)`,
  'giu',
);
/** 'The same for 231', 'same treatment for 815', 'dieselfde vir 17', 'ditto 45'. */
const SAME_FOR = new RegExp(
  String.raw`(?<![\p{L}])(?:(?:the\s+)?same(?:\s+(?:treatment|thing|again|goes))?\s+(?:for|with)|dieselfde(?:\s+behandeling)?\s+(?:vir|met)|net so vir|ditto(?:\s+for)?)\s+(?:(?:${alternatives(KINDS)})\s{1,3})?(?:${NUMBER_WORD}\s{0,3})?(${SPOKEN_NUMBER})`,
  'iu',
);
/** 'Going back to 812', 'terug na 73': a bare tag that returns to an animal already seen. */
const BACK_TO = new RegExp(
  String.raw`(?<![\p{L}])(?:back to|return to|terug na|terug by)\s+(?:(?:${alternatives(KINDS)})\s{1,3})?(?:${NUMBER_WORD}\s{0,3})?(\d{1,6}(?![.,]\d)|${SPOKEN_NUMBER})`,
  'iu',
);

/** The whole group, not one animal: 'all 120 ewes', 'the whole flock', 'die hele trop', 'overall'. */
const GROUP_LEVEL = new RegExp(
  String.raw`(?<![\p{L}])(?:all\s+(?:the\s+|of\s+the\s+)?(?:\d+\s+)?(?:${alternatives(PLURAL_KINDS)}|sheep|stock)|al\s+(?:die\s+)?(?:\d+\s+)?(?:${alternatives(PLURAL_KINDS)}|skape)|whole\s+(?:herd|flock|group|mob|pen|camp)|(?:the|this|die|hierdie)\s+(?:herd|flock|group|mob|pen|trop|kudde|klomp|kamp)|die\s+hele\s+(?:kudde|trop|klomp|kamp|groep)|(?:herd|flock|trop|kudde)(?:'s)?|overall|in\s+general|oor\s+die\s+algemeen|the\s+rest|die\s+res|\d+\s+(?:of|van)\s+(?:the\s+|die\s+)?\d+\s+(?:${alternatives(PLURAL_KINDS)}))(?![\p{L}])`,
  'iu',
);

export interface AnimalMention {
  /** '' for an animal known only by its kind ('die ram'). */
  tag: string;
  /** As spoken, capitalised: 'Ewe', 'Koei', 'Ram'; undefined for a bare tag. */
  kind?: string;
  /** Character offsets of the mention in the sentence. */
  index: number;
  end: number;
}

export interface SentenceAnimals {
  mentions: AnimalMention[];
  /** 'the same for 45': the animals that get the previous animal's treatment. */
  sameFor: AnimalMention[];
  /** 'back to 812': a tag without a kind that returns to an animal already seen. */
  backTo: AnimalMention[];
  group: boolean;
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const cleanKind = (kind: string) => {
  const word = kind.toLowerCase().replace(/\s+/gu, ' ');
  if (TAG_WORDS.includes(word)) return undefined;
  return capitalise(word);
};

/** The animals one sentence names, in order of mention, and whether it speaks of the group. */
export function animalsIn(sentence: string): SentenceAnimals {
  const mentions: AnimalMention[] = [];
  const seen = new Set<string>();
  const add = (tag: string | undefined, kind: string | undefined, index: number, end: number) => {
    if (tag === undefined) return;
    const key = tag === '' ? `kind:${(kind ?? '').toLowerCase()}` : `tag:${tag}`;
    if (seen.has(key)) return;
    seen.add(key);
    mentions.push({ tag, ...(kind ? { kind } : {}), index, end });
  };
  const sameMatch = SAME_FOR.exec(sentence);
  const sameFor: AnimalMention[] = [];
  const sameTag = sameMatch?.[1] ? spokenNumber(sameMatch[1]) : undefined;
  if (sameMatch && sameTag) {
    sameFor.push({ tag: sameTag, index: sameMatch.index, end: sameMatch.index + sameMatch[0].length });
    seen.add(`tag:${sameTag}`);
    // '…for 45 and 46'
    followList(sentence, sameMatch.index + sameMatch[0].length, undefined, (tag, index, end) => {
      if (!seen.has(`tag:${tag}`)) {
        seen.add(`tag:${tag}`);
        sameFor.push({ tag, index, end });
      }
    });
  }
  const backMatch = BACK_TO.exec(sentence);
  const backTag = backMatch?.[1] ? spokenNumber(backMatch[1]) : undefined;
  const backTo: AnimalMention[] =
    backMatch && backTag
      ? [{ tag: backTag, index: backMatch.index, end: backMatch.index + backMatch[0].length }]
      : [];

  for (const match of sentence.matchAll(SINGLE)) {
    const kind = cleanKind(match[1] ?? '');
    const tag = spokenNumber(match[2] ?? '');
    add(tag, kind, match.index, match.index + match[0].length);
    followList(sentence, match.index + match[0].length, kind, (next, index, end) =>
      add(next, kind, index, end),
    );
  }
  for (const match of sentence.matchAll(PLURAL)) {
    const plural = (match[1] ?? '').toLowerCase();
    add(match[2], singularOf(plural), match.index, match.index + match[0].length);
    followList(sentence, match.index + match[0].length, singularOf(plural), (next, index, end) =>
      add(next, singularOf(plural), index, end),
    );
  }
  for (const match of sentence.matchAll(UNIQUE))
    add('', cleanKind(match[1] ?? ''), match.index, match.index + match[0].length);
  mentions.sort((a, b) => a.index - b.index);
  for (const back of backTo) seen.add(`tag:${back.tag}`);
  const filtered = mentions.filter(
    (mention) =>
      !sameFor.some((same) => same.tag === mention.tag) && !backTo.some((b) => b.tag === mention.tag),
  );
  return { mentions: filtered, sameFor, backTo, group: GROUP_LEVEL.test(sentence) };
}

function followList(
  sentence: string,
  from: number,
  kind: string | undefined,
  onTag: (tag: string, index: number, end: number) => void,
): void {
  let position = from;
  for (let guard = 0; guard < 30; guard += 1) {
    const match = LIST_NEXT.exec(sentence.slice(position));
    if (!match) return;
    const tag = spokenNumber(match[1] ?? '');
    if (tag === undefined) return;
    onTag(tag, position, position + match[0].length);
    position += match[0].length;
    void kind;
  }
}

const SINGULAR: Record<string, string> = {
  cows: 'Cow',
  koeie: 'Koei',
  ewes: 'Ewe',
  ooie: 'Ooi',
  heifers: 'Heifer',
  verse: 'Vers',
  calves: 'Calf',
  kalwers: 'Kalf',
  kids: 'Kid',
  lambs: 'Lamb',
  lammers: 'Lam',
  goats: 'Goat',
  bokke: 'Bok',
  steers: 'Steer',
  osse: 'Os',
  sows: 'Sow',
  soge: 'Sog',
  pigs: 'Pig',
  varke: 'Vark',
  wethers: 'Wether',
  hamels: 'Hamel',
  tollies: 'Tollie',
  animals: 'Animal',
  diere: 'Dier',
};
function singularOf(plural: string): string | undefined {
  return SINGULAR[plural];
}

const GROUP_START = new RegExp(
  String.raw`(?<![\p{L}])(?:(?:all|al)\s+(?:(?:the|die)\s+)?(?:\d+\s+)?(?:${alternatives(PLURAL_KINDS)})|(?:the\s+)?whole\s+(?:herd|flock|group|pen|mob)|die\s+hele\s+(?:kudde|trop|klomp|groep)|overall|this\s+(?:is|looks)|dis\s+|ek\s+dink|i\s+think|meat\s+withdrawal|melkonttrekking|vleisonttrekking|milk\s+withdrawal)`,
  'giu',
);

/**
 * Where an unpunctuated stretch of dictation may be cut into sentences: before each animal named by kind and
 * tag, before 'the same for', 'back to', 'the ram', and before a group statement. A recogniser without
 * punctuation gives one long line; these are the places a vet's sentence about another animal starts.
 */
export function sentenceStarts(text: string): number[] {
  const starts = new Set<number>();
  for (const pattern of [SINGLE, UNIQUE, GROUP_START]) {
    for (const match of text.matchAll(pattern)) starts.add(match.index);
  }
  for (const pattern of [SAME_FOR, BACK_TO]) {
    const global = new RegExp(pattern.source, 'giu');
    for (const match of text.matchAll(global)) starts.add(match.index);
  }
  for (const listed of listedMentions(text)) starts.delete(listed);
  return [...starts].sort((a, b) => a - b);
}

const SINGLE_AT_START = new RegExp(`^${SINGLE.source}`, 'iu');

/**
 * Where a tag in a list starts ('ewe 66 ewe 67 and ewe 70 are coughing'): a mention right after another one
 * continues the sentence, so no sentence starts there.
 */
function listedMentions(text: string): Set<number> {
  const listed = new Set<number>();
  for (const match of text.matchAll(SINGLE)) {
    const end = match.index + match[0].length;
    const after = text.slice(end);
    const gap = /^\s*(?:,|and|en|&)?\s*/u.exec(after)?.[0].length ?? 0;
    if (SINGLE_AT_START.test(after.slice(gap))) listed.add(end + gap);
  }
  return listed;
}

/**
 * Where, in unpunctuated speech, a sentence about another tagged animal starts: before each animal named by its
 * kind and tag ('…geskik vir teling | bul 207, 3 jaar oud…'), not inside a list of tags.
 */
export function taggedAnimalStarts(text: string): number[] {
  const listed = listedMentions(text);
  return [...text.matchAll(SINGLE)]
    .filter((match) => cleanKind(match[1] ?? '') !== undefined && !listed.has(match.index))
    .map((match) => match.index);
}

const GROUP_CLAUSE = new RegExp(
  String.raw`[,;]\s+(?:and\s+|en\s+)?(?=(?:all|al)\s+(?:(?:the|die)\s+)?\d+\s+(?:${alternatives(PLURAL_KINDS)}|sheep|skape)(?![\p{L}])|(?:the\s+)?whole\s+(?:herd|flock|group|pen|mob)(?![\p{L}])|die\s+hele\s+(?:kudde|trop|klomp|groep)(?![\p{L}]))`,
  'giu',
);

/**
 * Where a clause about the whole group starts inside a sentence: '…is in good condition, all 120 sheep get
 * ivermectin' (a recogniser's comma where the vet paused between two sentences). Offsets of the clause.
 */
export function groupClauseStarts(text: string): number[] {
  return [...text.matchAll(GROUP_CLAUSE)].map((match) => match.index + match[0].length);
}
