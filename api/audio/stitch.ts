/**
 * Joins the texts of consecutive pieces. Pieces cut inside a pause share no audio and are simply joined;
 * a piece that overlaps the previous one (a forced cut in continuous speech) repeats a few words, and the
 * longest run of words that ends the text so far and starts the next piece is dropped once.
 */

const MAX_OVERLAP_WORDS = 12;

/** A word as compared across pieces and repeats: case, Unicode form and punctuation ignored. */
export const comparable = (word: string): string =>
  word
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]/gu, '');

export interface StitchPiece {
  text: string;
  /** True when this piece's audio starts inside the previous piece's. */
  overlapsPrevious: boolean;
}

/** Number of leading words of `next` that repeat the trailing words of `previous`. */
export function repeatedWordCount(previous: string[], next: string[]): number {
  const max = Math.min(MAX_OVERLAP_WORDS, previous.length, next.length);
  for (let k = max; k >= 1; k--) {
    let same = true;
    for (let i = 0; i < k && same; i++) {
      const a = comparable(previous[previous.length - k + i] ?? '');
      const b = comparable(next[i] ?? '');
      same = a !== '' && a === b;
    }
    if (same) return k;
  }
  return 0;
}

export function stitchTexts(pieces: StitchPiece[]): string {
  const words: string[] = [];
  for (const piece of pieces) {
    const next = piece.text.trim().split(/\s+/).filter(Boolean);
    if (next.length === 0) continue;
    const drop = piece.overlapsPrevious ? repeatedWordCount(words, next) : 0;
    words.push(...next.slice(drop));
  }
  return words.join(' ');
}
