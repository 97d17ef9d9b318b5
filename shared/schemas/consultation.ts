/**
 * The consultation vocabulary without the schemas: the recorder (the PWA's start page, precached for
 * offline use) needs these lists and the Farm Mode rule but not zod (issue 19: zod and its schema
 * construction cost ~25 KB gzip and main-thread time on the first paint). clinical.ts builds its schemas on
 * them and re-exports them.
 */

/** Species options of the pre-consultation panel (spec §3), in display order. */
export const SPECIES = ['Cattle', 'Sheep', 'Goats', 'Horses', 'Pigs', 'Dogs', 'Cats', 'Other'] as const;
export type Species = (typeof SPECIES)[number];

/** Consultation types of the pre-consultation panel (spec §3), in display order. */
export const CONSULTATION_TYPES = [
  'Practice consultation',
  'Routine check',
  'Pregnancy diagnosis',
  'Sick animal',
  'Vaccination',
  'Farm Visit',
  'Herd Visit',
  'Emergency',
  'Follow-up',
] as const;
export type ConsultationType = (typeof CONSULTATION_TYPES)[number];

/**
 * Farm Mode (lower bitrate, farm segments) is on for a Farm Visit and for a Herd Visit (issue 20): a herd or
 * flock visit is one long farm recording that the notes split per animal.
 */
export function isFarmConsultation(type: string | undefined): boolean {
  return type === 'Farm Visit' || type === 'Herd Visit';
}

/** The four SOAP section keys, in note order. */
export const SOAP_SECTIONS = ['subjective', 'objective', 'assessment', 'plan'] as const;
export type SoapSection = (typeof SOAP_SECTIONS)[number];
