import { describe, expect, it } from 'vitest';
import {
  farmBannerText,
  FARM_SEGMENT_SECONDS,
  linkSegments,
  shouldCloseSegment,
} from '../../../web/src/features/recorder/model/segments.js';

describe('farm mode segmentation', () => {
  it('closes a segment after exactly 30 minutes of recorded audio', () => {
    expect(FARM_SEGMENT_SECONDS).toBe(1800);
    expect(shouldCloseSegment(1799, FARM_SEGMENT_SECONDS)).toBe(false);
    expect(shouldCloseSegment(1800, FARM_SEGMENT_SECONDS)).toBe(true);
    expect(shouldCloseSegment(5, 0)).toBe(false); // segmentation off
  });

  it('links segments to the first one with the final total', () => {
    expect(linkSegments(['a', 'b', 'c'])).toEqual([
      { id: 'a', segmentNumber: 1, totalSegments: 3, parentRecordingId: undefined },
      { id: 'b', segmentNumber: 2, totalSegments: 3, parentRecordingId: 'a' },
      { id: 'c', segmentNumber: 3, totalSegments: 3, parentRecordingId: 'a' },
    ]);
    expect(linkSegments(['solo'])).toEqual([
      { id: 'solo', segmentNumber: 1, totalSegments: 1, parentRecordingId: undefined },
    ]);
  });

  it('names the segment in the banner', () => {
    expect(farmBannerText(2)).toBe('Farm Visit Recording - Segment 2');
  });
});
