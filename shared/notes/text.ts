/**
 * Small text helpers shared by every stage of the embedded extractor. Pure functions, browser-safe.
 */

const LETTER_OR_DIGIT = String.raw`\p{L}\p{N}`;

/** Text to match literally inside a RegExp. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Compiles lexicon terms into one regular expression. A trailing '*' makes a term a word prefix ('vomit*'
 * matches 'vomiting'); otherwise the whole word or phrase must match. Spaces in a term match any run of
 * whitespace, commas or hyphens, so that 'heart rate' still matches 'heart  rate' and 'load shedding'
 * matches 'load-shedding'.
 */
export function compileTerms(terms: readonly string[]): RegExp {
  // Longest first, so that 'heart rate' wins over 'heart' at the same position.
  const sorted = [...terms].filter((term) => term.trim() !== '').sort((a, b) => b.length - a.length);
  const alternatives = sorted.map((term) => {
    const prefix = term.endsWith('*');
    const core = escapeRegExp(prefix ? term.slice(0, -1) : term).replace(/\s+/g, String.raw`[\s,-]+`);
    return prefix ? `${core}[${LETTER_OR_DIGIT}'’-]*` : core;
  });
  if (alternatives.length === 0) return /(?!)/gu;
  const pattern = new RegExp(
    `(?<![${LETTER_OR_DIGIT}])(?:${alternatives.join('|')})(?![${LETTER_OR_DIGIT}])`,
    'giu',
  );
  const index = indexTerms(sorted, alternatives);
  if (index) TERM_INDEX.set(pattern, index);
  return pattern;
}

/**
 * The speed-up behind findTerms and hasTerm. A compiled term list is one large alternation that the regular
 * expression engine tries, branch after branch, at every position of the text; the extractor scans each
 * sentence with some twenty such lists (hundreds of drug names among them), and that was most of its time.
 * Every match starts at a word start with one of its term's first (up to) three characters, so the index maps
 * those openings to the terms that have them, and a scan tries only those terms, at word starts only, in the
 * alternation's order: the same matches as the expression, found by hash look-ups.
 */
interface TermIndex {
  id: number;
  /** Term numbers (alternation order) by lower-case opening of 1–3 characters. */
  byOpening: Map<string, number[]>;
  alternatives: string[];
  /** Sticky alternations of the terms with the openings found at one place, compiled when first needed. */
  sticky: Map<string, RegExp>;
}
const TERM_INDEX = new WeakMap<RegExp, TermIndex>();
const OPENING = 3;

/** The index of a term list, or undefined when a term's opening cannot be keyed safely (then the expression scans). */
function indexTerms(sorted: string[], alternatives: string[]): TermIndex | undefined {
  const byOpening = new Map<string, number[]>();
  for (let i = 0; i < sorted.length; i++) {
    const raw = sorted[i] ?? '';
    const term = raw.endsWith('*') ? raw.slice(0, -1) : raw;
    const opening = (term.split(/\s/u)[0] ?? '').slice(0, OPENING);
    const key = opening.toLowerCase();
    // A leading space, or letters whose case folding is not one plain character, are not keyed.
    if (key === '' || key.length !== opening.length || [...key].some((c) => c.charCodeAt(0) > 0x24f))
      return undefined;
    const list = byOpening.get(key);
    if (list) list.push(i);
    else byOpening.set(key, [i]);
  }
  const id = nextIndexId++;
  for (const key of byOpening.keys()) {
    const owners = OPENING_OWNERS.get(key);
    if (owners) owners.push(id);
    else OPENING_OWNERS.set(key, [id]);
  }
  return { id, byOpening, alternatives, sticky: new Map() };
}

/** Which indexed term lists have a term with each opening: one pass over a text serves every list. */
const OPENING_OWNERS = new Map<string, number[]>();
let nextIndexId = 0;

interface WordStarts {
  text: string;
  lower: string;
  /** Per indexed term list: the word starts where one of its terms' openings occurs. */
  startsOf: Map<number, number[]>;
}
let lastStarts: WordStarts | undefined;
const LETTER_OR_DIGIT_CHAR = /[\p{L}\p{N}]/u;
const SPACE_CHAR = /\s/u;

/** \p{L}|\p{N} at one UTF-16 unit, ASCII without a regular expression. */
function isLetterOrDigit(code: number, text: string, at: number): boolean {
  if (code < 0x80)
    return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  // A low surrogate is judged with its pair: an astral letter before a place makes it no word start.
  if (code >= 0xdc00 && code <= 0xdfff && at > 0)
    return LETTER_OR_DIGIT_CHAR.test(text.slice(at - 1, at + 1));
  return LETTER_OR_DIGIT_CHAR.test(text.charAt(at));
}
function isSpace(code: number): boolean {
  if (code < 0x80) return code === 32 || (code >= 9 && code <= 13);
  return SPACE_CHAR.test(String.fromCharCode(code));
}

/** Positions where a term may start (no letter or digit before), for the last text asked (callers scan one text many times). */
function wordStarts(text: string): WordStarts | undefined {
  if (lastStarts?.text === text) return lastStarts;
  const lower = text.toLowerCase();
  if (lower.length !== text.length) return undefined;
  const startsOf = new Map<number, number[]>();
  let previousIsWord = false;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    const isWord = isLetterOrDigit(code, text, at);
    const start = !previousIsWord && !isSpace(code);
    previousIsWord = isWord;
    if (!start) continue;
    for (let k = 1; k <= OPENING && at + k <= text.length; k++) {
      const owners = OPENING_OWNERS.get(lower.slice(at, at + k));
      if (!owners) continue;
      for (const id of owners) {
        const list = startsOf.get(id);
        if (!list) startsOf.set(id, [at]);
        else if (list[list.length - 1] !== at) list.push(at);
      }
    }
  }
  lastStarts = { text, lower, startsOf };
  return lastStarts;
}

/** Matches of an indexed term list, as the expression finds them (leftmost, first alternative, non-overlapping). */
function indexedMatches(index: TermIndex, text: string, first: boolean): TermMatch[] | undefined {
  const scan = wordStarts(text);
  if (!scan) return undefined;
  const out: TermMatch[] = [];
  let from = 0;
  for (const at of scan.startsOf.get(index.id) ?? []) {
    if (at < from) continue;
    // The terms whose opening is here, as one sticky alternation in the list's order (cached per opening set).
    let openings = '';
    let candidates: number[] | undefined;
    for (let k = 1; k <= OPENING && at + k <= text.length; k++) {
      const key = scan.lower.slice(at, at + k);
      const list = index.byOpening.get(key);
      if (!list) continue;
      openings = openings ? `${openings}|${key}` : key;
      candidates = candidates ? [...candidates, ...list].sort((a, b) => a - b) : list;
    }
    if (!candidates) continue;
    let sticky = index.sticky.get(openings);
    if (!sticky) {
      const alternation = candidates.map((i) => index.alternatives[i] ?? '').join('|');
      sticky = new RegExp(`(?:${alternation})(?![${LETTER_OR_DIGIT}])`, 'iuy');
      index.sticky.set(openings, sticky);
    }
    sticky.lastIndex = at;
    const match = sticky.exec(text);
    if (!match) continue;
    out.push({ text: match[0], index: at });
    if (first) return out;
    from = at + match[0].length;
  }
  return out;
}

export interface TermMatch {
  text: string;
  index: number;
}

/** Every non-overlapping match of a compiled term expression in text. */
export function findTerms(pattern: RegExp, text: string): TermMatch[] {
  const index = TERM_INDEX.get(pattern);
  const indexed = index ? indexedMatches(index, text, false) : undefined;
  if (indexed) return indexed;
  pattern.lastIndex = 0;
  const out: TermMatch[] = [];
  for (const match of text.matchAll(pattern)) out.push({ text: match[0], index: match.index });
  return out;
}

export function hasTerm(pattern: RegExp, text: string): boolean {
  const index = TERM_INDEX.get(pattern);
  const indexed = index ? indexedMatches(index, text, true) : undefined;
  if (indexed) return indexed.length > 0;
  pattern.lastIndex = 0;
  const found = pattern.test(text);
  pattern.lastIndex = 0;
  return found;
}

/** Lower-case word tokens (letters, digits, apostrophes and inner hyphens), decimal commas unified. */
export function words(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .replace(/(\d),(\d)/g, '$1.$2')
      .match(/[\p{L}\p{N}][\p{L}\p{N}'’.\-/]*/gu)
      // The look-behind starts the trailing run only at its first character (linear, not quadratic, in long words).
      ?.map((word) => word.replace(/(?<![.\-/])[.\-/]+$/, '')) ?? []
  );
}

const SHORT_STOP_WORDS = new Set(
  (
    'the and for with that this was were has have had are not but his her she him they them their from into ' +
    'will would can could should about also then than there here when what which who how been being very ' +
    'die het nie van vir met wat sal kan ook maar dan was sy hy hulle ons jou julle hier daar baie net nog een twee'
  ).split(' '),
);

/**
 * Content tokens for support checks: words of three or more letters or anything with a digit, minus the
 * commonest function words of both languages. Deliberately the same notion the evaluation uses, so that the
 * extractor's own "is this bullet supported?" test agrees with how support is judged.
 */
export function contentTokens(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/(\d),(\d)/g, '$1.$2')
    .replace(/(\d)(\p{L})/gu, '$1 $2')
    .replace(/(\p{L})(\d)/gu, '$1 $2')
    .replace(/[’'`]/g, "'")
    .replace(/[^\p{L}\p{N}.'/%]+/gu, ' ')
    .replace(/(?<!\d)\.|\.(?!\d)/g, ' ')
    .replace(/(^|\s)'+|(?<!')'+(\s|$)/g, ' ')
    .split(/\s+/)
    .filter((word) => word !== '' && (word.length >= 3 || /\d/.test(word)) && !SHORT_STOP_WORDS.has(word));
}

export function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/** Levenshtein distance, used to spot likely misheard drug names (one implementation for notes and transcripts). */
export { editDistance } from '../transcript/edit-distance';
