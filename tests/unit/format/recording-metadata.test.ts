import { describe, expect, it } from 'vitest';
import { formatShortDuration, formatTimer, recordingMetadata } from '#shared/format/recording-metadata.js';

describe('recording metadata formats (spec section 9)', () => {
  it('formats DD/MM/YYYY, HH:MM and MM:SS', () => {
    expect(recordingMetadata(new Date(2026, 0, 5, 7, 4, 0), 125)).toEqual({
      consultationDate: '05/01/2026',
      consultationTime: '07:04',
      recordingDuration: '02:05',
    });
  });
  it('keeps counting minutes past an hour and never goes negative', () => {
    expect(formatTimer(75 * 60 + 3)).toBe('75:03');
    expect(formatTimer(0)).toBe('00:00');
    expect(formatTimer(-4)).toBe('00:00');
    expect(formatTimer(59.9)).toBe('00:59');
  });
  it('formats list durations as m:ss', () => {
    expect(formatShortDuration(95)).toBe('1:35');
    expect(formatShortDuration(5)).toBe('0:05');
  });
});
