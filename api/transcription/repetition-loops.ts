/**
 * Whisper sometimes falls into a decoding loop on audio it cannot follow (noise, a language the model
 * barely knows) and writes one phrase dozens of times: 'nee, nee, nee, …' ×60. The service first reads
 * such a piece again at higher temperatures (temperature-fallback.ts); where every reading loops, it cuts
 * what is left: a run of one to eight words repeated more than MAX_REPEATS times in a row keeps its first
 * MAX_REPEATS occurrences. People do repeat themselves ('no, no, no'), never five times over.
 */

import { comparable } from '../audio/stitch.js';

const MAX_PHRASE_WORDS = 8;
const MAX_REPEATS = 3;

function samePhrase(keys: string[], a: number, b: number, length: number): boolean {
  for (let i = 0; i < length; i++) {
    const key = keys[a + i]!;
    if (key === '' || key !== keys[b + i]) return false;
  }
  return true;
}

/**
 * The same loop inside one word: a letter or a short syllable written dozens of times ('ijjjjjjj…',
 * seen on Afrikaans the base model cannot follow). No word in either language repeats a unit of one to
 * four letters more than five times running; such a run keeps MAX_REPEATS of it.
 */
const IN_WORD_LOOP = /(\p{L}{1,4}?)\1{5,}/gu;

export function collapseRepetitionLoops(text: string): string {
  const words = text
    .replace(IN_WORD_LOOP, (_run, unit: string) => unit.repeat(MAX_REPEATS))
    .split(/\s+/)
    .filter(Boolean);
  const keys = words.map(comparable);
  const kept: string[] = [];
  let i = 0;
  while (i < words.length) {
    let skipTo = i;
    for (let length = 1; length <= MAX_PHRASE_WORDS && skipTo === i; length++) {
      let repeats = 1;
      while (i + (repeats + 1) * length <= words.length && samePhrase(keys, i, i + repeats * length, length))
        repeats++;
      if (repeats > MAX_REPEATS) {
        kept.push(...words.slice(i, i + MAX_REPEATS * length));
        skipTo = i + repeats * length;
      }
    }
    if (skipTo > i) {
      i = skipTo;
    } else {
      kept.push(words[i]!);
      i++;
    }
  }
  return kept.join(' ');
}
