import type { ClinicalData, SafetyFlag } from '#shared/schemas/clinical.js';
import { bulletLines } from '#shared/notes/format.js';

/**
 * A safety flag as kept on the local recording: the extractor's flag plus the bullet text it was raised on.
 * The text, not the line number, ties the flag to a bullet, so it survives bullets added or removed above it.
 */
export interface ReviewFlag extends SafetyFlag {
  bullet: string;
}

/** Attaches the flagged bullet's text (the flag's line is a raw line of the section text). */
export function toReviewFlags(flags: readonly SafetyFlag[], notes: ClinicalData): ReviewFlag[] {
  return flags.flatMap((flag) => {
    const line = notes[flag.section].split('\n')[flag.line];
    const bullet = bulletLines(line ?? '')[0];
    return bullet === undefined ? [] : [{ ...flag, bullet }];
  });
}
