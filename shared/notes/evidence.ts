/**
 * Evidence for bullets: the support test that guarantees no unsupported bullet is emitted, and the
 * mapping of character spans to audio times when the transcript came with timed segments.
 */
import type { EvidenceSpan, TranscriptSegment } from '../schemas/clinical';
import type { SourceSpan } from './bullets';
import { contentTokens } from './text';

/** Minimum share of a bullet's content words that must occur in its evidence (the evaluation's own bar). */
export const MIN_SUPPORT = 0.5;

/** Share of the bullet's content tokens found in the text it cites; 1 for a bullet with no content tokens. */
export function supportRatio(bullet: string, evidenceText: string): number {
  const tokens = contentTokens(bullet);
  if (tokens.length === 0) return 1;
  const source = new Set(contentTokens(evidenceText));
  return tokens.filter((t) => source.has(t)).length / tokens.length;
}

export function isSupported(bullet: string, evidenceText: string): boolean {
  return supportRatio(bullet, evidenceText) >= MIN_SUPPORT;
}

interface PlacedSegment {
  charStart: number;
  charEnd: number;
  start: number;
  end: number;
}

/** Finds each timed segment's text in the transcript, in order; segments that cannot be found are skipped. */
export function placeSegments(transcript: string, segments: TranscriptSegment[]): PlacedSegment[] {
  const placed: PlacedSegment[] = [];
  let cursor = 0;
  for (const segment of segments) {
    const text = segment.text.trim();
    if (!text) continue;
    const at = transcript.indexOf(text, cursor);
    if (at < 0) continue;
    placed.push({ charStart: at, charEnd: at + text.length, start: segment.start, end: segment.end });
    cursor = at + text.length;
  }
  return placed;
}

/** Audio time of a character offset, interpolated inside its segment. */
function timeAt(offset: number, placed: PlacedSegment[]): number | undefined {
  const segment = placed.find((p) => offset >= p.charStart && offset <= p.charEnd);
  if (!segment) return undefined;
  const fraction = (offset - segment.charStart) / Math.max(1, segment.charEnd - segment.charStart);
  return Math.round((segment.start + fraction * (segment.end - segment.start)) * 100) / 100;
}

/** Evidence spans with their transcript text and, where segments allow, audio times. */
export function toEvidenceSpans(
  transcript: string,
  spans: SourceSpan[],
  placed: PlacedSegment[],
): EvidenceSpan[] {
  return spans.map(({ start, end }) => {
    const span: EvidenceSpan = { start, end, text: transcript.slice(start, end) };
    const audioStart = timeAt(start, placed);
    const audioEnd = timeAt(end, placed);
    if (audioStart !== undefined) span.audioStart = audioStart;
    if (audioEnd !== undefined) span.audioEnd = audioEnd;
    return span;
  });
}
