/**
 * Farm Mode auto-segmentation: every SEGMENT_SECONDS of recorded audio (pauses excluded) the current
 * segment is closed and stored and a new one starts, so a long farm visit never rests in one fragile blob
 * and each piece stays within what transcription accepts.
 */
export const FARM_SEGMENT_SECONDS = 30 * 60;

/** Whether the segment that has run for `segmentSeconds` must be closed now. */
export function shouldCloseSegment(segmentSeconds: number, segmentLimitSeconds: number): boolean {
  return segmentLimitSeconds > 0 && segmentSeconds >= segmentLimitSeconds;
}

export interface SegmentLink {
  segmentNumber: number;
  totalSegments: number;
  /** The first segment's id; undefined on the first segment itself. */
  parentRecordingId: string | undefined;
}

/**
 * Links for `count` segments recorded as one consultation, in order. The first segment is the parent; each
 * carries the final total once the consultation ends.
 */
export function linkSegments(ids: readonly string[]): Array<SegmentLink & { id: string }> {
  const parent = ids[0];
  return ids.map((id, index) => ({
    id,
    segmentNumber: index + 1,
    totalSegments: ids.length,
    parentRecordingId: index === 0 ? undefined : parent,
  }));
}

/** The farm banner text while recording (spec section 2). */
export function farmBannerText(segmentNumber: number): string {
  return `Farm Visit Recording - Segment ${segmentNumber}`;
}
