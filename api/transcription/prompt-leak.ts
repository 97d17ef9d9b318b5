/**
 * Whisper's initial prompt biases it towards the prompt's words, and on audio it cannot follow well it
 * writes them where they were never said: "Afrikaans horse sickness" for "African horse sickness" (the
 * old prompt named the languages), or the client's name from the pre-consultation form four times in a
 * recording where nobody said it. A prompt word is only kept where a reading of the same piece without
 * the prompt supports it: the same word, or a spelling variant of it at the same place (the prompt's
 * job is spelling: 'meloxicum' → 'meloxicam'). Everything else the prompt put there is taken from the
 * plain reading instead, or dropped where the plain reading has nothing.
 */

import { comparable } from '../audio/stitch.js';
import type { TermHint } from '#shared/schemas/transcript-suggestions.js';
import { relativeDistance } from '#shared/transcript/edit-distance.js';
import { findMishearings, soundKey, type LexiconSuggestion } from '#shared/transcript/lexicon-check.js';
import { isEnglishWord } from './english-words.js';
import { formularyByUse, NUMBER_STYLE } from './vocabulary.js';

/**
 * Words of a prompt that do not steer anything on their own: name particles and titles. Whisper does
 * not need audio support to write 'van' or 'Mnr', and checking them would cost re-readings for nothing.
 */
const NOT_TERMS = new Set([
  'van',
  'der',
  'den',
  'die',
  'du',
  'de',
  'le',
  'la',
  'mnr',
  'mev',
  'mej',
  'mrs',
  'mr',
  'ms',
  'dr',
  'and',
  'en',
  'the',
  // The number style's units ('120 bpm', '9 weeks') only teach Whisper to write numbers as digits.
  ...NUMBER_STYLE.flatMap((example) => example.match(/\p{L}+/gu) ?? []),
]);

/**
 * A prompt word counts as a spelling of the plain word when at most this share of its letters differ,
 * or when both sound the same ('Thandi' / 'Tandy'): the prompt spelt what the audio has.
 */
export const SPELLING_VARIANT_DISTANCE = 0.25;

export const isSpellingOf = (promptWord: string, plainWord: string): boolean =>
  relativeDistance(promptWord, plainWord) <= SPELLING_VARIANT_DISTANCE ||
  (soundKey(promptWord) !== '' && soundKey(promptWord) === soundKey(plainWord));

/**
 * A drug name from the formulary counts as heard when the plain reading has a word near its place that
 * differs in at most this share of letters: without the prompt Whisper base writes 'maribit' for
 * maropitant and 'phoenixin medumite' for flunixin meglumine, and dropping the drug for that emptied the
 * Plan. The vet's words there were a drug; the prompt spelt it.
 */
export const DRUG_SOUND_DISTANCE = 0.5;
/** How many plain-reading words either side of a drug's aligned place are searched for its sound. */
const DRUG_WINDOW = 2;

let drugWords: Set<string> | undefined;
/** The word keys of the formulary's drug names ('flunixin meglumine' → flunixin, meglumine). */
function isDrugWord(key: string): boolean {
  drugWords ??= new Set(
    formularyByUse().flatMap((name) => name.split(/[\s-]+/u).map((word) => termKey(word))),
  );
  return drugWords.has(key);
}

const wordsOf = (text: string): string[] => text.split(/\s+/).filter(Boolean);

/** A word's key for term matching: a possessive is its name ("Mokoena's" is the prompt's "Mokoena"). */
const termKey = (word: string): string => comparable(word.replace(/['’]s$/iu, ''));

/** The words of `prompt` that can leak: letters only (numbers and units are style, not content), 3+ letters. */
export function promptTerms(prompt: string | undefined): Set<string> {
  const terms = new Set<string>();
  for (const word of wordsOf(prompt ?? '')) {
    const key = termKey(word);
    if (key.length >= 3 && !/[\d/%]/.test(word) && !NOT_TERMS.has(key)) terms.add(key);
  }
  return terms;
}

/** The prompt terms `text` contains, in order of first appearance. */
export function termsIn(text: string, terms: Set<string>): string[] {
  const found = new Set<string>();
  for (const word of wordsOf(text)) {
    const key = termKey(word);
    if (terms.has(key)) found.add(key);
  }
  return [...found];
}

type Step =
  | { kind: 'match' | 'substitute'; prompted: number; plain: number }
  | { kind: 'insert'; prompted: number }
  | { kind: 'delete'; plain: number };

/**
 * Word alignment of two readings (Levenshtein over word keys, backtracked). A prompt term against a
 * spelling of it costs half a substitution, so 'meloxicam at' against 'Meloxica Matt' pairs the drug with
 * its spelling rather than with 'Matt' (which left 'meloxicam' unaligned and dropped from a Plan).
 */
function align(prompted: string[], plain: string[], terms: ReadonlySet<string>): Step[] {
  const rows = prompted.length + 1;
  const cols = plain.length + 1;
  const substitution = (i: number, j: number): number => {
    const a = prompted[i]!;
    const b = plain[j]!;
    if (a === b) return 0;
    return terms.has(a) && isSpellingOf(a, b) ? 0.5 : 1;
  };
  const cost: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      cost[i]![j] = Math.min(
        cost[i - 1]![j - 1]! + substitution(i - 1, j - 1),
        cost[i - 1]![j]! + 1,
        cost[i]![j - 1]! + 1,
      );
    }
  }
  const steps: Step[] = [];
  let i = prompted.length;
  let j = plain.length;
  while (i > 0 || j > 0) {
    if (i > 0 && j > 0 && cost[i]![j] === cost[i - 1]![j - 1]! + substitution(i - 1, j - 1)) {
      steps.push({
        kind: prompted[i - 1] === plain[j - 1] ? 'match' : 'substitute',
        prompted: i - 1,
        plain: j - 1,
      });
      i--;
      j--;
    } else if (i > 0 && cost[i]![j] === cost[i - 1]![j]! + 1) {
      steps.push({ kind: 'insert', prompted: i - 1 });
      i--;
    } else {
      steps.push({ kind: 'delete', plain: j - 1 });
      j--;
    }
  }
  return steps.reverse();
}

/** A prompt term the leak check replaced by the word a prompt-less reading heard in its place. */
export interface TermReplacement {
  heard: string;
  term: string;
}

export interface LeakCheck {
  /** The prompted reading with every prompt-only word replaced by the plain reading's word or dropped. */
  text: string;
  /** For each word of the prompted text (split on white space): what it became ('' when dropped). */
  words: string[];
  /** The prompt words the audio did not support, as written in the prompted reading. */
  dropped: string[];
  /** Prompt terms the plain reading supports (the same word, or a spelling of it in place). */
  supported: string[];
  /**
   * Where a prompt term was replaced by the plain reading's word: what the plain reading heard and the term.
   * The vet may have said the term and the plain reading misheard it ('a cylinder' for 'penicillin'): the
   * transcript offers the term as a suggestion there, never as a silent rewrite.
   */
  replaced: TermReplacement[];
}

/**
 * Compares a prompted reading with a plain (prompt-less) reading of the same audio and keeps a prompt
 * term only where the plain reading has it: aligned with the same word, a spelling variant of it at the
 * same place, or the same word elsewhere in the piece — as many times as the plain reading has it, so a
 * name said once and written twice by the prompt ("Lerato Mokoena's rabbit … Lerato said he stopped
 * eating") keeps only the once.
 */
export function dropPromptOnlyWords(prompted: string, plain: string, terms: Set<string>): LeakCheck {
  const promptedWords = wordsOf(prompted);
  const plainWords = wordsOf(plain);
  const promptedKeys = promptedWords.map(termKey);
  const plainKeys = plainWords.map(termKey);
  const steps = align(promptedKeys, plainKeys, terms);
  // Occurrences of each term the plain reading has that no prompted occurrence is aligned with.
  const spare = new Map<string, number>();
  for (const key of plainKeys) if (terms.has(key)) spare.set(key, (spare.get(key) ?? 0) + 1);
  for (const step of steps) {
    const key = step.kind === 'match' ? promptedKeys[step.prompted]! : '';
    if (spare.has(key)) spare.set(key, spare.get(key)! - 1);
  }
  const out = [...promptedWords];
  const dropped: string[] = [];
  const replaced: TermReplacement[] = [];
  const supported = new Set(plainKeys.filter((key) => terms.has(key)));
  // Where in the plain reading each step stands (an unaligned prompted word: at the last plain word before it).
  let plainAt = 0;
  const soundsNear = (key: string): boolean => {
    const near = plainKeys.slice(Math.max(0, plainAt - DRUG_WINDOW), plainAt + DRUG_WINDOW + 1);
    return near.some((word) => word.length >= 3 && relativeDistance(key, word) <= DRUG_SOUND_DISTANCE);
  };
  for (const step of steps) {
    if (step.kind !== 'insert') plainAt = step.plain;
    if (step.kind === 'delete' || step.kind === 'match') continue;
    const key = promptedKeys[step.prompted]!;
    if (!terms.has(key)) continue;
    if (isDrugWord(key) && soundsNear(key)) {
      supported.add(key);
      continue;
    }
    if (step.kind === 'substitute' && isSpellingOf(key, plainKeys[step.plain]!)) {
      supported.add(key);
      continue;
    }
    const unaligned = spare.get(key) ?? 0;
    if (unaligned > 0) {
      spare.set(key, unaligned - 1);
      continue;
    }
    if (step.kind === 'substitute') {
      out[step.prompted] = plainWords[step.plain]!;
      replaced.push({ heard: plainWords[step.plain]!, term: promptedWords[step.prompted]! });
    } else {
      out[step.prompted] = '';
    }
    dropped.push(promptedWords[step.prompted]!);
  }
  return { text: out.filter(Boolean).join(' '), words: out, dropped, supported: [...supported], replaced };
}

/**
 * Applies a LeakCheck's word changes to the reading's segments, whose words are the reading's words in
 * order; returns undefined when they are not (the caller then keeps one segment for the piece).
 */
export function applyToSegments<S extends { text: string }>(
  segments: S[],
  check: LeakCheck,
): S[] | undefined {
  const counts = segments.map((segment) => wordsOf(segment.text).length);
  if (counts.reduce((a, b) => a + b, 0) !== check.words.length) return undefined;
  let at = 0;
  return segments.map((segment, index) => {
    const words = check.words.slice(at, at + counts[index]!);
    at += counts[index]!;
    return { ...segment, text: words.filter(Boolean).join(' ') };
  });
}

/** The leak check's replacements as term hints (one per heard word; the term without punctuation). */
export function termHints(replaced: readonly TermReplacement[]): TermHint[] {
  const byWord = new Map<string, TermHint>();
  const bare = (word: string) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  for (const { heard, term } of replaced) {
    const word = bare(heard);
    const suggestion = bare(term);
    if (word !== '' && suggestion !== '' && comparable(word) !== comparable(suggestion))
      byWord.set(comparable(word), { heard: word, suggestion });
  }
  return [...byWord.values()];
}

/**
 * Likely mishearings of clinical terms in a transcript (lexicon-check.ts), and each term hint's term wherever
 * its word stands as a whole word and no other suggestion covers it; in text order.
 */
export function transcriptSuggestions(
  transcript: string,
  hints: readonly TermHint[] = [],
): LexiconSuggestion[] {
  const misheard = findMishearings(transcript, { isWord: isEnglishWord });
  if (hints.length === 0) return misheard;
  const termOf = new Map(hints.map((h) => [comparable(h.heard), h.suggestion]));
  const taken: Array<{ start: number; end: number }> = [...misheard];
  const hinted: LexiconSuggestion[] = [];
  for (const match of transcript.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)) {
    const suggestion = termOf.get(comparable(match[0]));
    if (!suggestion) continue;
    const start = match.index;
    const end = start + match[0].length;
    if (taken.some((s) => s.start < end && start < s.end)) continue;
    hinted.push({ start, end, heard: match[0], suggestion });
    taken.push({ start, end });
  }
  return [...misheard, ...hinted].sort((a, b) => a.start - b.start);
}
