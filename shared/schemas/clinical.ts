import { z } from 'zod';
import { CONSULTATION_TYPES, SOAP_SECTIONS, SPECIES } from './consultation.js';

export {
  CONSULTATION_TYPES,
  isFarmConsultation,
  SOAP_SECTIONS,
  SPECIES,
  type ConsultationType,
  type SoapSection,
  type Species,
} from './consultation.js';

/**
 * Clinical notes as the product stores and shows them (spec §3). Every SOAP field is multi-line text with one
 * bullet per non-empty line. All fields are optional strings because notes are edited by hand and older
 * records may lack any of them.
 */
export const ClinicalDataSchema = z.object({
  consultationDate: z.string().optional(),
  consultationTime: z.string().optional(),
  recordingDuration: z.string().optional(),
  clientName: z.string().optional(),
  patientName: z.string().optional(),
  species: z.string().optional(),
  consultationType: z.string().optional(),
  subjective: z.string(),
  objective: z.string(),
  assessment: z.string(),
  plan: z.string(),
});
export type ClinicalData = z.infer<typeof ClinicalDataSchema>;

/** The older stored shape (spec §3 'Older format'); read-only, converted with toSoapFormat(). */
export const LegacyClinicalDataSchema = z.object({
  consultationDate: z.string().optional(),
  consultationTime: z.string().optional(),
  recordingDuration: z.string().optional(),
  clientName: z.string().optional(),
  patientName: z.string().optional(),
  species: z.string().optional(),
  consultationType: z.string().optional(),
  chiefComplaint: z.string().optional(),
  history: z.string().optional(),
  examination: z.string().optional(),
  diagnosis: z.string().optional(),
  treatment: z.string().optional(),
  notes: z.string().optional(),
});
export type LegacyClinicalData = z.infer<typeof LegacyClinicalDataSchema>;

/** Either shape, as found in recordings.soapNotes or a local recording. */
export const StoredClinicalDataSchema = z.union([
  ClinicalDataSchema,
  LegacyClinicalDataSchema,
  ClinicalDataSchema.partial().extend(LegacyClinicalDataSchema.shape),
]);
export type StoredClinicalData = Partial<ClinicalData> & LegacyClinicalData;

/**
 * One of the spec's options, accepting an empty select ('' → absent) and any letter case ('dogs' → 'Dogs'),
 * as older local recordings may hold either.
 */
function optionOf<const T extends readonly [string, ...string[]]>(options: T) {
  return z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    if (value.trim() === '') return undefined;
    return options.find((option) => option.toLowerCase() === value.trim().toLowerCase()) ?? value;
  }, z.enum(options).optional());
}

/** Pre-consultation data (spec §3). Every field is optional: the panel itself is optional. */
export const PreConsultationDataSchema = z.object({
  patientName: z.string().max(200).optional(),
  species: optionOf(SPECIES),
  breed: z.string().max(200).optional(),
  age: z.string().max(100).optional(),
  weight: z.string().max(100).optional(),
  clientName: z.string().max(200).optional(),
  clientPhone: z.string().max(50).optional(),
  clientEmail: z.string().max(320).optional(),
  consultationType: optionOf(CONSULTATION_TYPES),
  /** True exactly when consultationType is 'Farm Visit' (spec §3) or 'Herd Visit' (issue 20). */
  isFarmMode: z.boolean().optional(),
  /** Herd Visit: the group seen, as the farm calls it ('Kamp 3 ooie'). */
  groupName: z.string().max(200).optional(),
  /** Herd Visit: how many animals the group has (the count a group treatment defaults to). */
  animalCount: z.preprocess(
    (value) =>
      value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value,
    z.number().int().min(1).max(100_000).optional(),
  ),
});
export type PreConsultationData = z.infer<typeof PreConsultationDataSchema>;

/** Recording metadata sent at extraction (spec §3): DD/MM/YYYY, HH:MM, MM:SS. */
export const RecordingMetadataSchema = z.object({
  consultationDate: z.string().regex(/^\d{1,2}\/\d{1,2}\/\d{4}$/, 'consultationDate must be DD/MM/YYYY'),
  consultationTime: z.string().regex(/^\d{1,2}:\d{2}$/, 'consultationTime must be HH:MM'),
  recordingDuration: z.string().regex(/^\d{1,}:\d{2}$/, 'recordingDuration must be MM:SS'),
});
export type RecordingMetadata = z.infer<typeof RecordingMetadataSchema>;

/**
 * Optional timed segments of the transcript (e.g. from Whisper). Not part of the spec's request; when sent,
 * evidence spans also carry audio times. Seconds from the start of the recording.
 */
export const TranscriptSegmentSchema = z.object({
  start: z.number().nonnegative(),
  end: z.number().nonnegative(),
  text: z.string(),
});
export type TranscriptSegment = z.infer<typeof TranscriptSegmentSchema>;

/** Largest transcript POST /api/extract accepts (characters): about three hours of dictation. */
export const MAX_TRANSCRIPT_CHARS = 200_000;

/** More timed segments than three hours of Whisper output (about 2,500); bounds the work of placing them. */
export const MAX_TRANSCRIPT_SEGMENTS = 10_000;

export const ExtractRequestSchema = z.object({
  transcript: z.string().max(MAX_TRANSCRIPT_CHARS),
  preConsultationData: PreConsultationDataSchema.optional(),
  recordingMetadata: RecordingMetadataSchema.optional(),
  segments: z.array(TranscriptSegmentSchema).max(MAX_TRANSCRIPT_SEGMENTS).optional(),
});
export type ExtractRequest = z.infer<typeof ExtractRequestSchema>;

/** One stretch of the transcript a bullet rests on: character offsets [start, end) and audio seconds if known. */
export const EvidenceSpanSchema = z.object({
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  text: z.string(),
  audioStart: z.number().nonnegative().optional(),
  audioEnd: z.number().nonnegative().optional(),
});
export type EvidenceSpan = z.infer<typeof EvidenceSpanSchema>;

/** The support of one bullet: its section, its 0-based line index in that section, and its spans. */
export const BulletEvidenceSchema = z.object({
  section: z.enum(SOAP_SECTIONS),
  line: z.number().int().nonnegative(),
  bullet: z.string(),
  spans: z.array(EvidenceSpanSchema).min(1),
});
export type BulletEvidence = z.infer<typeof BulletEvidenceSchema>;

export const SAFETY_FLAG_KINDS = [
  'unknown-drug',
  'likely-misheard-drug',
  'contraindicated-for-species',
  'dose-out-of-range',
  'missing-withdrawal-period',
] as const;
export type SafetyFlagKind = (typeof SAFETY_FLAG_KINDS)[number];

/** A warning about a Plan bullet for the vet to review. The bullet itself is never changed. */
export const SafetyFlagSchema = z.object({
  kind: z.enum(SAFETY_FLAG_KINDS),
  severity: z.enum(['warning', 'danger']),
  message: z.string(),
  section: z.enum(SOAP_SECTIONS),
  line: z.number().int().nonnegative(),
  drug: z.string().optional(),
  suggestion: z.string().optional(),
});
export type SafetyFlag = z.infer<typeof SafetyFlagSchema>;

/**
 * Why an utterance is not in the notes. Only talk that is not about the animal may be left out: social chat,
 * greetings and acknowledgements, billing, scheduling and recording logistics; a question is left out
 * because its answer, not the question, carries the fact (a question must never read as a finding).
 */
export const LEFT_OUT_REASONS = ['small-talk', 'greeting', 'billing', 'scheduling', 'question'] as const;
export type LeftOutReason = (typeof LEFT_OUT_REASONS)[number];

/** One utterance the notes leave out, with its reason and where it was said, so that nothing is lost silently. */
export const LeftOutLineSchema = z.object({
  text: z.string(),
  reason: z.enum(LEFT_OUT_REASONS),
  /** The section the vet would most likely move it to, when the engine has a guess. */
  suggestedSection: z.enum(SOAP_SECTIONS).optional(),
  spans: z.array(EvidenceSpanSchema).min(1),
});
export type LeftOutLine = z.infer<typeof LeftOutLineSchema>;

export const ExtractResponseSchema = z.object({
  clinicalData: ClinicalDataSchema,
  evidence: z.array(BulletEvidenceSchema),
  safetyFlags: z.array(SafetyFlagSchema),
  /** Every utterance not in the notes ('Left out of the notes'); absent from engines that do not report it. */
  leftOut: z.array(LeftOutLineSchema).optional(),
  warnings: z.array(z.string()).optional(),
});
export type ExtractResponse = z.infer<typeof ExtractResponseSchema>;
