/**
 * The clinical-lexicon pass over a transcript: words that sound like a clinical term but are not one
 * ('methodonate' → methadone, 'Newcastle membranes' → mucous membranes, 'polymalantant in venom' →
 * polyvalent antivenom) are marked with the term as a suggestion. Nothing is rewritten here: the vet
 * accepts a suggestion in the transcript editor with one tap, or leaves the words as they are.
 *
 * Two tests, both over English and Afrikaans terms: the words' letters and their sound (a small
 * phonetic key: consonant skeleton, 'ph' = 'f', soft 'c' = 's', …) within a share of edits of the term;
 * and for a phrase that shares a word with the term exactly ('… membranes'), the remaining words' sound
 * mostly contained in the term's. Shared by the API (suggestions returned with the transcript) and the
 * review page (suggestions for the text being edited).
 */

import drugsJson from '../notes/lexicon/drugs.json' with { type: 'json' };
import {
  CLINICAL_TERMS_AF,
  CLINICAL_TERMS_EN,
  COMMON_AFRIKAANS_WORDS,
  FUNCTION_WORDS,
} from './clinical-terms.js';
import { relativeDistance } from './edit-distance.js';

export interface LexiconSuggestion {
  /** Character offsets of the words in the text ([start, end)). */
  start: number;
  end: number;
  /** The words as written. */
  heard: string;
  /** The clinical term they probably are. */
  suggestion: string;
}

interface Term {
  text: string;
  words: string[];
  letters: string;
  sound: string;
}

interface Word {
  key: string;
  start: number;
  end: number;
}

/** Letters only, lower case, accents kept ('kapillêre'). */
const lettersOf = (text: string): string => text.toLowerCase().replace(/[^\p{L}]/gu, '');

/**
 * A rough sound key for English and Afrikaans spellings: digraphs to one sound, soft c/g, vowels
 * dropped after the first letter, doubled letters once. 'methodonate' → 'mtdnt', 'methadone' → 'mtdn'.
 */
export function soundKey(text: string): string {
  let s = lettersOf(text).normalize('NFD').replace(/\p{M}/gu, '');
  s = s
    .replace(/ph/g, 'f')
    .replace(/th/g, 't')
    .replace(/ck/g, 'k')
    .replace(/sch/g, 'sk')
    .replace(/c(?=[eiy])/g, 's')
    .replace(/c/g, 'k')
    .replace(/q/g, 'k')
    .replace(/x/g, 'ks')
    .replace(/z/g, 's')
    .replace(/v/g, 'f')
    .replace(/w/g, 'v')
    .replace(/gh/g, 'g')
    .replace(/dt$/g, 't');
  const first = s.slice(0, 1);
  const rest = s.slice(1).replace(/[aeiouy]/g, '');
  return (first + rest).replace(/(.)\1+/g, '$1');
}

function longestCommonSubsequence(a: string, b: string): number {
  let previous = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const current = [0];
    for (let j = 1; j <= b.length; j++) {
      current.push(a[i - 1] === b[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, current[j - 1]!));
    }
    previous = current;
  }
  return previous[b.length]!;
}

const termOf = (text: string): Term => {
  const words = text.toLowerCase().split(/\s+/).map(lettersOf).filter(Boolean);
  return { text, words, letters: words.join(''), sound: soundKey(text) };
};

interface Lexicon {
  terms: Term[];
  /** Terms and trade names as written, words joined by one space: never marked. */
  exact: Set<string>;
  /** Terms by the first letter of their letters and of their sound key (the only ones a window is compared with). */
  byInitial: Map<string, Term[]>;
  /** Multi-word terms by each of their words (for phrases anchored on a word said right). */
  byWord: Map<string, Term[]>;
}

let lexicon: Lexicon | undefined;

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (!list) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
};

function loadLexicon(): Lexicon {
  if (lexicon) return lexicon;
  const texts = new Set<string>();
  // Generic names only: trade names are many, short and near ordinary words ('Drontal' / 'dental');
  // they count as known words (never marked) but are not offered.
  const known = new Set<string>();
  for (const drug of drugsJson.drugs) {
    if (/vaccine/i.test(drug.class)) continue;
    texts.add(drug.name);
    for (const alias of drug.aliases ?? []) known.add(termOf(alias).words.join(' '));
  }
  for (const term of [...CLINICAL_TERMS_EN, ...CLINICAL_TERMS_AF]) texts.add(term);
  // Short terms are left out: too many ordinary words are near them.
  const terms = [...texts].map(termOf).filter((term) => term.letters.length >= 6);
  const byInitial = new Map<string, Term[]>();
  const byWord = new Map<string, Term[]>();
  for (const term of terms) {
    known.add(term.words.join(' '));
    push(byInitial, term.letters[0]!, term);
    push(byInitial, term.sound[0]!, term);
    if (term.words.length > 1) for (const word of term.words) push(byWord, word, term);
  }
  lexicon = { terms, exact: known, byInitial, byWord };
  return lexicon;
}

/** Letter and sound distance thresholds: a share of edits of the longer string. */
const MAX_LETTER_DISTANCE = 0.3;
const MAX_SOUND_DISTANCE = 0.25;
/** For a phrase with a word of the term exactly: this much of the shorter sound key shared in order. */
const MIN_SHARED_SOUND = 0.6;

function wordsOf(text: string): Word[] {
  const words: Word[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}'’-]+/gu)) {
    words.push({
      key: lettersOf(match[0]) || match[0],
      start: match.index,
      end: match.index + match[0].length,
    });
  }
  return words;
}

export interface MishearingOptions {
  /**
   * True for an ordinary word of the language (the API passes an English word list): a single known
   * word is never marked, and a phrase of known words only when it is within a letter or two of a term.
   */
  isWord?: (word: string) => boolean;
}

/** A phrase of ordinary words is marked only this close to a term ('beat per minute'). */
const MAX_KNOWN_PHRASE_DISTANCE = 0.15;

/** How far the window is from the term: 0 is identical, undefined is not a candidate. */
function distance(window: Word[], term: Term, known: (word: string) => boolean): number | undefined {
  const letters = window.map((w) => w.key).join('');
  // The term split into words ('slym vliese') is one; the term itself is not a mishearing.
  if (letters === term.letters) return window.length === term.words.length ? undefined : 0.05;
  // An inflection of the term ('membrane', 'dehydrated' → 'dehydration') is not a mishearing.
  if (
    window.length === term.words.length &&
    (letters.startsWith(term.letters) || term.letters.startsWith(letters))
  )
    return undefined;
  if (Math.abs(letters.length - term.letters.length) > 0.35 * term.letters.length) return undefined;
  if (window.length === term.words.length && term.words.length > 1) {
    const exact = window.filter((w, i) => w.key === term.words[i]).length;
    if (exact > 0 && exact < term.words.length) {
      const others = window.filter((w, i) => w.key !== term.words[i]);
      const wanted = term.words.filter((word, i) => window[i]!.key !== word).map(soundKey);
      const shared = others.every((word, i) => {
        if (known(word.key)) return false;
        const sound = soundKey(word.key);
        const target = wanted[i]!;
        const shorter = Math.min(sound.length, target.length);
        return shorter >= 2 && longestCommonSubsequence(sound, target) / shorter >= MIN_SHARED_SOUND;
      });
      if (shared) return 0.3;
    }
  }
  if (letters[0] !== term.letters[0] && soundKey(letters)[0] !== term.sound[0]) return undefined;
  const byLetters = relativeDistance(letters, term.letters);
  const bySound = relativeDistance(soundKey(letters), term.sound);
  if (window.every((w) => known(w.key)))
    return window.length > 1 && byLetters <= MAX_KNOWN_PHRASE_DISTANCE ? byLetters : undefined;
  if (byLetters <= MAX_LETTER_DISTANCE && bySound <= MAX_SOUND_DISTANCE) return Math.min(byLetters, bySound);
  // The same sounds spelt the other language's way ('metadoon' for methadone).
  if (bySound <= 0.1 && byLetters <= 0.4) return bySound;
  return undefined;
}

/**
 * Likely mishearings of clinical terms in `text`, in text order, none overlapping. Words that are a
 * term already, numbers, and words of fewer than five letters are never marked.
 */
export function findMishearings(text: string, options: MishearingOptions = {}): LexiconSuggestion[] {
  const { exact, byInitial, byWord } = loadLexicon();
  const known = (word: string) =>
    FUNCTION_WORDS.has(word) ||
    COMMON_AFRIKAANS_WORDS.has(word) ||
    exact.has(word) ||
    (options.isWord?.(word) ?? false);
  const words = wordsOf(text);
  const exactWords = new Set<number>();
  const candidates: Array<LexiconSuggestion & { score: number; from: number; to: number; extra: number }> =
    [];
  for (let i = 0; i < words.length; i++) {
    for (let n = 1; n <= 4 && i + n <= words.length; n++) {
      const window = words.slice(i, i + n);
      if (window.some((w) => /\d/.test(w.key))) break;
      const phrase = window.map((w) => w.key).join(' ');
      if (exact.has(phrase)) {
        for (let k = i; k < i + n; k++) exactWords.add(k);
        continue;
      }
      if (phrase.length < 5) continue;
      if (n > 1 && (FUNCTION_WORDS.has(window[0]!.key) || FUNCTION_WORDS.has(window.at(-1)!.key))) continue;
      const letters = phrase.replace(/ /g, '');
      const nearby = new Set([
        ...(byInitial.get(letters[0]!) ?? []),
        ...(byInitial.get(soundKey(letters)[0] ?? '') ?? []),
      ]);
      for (const w of window) for (const term of byWord.get(w.key) ?? []) nearby.add(term);
      for (const term of nearby) {
        if (Math.abs(term.words.length - n) > 1) continue;
        const score = distance(window, term, known);
        if (score === undefined) continue;
        const start = window[0]!.start;
        const end = window.at(-1)!.end;
        candidates.push({
          start,
          end,
          heard: text.slice(start, end),
          suggestion: term.text,
          score,
          from: i,
          to: i + n,
          extra: Math.abs(term.words.length - n),
        });
      }
    }
  }
  // Best first (closest, then as many words as the term, then fewest words); a window overlapping a
  // better one or a term written correctly is dropped.
  candidates.sort((a, b) => a.score - b.score || a.extra - b.extra || a.to - a.from - (b.to - b.from));
  const taken: typeof candidates = [];
  for (const candidate of candidates) {
    if (taken.some((t) => candidate.from < t.to && t.from < candidate.to)) continue;
    let overExact = false;
    for (let k = candidate.from; k < candidate.to; k++) if (exactWords.has(k)) overExact = true;
    if (!overExact) taken.push(candidate);
  }
  return taken
    .sort((a, b) => a.start - b.start)
    .map(({ start, end, heard, suggestion }) => ({ start, end, heard, suggestion }));
}

/** The text with one suggestion accepted: the heard words replaced by the term. */
export function acceptSuggestion(text: string, suggestion: LexiconSuggestion): string {
  return text.slice(0, suggestion.start) + suggestion.suggestion + text.slice(suggestion.end);
}
