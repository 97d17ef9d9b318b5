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
 * Whisper copies the prompt's style as well as its words, so the prompt reads like a dictated note
 * (a comma-separated word list makes it write comma-separated words). Numbers appear as clinicians
 * write them, which nudges Whisper to '39.2' and '15 mg/kg'.
 */
const GENERAL_PROMPT = [
  'Veterinary consultation, in English and Afrikaans.',
  'Temperature 39.2, heart rate 120 beats per minute, weight 7.2 kg, about 5% dehydrated.',
  'Meloxicam 0.1 mg/kg, amoxicillin-clavulanate 15 mg/kg, oxytetracycline, flunixin 1.1 mg/kg, butorphanol, detomidine, ivermectin, calcium borogluconate 50 ml.',
  'Die koei is dragtig en die ooi het koors; ons gee vir die vers en die kalf elk 5 ml.',
].join(' ');

const clean = (value: string | undefined): string | undefined => {
  const text = value?.replace(/[\r\n\t]+/g, ' ').replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, 120) : undefined;
};

/** The prompt for one recording: bilingual vet vocabulary, then this patient's names (weighed most). */
export function buildVocabularyPrompt(hints: PreConsultationHints = {}): string {
  const patient = clean(hints.patientName);
  const client = clean(hints.clientName);
  const kind = [clean(hints.species), clean(hints.breed)].filter(Boolean).join(', ');
  const context: string[] = [];
  if (patient) context.push(`Patient: ${patient}${kind ? ` (${kind})` : ''}.`);
  else if (kind) context.push(`Patient: ${kind}.`);
  if (client) context.push(`Client: ${client}.`);
  return [GENERAL_PROMPT, ...context].join(' ');
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
