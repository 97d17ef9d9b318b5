/** Splitting a text into plain and highlighted pieces for the transcript's highlight layer. */

export interface TextRange {
  start: number;
  end: number;
}

export interface TextPiece {
  text: string;
  marked: boolean;
}

/** Ranges clamped to the text, sorted and merged, so overlapping evidence spans mark once. */
export function normaliseRanges(ranges: readonly TextRange[], length: number): TextRange[] {
  const clamped = ranges
    .map(({ start, end }) => ({
      start: Math.max(0, Math.min(start, length)),
      end: Math.max(0, Math.min(end, length)),
    }))
    .filter(({ start, end }) => end > start)
    .sort((a, b) => a.start - b.start);
  const merged: TextRange[] = [];
  for (const range of clamped) {
    const last = merged.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

export function highlightPieces(text: string, ranges: readonly TextRange[]): TextPiece[] {
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const range of normaliseRanges(ranges, text.length)) {
    if (range.start > at) pieces.push({ text: text.slice(at, range.start), marked: false });
    pieces.push({ text: text.slice(range.start, range.end), marked: true });
    at = range.end;
  }
  if (at < text.length || pieces.length === 0) pieces.push({ text: text.slice(at), marked: false });
  return pieces;
}
