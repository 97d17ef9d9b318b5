import { describe, expect, it } from 'vitest';
import { contentRange, parseRange } from '../../../api/http/range.js';

describe('parseRange', () => {
  const size = 1000;

  it('serves the whole body without a header, for other units and for several ranges', () => {
    expect(parseRange(undefined, size)).toEqual({ kind: 'full' });
    expect(parseRange('items=0-5', size)).toEqual({ kind: 'full' });
    expect(parseRange('bytes=0-1, 5-6', size)).toEqual({ kind: 'full' });
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=0-0', 0, 0],
    ['bytes=500-', 500, 999],
    ['bytes=0-', 0, 999],
    ['bytes=999-', 999, 999],
    ['bytes=-1', 999, 999],
    ['bytes=-100', 900, 999],
    ['bytes=-5000', 0, 999],
    ['bytes=900-5000', 900, 999],
    ['Bytes = 10-19', 10, 19],
    [' bytes=10-19 ', 10, 19],
  ])('%s is bytes %i-%i', (header, start, end) => {
    expect(parseRange(header, size)).toEqual({ kind: 'partial', range: { start, end } });
  });

  it.each([
    'bytes=1000-',
    'bytes=5000-6000',
    'bytes=-0',
    'bytes=20-10',
    'bytes=-',
    'bytes=',
    'bytes=a-b',
    'bytes=1-2-3',
    'bytes=0x10-',
    'garbage',
    '=0-1',
    'bytes=0-1,x',
  ])('%s is unsatisfiable', (header) => {
    expect(parseRange(header, size)).toEqual({ kind: 'unsatisfiable' });
  });

  it('finds nothing satisfiable in an empty representation', () => {
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-10', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it('formats Content-Range for 206 and 416', () => {
    expect(contentRange(size, { start: 0, end: 99 })).toBe('bytes 0-99/1000');
    expect(contentRange(size)).toBe('bytes */1000');
  });
});
