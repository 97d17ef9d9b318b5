/**
 * Afrikaans and English are written in Latin script only. On audio the base model cannot follow it
 * sometimes decodes into other scripts ('крас-', 'herла') or emits a broken byte sequence that shows as
 * U+FFFD ('�'). Such text is never what the vet said: the service reads the piece once more, and what
 * is still foreign after that is replaced by '[unclear m:ss]' at its time in the recording, so the vet
 * knows where to listen again.
 */

import type { TranscriptSegment } from '../providers/transcription/types.js';

/** A letter outside Latin script, or the replacement character. */
const FOREIGN = /(?!\p{Script=Latin})\p{L}|\uFFFD/u;
const FOREIGN_ALL = /(?!\p{Script=Latin})\p{L}|\uFFFD/gu;

export function hasForeignScript(text: string): boolean {
  return FOREIGN.test(text);
}

/** How many foreign-script characters a text has (to pick the cleaner of two readings). */
export function foreignCharacters(text: string): number {
  return text.match(FOREIGN_ALL)?.length ?? 0;
}

/** '[unclear 1:07]' for a time in seconds from the start of the recording. */
export function unclearMarker(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `[unclear ${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}]`;
}

/** Every run of words with foreign script in them becomes one marker at `seconds`. */
export function markForeignWords(text: string, seconds: number): string {
  const out: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (!hasForeignScript(word)) out.push(word);
    else if (out.at(-1) !== unclearMarker(seconds)) out.push(unclearMarker(seconds));
  }
  return out.join(' ');
}

/**
 * The reading with foreign-script words marked, segment by segment (each marker carries its segment's
 * start), `offset` seconds being where the piece starts in the recording. Without segments the whole
 * piece's text is marked at the piece's start.
 */
export function markForeignScript(
  reading: { text: string; segments?: TranscriptSegment[] | undefined },
  offset: number,
): { text: string; segments?: TranscriptSegment[] | undefined } {
  if (!hasForeignScript(reading.text)) return reading;
  if (!reading.segments?.length) return { ...reading, text: markForeignWords(reading.text, offset) };
  const segments = reading.segments.map((segment) => ({
    ...segment,
    text: markForeignWords(segment.text, offset + segment.start),
  }));
  return { ...reading, segments, text: segments.map((segment) => segment.text).join(' ') };
}
