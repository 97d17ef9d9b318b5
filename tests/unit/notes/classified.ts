import { expect } from 'vitest';
import { classifyUtterances, splitUtterances } from '#shared/notes/index.js';

/** Every utterance of a transcript with its section, or 'left' when it is left out of the notes, in order. */
export function classified(transcript: string): Array<[string, string]> {
  return classifyUtterances(splitUtterances(transcript)).map((c) => [c.utterance.text, c.section ?? 'left']);
}

/** The section (or 'left') of the first utterance that contains `part` (case-insensitive). */
export function sectionOf(result: Array<[string, string]>, part: string): string | undefined {
  return result.find(([text]) => text.toLowerCase().includes(part.toLowerCase()))?.[1];
}

/** The section (or 'left') of the utterance of `transcript` that contains `part`. */
export function sectionInTranscript(transcript: string, part: string): string | undefined {
  return sectionOf(classified(transcript), part);
}

/** Each of `matches` reads as the phrasing (a pattern or a predicate), none of `misses` does. */
export function expectPhrasing(
  phrasing: RegExp | ((text: string) => boolean),
  matches: string[],
  misses: string[],
): void {
  const reads = (text: string) => (phrasing instanceof RegExp ? phrasing.test(text) : phrasing(text));
  for (const text of matches) expect(reads(text), text).toBe(true);
  for (const text of misses) expect(reads(text), text).toBe(false);
}

/** `line` (speech-engine text) is split so that one of its utterances starts with `start`. */
export function expectUtteranceStart(line: string, start: string): void {
  const texts = splitUtterances(line).map((u) => u.text);
  expect(
    texts.some((t) => t.startsWith(start)),
    `${line} → ${texts.join(' | ')}`,
  ).toBe(true);
}
