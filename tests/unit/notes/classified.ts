import { classifyUtterances, splitUtterances } from '#shared/notes/index.js';

/** Every utterance of a transcript with its section, or 'left' when it is left out of the notes, in order. */
export function classified(transcript: string): Array<[string, string]> {
  return classifyUtterances(splitUtterances(transcript)).map((c) => [c.utterance.text, c.section ?? 'left']);
}

/** The section (or 'left') of the first utterance that contains `part` (case-insensitive). */
export function sectionOf(result: Array<[string, string]>, part: string): string | undefined {
  return result.find(([text]) => text.toLowerCase().includes(part.toLowerCase()))?.[1];
}
