import { z } from 'zod';
import { PreConsultationDataSchema, StoredClinicalDataSchema } from './clinical.js';
import { withoutControlCharacters } from './control-characters.js';
import { recordingSchema, saveRecordingResponseSchema, uploadMetadataSchema } from './recordings.js';

/**
 * Herd and flock visits (issue 20 §1): one recording of many animals, split into a group entry and one entry
 * per animal. The single source of truth for the notes engine (shared/notes/herd.ts), the review screen and
 * the API (POST /api/herd-visits).
 */

/** Routes as the notes engine spells them (normaliseDoses' canonical forms plus farm routes). */
export const TREATMENT_ROUTES = [
  'SC',
  'IM',
  'IV',
  'PO',
  'pour-on',
  'intramammary',
  'topical',
  'intranasal',
] as const;
export type TreatmentRoute = (typeof TREATMENT_ROUTES)[number];

/** One treatment as spoken: 'all 120 ewes dosed with closantel 10 mg/kg PO, batch 4471'. */
export const HerdTreatmentSchema = z.object({
  /** The formulary's name when the product is known ('closantel'), else the spoken word. */
  product: z.string().trim().min(1).max(200),
  /** Amount and unit as spoken, canonical spelling: '10 mg/kg', '5 ml', '2 ml per 10 kg'. */
  dose: z.string().trim().max(100).optional(),
  route: z.enum(TREATMENT_ROUTES).optional(),
  /** How many animals it was given to: 1 for one animal, the spoken count for a group. */
  animalCount: z.number().int().min(1).max(100_000).optional(),
  batchNumber: z.string().trim().max(100).optional(),
  /** The sentence it was read from, so the vet can check it. */
  source: z.string().max(2_000).optional(),
});
export type HerdTreatment = z.infer<typeof HerdTreatmentSchema>;

/** SOAP text of one entry (bullet lines), as ClinicalData's four sections. */
export const HerdNotesSchema = z.object({
  subjective: z.string(),
  objective: z.string(),
  assessment: z.string(),
  plan: z.string(),
});
export type HerdNotes = z.infer<typeof HerdNotesSchema>;

/** A tag as the farm writes it: letters, digits and joiners, nothing else (searchable, comparable). */
export const earTagSchema = z
  .string()
  .trim()
  .max(40)
  .regex(/^[\p{L}\d][\p{L}\d ./-]*$/u, 'tag may hold letters, digits, spaces, dots, slashes and dashes')
  .or(z.literal(''));

export const HerdAnimalSchema = z.object({
  /** Stable within the visit (the review edits by it). */
  key: z.string().min(1).max(60),
  /** Ear tag or number as spoken ('231'); '' for an animal known only by name or kind ('die ram'). */
  tag: earTagSchema,
  /** The kind word as spoken, capitalised: 'Ewe', 'Koei', 'Ram'. */
  kind: z.string().trim().max(40).optional(),
  /** A name when the animal has one instead of, or beside, a tag ('Bella'). */
  name: z.string().trim().max(100).optional(),
  notes: HerdNotesSchema,
  treatments: z.array(HerdTreatmentSchema).max(50),
});
export type HerdAnimal = z.infer<typeof HerdAnimalSchema>;

export const HerdGroupSchema = z.object({
  notes: HerdNotesSchema,
  treatments: z.array(HerdTreatmentSchema).max(50),
});
export type HerdGroup = z.infer<typeof HerdGroupSchema>;

export const MAX_HERD_ANIMALS = 500;

export const HerdVisitNotesSchema = z.object({
  groupName: z.string().trim().max(200).optional(),
  /** The group's size from the pre-consultation panel. */
  animalCount: z.number().int().min(1).max(100_000).optional(),
  group: HerdGroupSchema,
  animals: z.array(HerdAnimalSchema).max(MAX_HERD_ANIMALS),
});
export type HerdVisitNotes = z.infer<typeof HerdVisitNotesSchema>;

/** How an animal reads on a card and in History: 'Ewe 231', 'Koei 73', 'Ram', 'Bella (Cow 12)'. */
export function animalLabel(animal: Pick<HerdAnimal, 'tag' | 'kind' | 'name'>): string {
  const base = [animal.kind, animal.tag].filter((part) => part && part.trim() !== '').join(' ');
  if (animal.name) return base ? `${animal.name} (${base})` : animal.name;
  return base || 'Unnamed animal';
}

/** The comparable form of a tag: 'A-12' and 'a 12' are the same tag; leading zeros are kept ('007' ≠ '7'). */
export function tagKey(tag: string): string {
  return tag
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\s./-]+/gu, '');
}

export const herdMessages = {
  notFound: 'Herd visit not found',
  tagRequired: 'tag is required',
  farmRequired: 'farm is required',
} as const;

/** GET /api/herd-visits/animal-history: one animal across visits at one farm (client name). */
export const animalHistoryQuerySchema = z.object({
  farm: z
    .string({ error: herdMessages.farmRequired })
    .trim()
    .min(1, herdMessages.farmRequired)
    .max(200)
    .refine(...withoutControlCharacters('farm')),
  tag: z
    .string({ error: herdMessages.tagRequired })
    .trim()
    .min(1, herdMessages.tagRequired)
    .max(40)
    .refine(...withoutControlCharacters('tag')),
});

// ---- API (POST /api/herd-visits, GET /api/herd-visits/{id}, GET /api/herd-visits/animal-history) ----------

/**
 * The `metadata` field of POST /api/herd-visits: the visit's save fields (as /api/recordings/save-upload;
 * its soapNotes are the group note) plus the reviewed split.
 */
export const saveHerdVisitMetadataSchema = uploadMetadataSchema.extend({ herd: HerdVisitNotesSchema });
export type SaveHerdVisitMetadata = z.infer<typeof saveHerdVisitMetadataSchema>;

/** One animal's record of a visit, as the review, History and the animal's history show it. */
export const herdAnimalRecordSchema = z.object({
  id: z.string(),
  /** The visit's record. */
  parentRecordingId: z.string(),
  /** The animal's key within its visit (HerdAnimal.key). */
  key: z.string(),
  patientName: z.string(),
  animalTag: z.string().nullable(),
  kind: z.string().nullable(),
  species: z.string().nullable(),
  clientName: z.string().nullable(),
  recordedAt: z.string(),
  notesVersion: z.number().int(),
  soapNotes: StoredClinicalDataSchema.nullable(),
  treatments: z.array(HerdTreatmentSchema),
});
export type HerdAnimalRecord = z.infer<typeof herdAnimalRecordSchema>;

export const saveHerdVisitResponseSchema = z.object({
  success: z.literal(true),
  visit: saveRecordingResponseSchema.shape.recording,
  animals: z.array(herdAnimalRecordSchema),
});
export type SaveHerdVisitResponse = z.infer<typeof saveHerdVisitResponseSchema>;

export const herdVisitResponseSchema = z.object({
  visit: recordingSchema,
  groupName: z.string().nullable(),
  animalCount: z.number().int().nullable(),
  groupTreatments: z.array(HerdTreatmentSchema),
  animals: z.array(herdAnimalRecordSchema),
});
export type HerdVisitResponse = z.infer<typeof herdVisitResponseSchema>;

export const animalHistoryResponseSchema = z.object({ records: z.array(herdAnimalRecordSchema) });
export type AnimalHistoryResponse = z.infer<typeof animalHistoryResponseSchema>;

/** Longest transcript POST /api/herd-visits/split takes: about an hour and a half of dictation. */
export const MAX_HERD_TRANSCRIPT_CHARS = 100_000;

/** POST /api/herd-visits/split: the visit's transcript split into group and animals, for the review. */
export const splitHerdVisitRequestSchema = z.object({
  transcript: z.string().max(MAX_HERD_TRANSCRIPT_CHARS),
  preConsultationData: PreConsultationDataSchema.optional(),
});
export const splitHerdVisitResponseSchema = z.object({ herd: HerdVisitNotesSchema });
