/**
 * Whisper's best-known failure with an initial prompt: on a window it cannot follow it writes the prompt
 * back ('Die koei is dragtig en die kalf elk 5 ml, ooi het koors, ooi het koors…') in place of the
 * twenty seconds the vet actually said. A piece whose text shares a long run of consecutive words with
 * the prompt is suspect; the service transcribes it again without the prompt and keeps whichever reading
 * does not echo.
 */

import { comparable } from '../audio/stitch.js';

/**
 * Five words: short enough to catch an echo the model garbled or ran into a loop after a few words.
 * Clinical talk that matches by chance ('heart rate 120 beats per minute') costs one more reading of the
 * piece, and the prompted reading stands when the plain one has the same words.
 */
export const PROMPT_ECHO_MIN_WORDS = 5;

const words = (text: string): string[] => text.split(/\s+/).map(comparable).filter(Boolean);

/** The longest run of consecutive words that `text` copies from `prompt` (0 when either is empty). */
export function longestPromptRun(text: string, prompt: string): number {
  const said = words(text);
  const prompted = words(prompt);
  // Classic longest-common-substring over words, one row at a time: pieces are ≤ 30 s, prompts ≤ ~100 words.
  let previous = new Array<number>(prompted.length + 1).fill(0);
  let longest = 0;
  for (let i = 1; i <= said.length; i++) {
    const current = new Array<number>(prompted.length + 1).fill(0);
    for (let j = 1; j <= prompted.length; j++) {
      if (said[i - 1] === prompted[j - 1]) {
        current[j] = previous[j - 1]! + 1;
        if (current[j]! > longest) longest = current[j]!;
      }
    }
    previous = current;
  }
  return longest;
}

export function echoesPrompt(text: string, prompt: string | undefined): boolean {
  return Boolean(prompt) && longestPromptRun(text, prompt!) >= PROMPT_ECHO_MIN_WORDS;
}
