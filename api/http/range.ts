import type { ByteRange } from '../storage/blob-store.js';

/**
 * What to do with a Range header (RFC 9110 section 14) for a representation of `size` bytes:
 * - full: no header, another unit, or several ranges (we send one part, never multipart/byteranges) → 200;
 * - partial: exactly one satisfiable bytes range → 206 with Content-Range;
 * - unsatisfiable: a bytes range that is malformed or lies outside the content → 416.
 */
export type RangeDecision =
  { kind: 'full' } | { kind: 'partial'; range: ByteRange } | { kind: 'unsatisfiable' };

const SPEC = /^(\d*)-(\d*)$/;

export function parseRange(header: string | undefined, size: number): RangeDecision {
  if (header === undefined) return { kind: 'full' };
  const match = /^\s*([A-Za-z]+)\s*=\s*(.*)$/.exec(header);
  if (!match) return { kind: 'unsatisfiable' };
  // Only bytes is defined for us; a server must ignore units it does not know.
  if (match[1]!.toLowerCase() !== 'bytes') return { kind: 'full' };
  const specs = match[2]!.split(',').map((part) => part.trim());
  if (specs.length !== 1) {
    // Browsers never ask media for several ranges; answering the whole body is allowed and simplest.
    return specs.every((spec) => SPEC.test(spec)) ? { kind: 'full' } : { kind: 'unsatisfiable' };
  }
  const parts = SPEC.exec(specs[0]!);
  if (!parts) return { kind: 'unsatisfiable' };
  const [, first = '', last = ''] = parts;
  if (first === '' && last === '') return { kind: 'unsatisfiable' };
  if (first === '') {
    // Suffix range: the last N bytes (all of them when N exceeds the size).
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', range: { start: Math.max(0, size - length), end: size - 1 } };
  }
  const start = Number(first);
  if (start >= size) return { kind: 'unsatisfiable' };
  if (last === '') return { kind: 'partial', range: { start, end: size - 1 } };
  const end = Number(last);
  if (end < start) return { kind: 'unsatisfiable' };
  return { kind: 'partial', range: { start, end: Math.min(end, size - 1) } };
}

/** The Content-Range value of a 206 (`bytes 0-99/1000`) or of a 416 (`bytes *\/1000`). */
export function contentRange(size: number, range?: ByteRange): string {
  return range ? `bytes ${range.start}-${range.end}/${size}` : `bytes */${size}`;
}
