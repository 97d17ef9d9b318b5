import { z } from 'zod';

/**
 * Whisper's initial prompt steers spelling towards the words it contains. A South African vet says drug
 * names, species, breeds and units in English and Afrikaans alike, and the patient's and client's names
 * are the words a general model gets wrong most. Whisper reads at most ~224 prompt tokens and weighs the
 * end most, so the patient context goes last.
 */

/** The pre-consultation fields that help spelling; everything else in the form is ignored here. */
export const preConsultationHintsSchema = z
  .object({
    patientName: z.string().max(200).optional(),
    clientName: z.string().max(200).optional(),
    species: z.string().max(60).optional(),
    breed: z.string().max(120).optional(),
    consultationType: z.string().max(60).optional(),
  })
  .loose();

export type PreConsultationHints = z.infer<typeof preConsultationHintsSchema>;

/**
 * Terms only: no sentence about the consultation. Whisper writes what the prompt says where the audio
 * is unclear ('in English and Afrikaans' came out as "Afrikaans horse sickness" for "African horse
 * sickness"), so the prompt holds nothing but spellings, and prompt-leak.ts drops any of them the
 * audio does not support. Numbers appear as clinicians write them ('39.2', '15 mg/kg').
 */
const GENERAL_TERMS = [
  'meloxicam',
  'amoxicillin-clavulanate',
  'oxytetracycline',
  'flunixin',
  'butorphanol',
  'detomidine',
  'ivermectin',
  'calcium borogluconate',
  'dragtig',
  'koors',
  '39.2',
  '15 mg/kg',
  '5%',
];

const clean = (value: string | undefined): string | undefined => {
  const text = value
    ?.replace(/[\r\n\t]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text ? text.slice(0, 120) : undefined;
};

/** The prompt for one recording: vet vocabulary, then this patient's names (Whisper weighs the end most). */
export function buildVocabularyPrompt(hints: PreConsultationHints = {}): string {
  const context = [clean(hints.breed), clean(hints.patientName), clean(hints.clientName)].filter(
    (v): v is string => Boolean(v),
  );
  return `${[...GENERAL_TERMS, ...context].join(', ')}.`;
}

/** Parses the optional preConsultationData form field; malformed JSON is a client error. */
export function parsePreConsultation(raw: string | undefined): PreConsultationHints {
  if (raw === undefined || raw.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new SyntaxError('preConsultationData must be a JSON object');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new SyntaxError('preConsultationData must be a JSON object');
  }
  const parsed = preConsultationHintsSchema.safeParse(value);
  if (!parsed.success) throw new SyntaxError('preConsultationData has a field of the wrong type');
  return parsed.data;
}
