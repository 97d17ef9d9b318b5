/**
 * Small text helpers shared by every stage of the embedded extractor. Pure functions, browser-safe.
 */

const LETTER_OR_DIGIT = String.raw`\p{L}\p{N}`;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Compiles lexicon terms into one regular expression. A trailing '*' makes a term a word prefix ('vomit*'
 * matches 'vomiting'); otherwise the whole word or phrase must match. Spaces in a term match any run of
 * whitespace or commas so that 'heart rate' still matches 'heart  rate'.
 */
export function compileTerms(terms: readonly string[]): RegExp {
  const alternatives = [...terms]
    .filter((term) => term.trim() !== '')
    // Longest first, so that 'heart rate' wins over 'heart' at the same position.
    .sort((a, b) => b.length - a.length)
    .map((term) => {
      const prefix = term.endsWith('*');
      const core = escapeRegExp(prefix ? term.slice(0, -1) : term).replace(/\s+/g, String.raw`[\s,]+`);
      return prefix ? `${core}[${LETTER_OR_DIGIT}'’-]*` : core;
    });
  if (alternatives.length === 0) return /(?!)/gu;
  return new RegExp(`(?<![${LETTER_OR_DIGIT}])(?:${alternatives.join('|')})(?![${LETTER_OR_DIGIT}])`, 'giu');
}

export interface TermMatch {
  text: string;
  index: number;
}

/** Every non-overlapping match of a compiled term expression in text. */
export function findTerms(pattern: RegExp, text: string): TermMatch[] {
  pattern.lastIndex = 0;
  const out: TermMatch[] = [];
  for (const match of text.matchAll(pattern)) out.push({ text: match[0], index: match.index });
  return out;
}

export function hasTerm(pattern: RegExp, text: string): boolean {
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
