import type { BulletEvidence, ClinicalData, SafetyFlag, SoapSection } from '#shared/schemas/clinical';
import type { ReviewFlag } from '../../../data/review-flags';
import { bulletsOf } from './notes-draft';

// Stored with each local recording, so defined by the data layer (page and service worker write them).
export { toReviewFlags, type ReviewFlag } from '../../../data/review-flags';

/** Identifies a flag across reloads: what was flagged, on which text. */
export function flagKey(flag: ReviewFlag): string {
  return `${flag.section}|${flag.kind}|${flag.drug ?? ''}|${flag.bullet}`;
}

/** The bullet index a flag belongs to in the current notes, or null once the bullet was edited away. */
export function flaggedBulletIndex(flag: ReviewFlag, notes: ClinicalData): number | null {
  const match = bulletsOf(notes[flag.section]).find((bullet) => bullet.text === flag.bullet);
  return match ? match.index : null;
}

/**
 * A flag blocks 'Save and Submit' until the vet acknowledges it or edits the bullet (after which the
 * extractor's warning no longer describes what is written).
 */
export function isFlagOutstanding(
  flag: ReviewFlag,
  notes: ClinicalData,
  acknowledged: readonly string[],
): boolean {
  if (acknowledged.includes(flagKey(flag))) return false;
  return flaggedBulletIndex(flag, notes) !== null;
}

export function outstandingFlags(
  flags: readonly ReviewFlag[] | undefined,
  notes: ClinicalData,
  acknowledged: readonly string[] | undefined,
): ReviewFlag[] {
  return (flags ?? []).filter((flag) => isFlagOutstanding(flag, notes, acknowledged ?? []));
}

/** Flags still shown on bullets (acknowledged ones included, marked as such), keyed by section and bullet index. */
export function flagsByBullet(
  flags: readonly ReviewFlag[] | undefined,
  notes: ClinicalData,
): Map<string, ReviewFlag[]> {
  const map = new Map<string, ReviewFlag[]>();
  for (const flag of flags ?? []) {
    const index = flaggedBulletIndex(flag, notes);
    if (index === null) continue;
    const key = bulletKey(flag.section, index);
    map.set(key, [...(map.get(key) ?? []), flag]);
  }
  return map;
}

export function bulletKey(section: SoapSection, index: number): string {
  return `${section}:${index}`;
}

/** Human names for the flag kinds, shown before the extractor's message. */
export const FLAG_KIND_LABEL: Record<SafetyFlag['kind'], string> = {
  'unknown-drug': 'Unknown drug',
  'likely-misheard-drug': 'Possibly misheard drug',
  'contraindicated-for-species': 'Contraindicated',
  'dose-out-of-range': 'Dose out of range',
  'missing-withdrawal-period': 'Missing withdrawal period',
};

/**
 * The evidence of a displayed bullet: matched by text (edited bullets have no evidence any more), and by
 * section + position only when the text is identical, so a stale index never points at the wrong words.
 */
export function evidenceFor(
  evidence: readonly BulletEvidence[] | undefined,
  section: SoapSection,
  bulletText: string,
): BulletEvidence | undefined {
  return evidence?.find((item) => item.section === section && item.bullet.trim() === bulletText);
}
