import { z } from 'zod';
import drugsJson from '#shared/notes/lexicon/drugs.json' with { type: 'json' };

/**
 * Whisper's initial prompt steers spelling towards the words it contains: drug names, breeds, farm and
 * patient and client names are the words a general model gets wrong most.
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
 * audio does not support.
 *
 * Three sources, in the order Whisper weighs them least to most (it reads the prompt's last tokens
 * first when cutting, and they steer the decoder most): the formulary's drugs by how often SA practices
 * use them, the practice's own vocabulary from Settings (its drugs, farm names, breeds), then this
 * consultation's breed, patient and client. The whole fits Whisper's 224-token prompt window.
 */

/**
 * Formulary names (shared/notes/lexicon/drugs.json) by how often they are given in South African mixed
 * practice, most first: the everyday NSAIDs, antibiotics, sedation and anaesthesia drugs, parasite
 * control and the tick-borne-disease drugs (imidocarb, diminazene) of a SA practice, then the rest.
 * Drugs the formulary has that are not listed here follow in its own order; names not in the formulary
 * are not used (a test checks the list against it).
 */
export const FORMULARY_BY_USE = [
  'meloxicam',
  'amoxicillin-clavulanate',
  'oxytetracycline',
  'enrofloxacin',
  'dexamethasone',
  'ivermectin',
  'carprofen',
  'maropitant',
  'buprenorphine',
  'medetomidine',
  'ketamine',
  'propofol',
  'acepromazine',
  'xylazine',
  'penicillin',
  'cefovecin',
  'butorphanol',
  'prednisolone',
  'imidocarb',
  'diminazene',
  'doxycycline',
  'metronidazole',
  'cefalexin',
  'tramadol',
  'methadone',
  'flunixin meglumine',
  'tylosin',
  'afoxolaner',
  'fluralaner',
  'praziquantel',
  'closantel',
  'levamisole',
  'albendazole',
  'calcium borogluconate',
  'oxytocin',
  'furosemide',
  'lidocaine',
  'atipamezole',
  'diazepam',
  'midazolam',
  'alfaxalone',
  'dexmedetomidine',
  'detomidine',
  'tulathromycin',
  'florfenicol',
  'doramectin',
  'moxidectin',
  'fipronil',
  'selamectin',
  'ketoprofen',
  'gabapentin',
  'pimobendan',
  'omeprazole',
  'ondansetron',
  'metoclopramide',
  'robenacoxib',
  'firocoxib',
  'phenylbutazone',
  'ceftiofur',
  'marbofloxacin',
  'toltrazuril',
  'oclacitinib',
  'amoxicillin',
  'ampicillin',
  'clindamycin',
] as const;

/** Whisper's prompt window: 448 text positions, half of them for the prompt, less the start token. */
export const WHISPER_PROMPT_TOKENS = 223;

/**
 * Numbers and units as clinicians write them, digits only, placed just before the consultation's names,
 * near the prompt's end that Whisper weighs most: steers Whisper to '9 weeks', '5 out of 9', '120' rather than words or '39,2'. Measured on dev-03
 * (number recall through the peer / whisper.cpp): three of them at the prompt's start 0.64 / 0.55; seven
 * at the start 0.82 / 0.55; the same seven last 1.00 / 0.91, or before the names 0.91 / 0.91. prompt-leak.ts treats letters as leakable
 * content, so the unit words here are short and generic.
 */
export const NUMBER_STYLE = ['39.2', '120 bpm', '7.2 kg', '5%', '15 mg/kg', '9 weeks', '3 of 5'];

/**
 * An upper bound on Whisper's (GPT-2 byte-pair) tokens for a prompt: every two letters or digits of a
 * word at most one token, every other character one. Rare words (drug names) split into pieces of two
 * to four letters, so the real count is lower (measured on the formulary: 611 real, this bound ~750);
 * a prompt within the bound is never cut at its start, where the formulary sits.
 */
export function promptTokenBound(text: string): number {
  let tokens = 0;
  for (const run of text.match(/[\p{L}\p{N}]+|[^\p{L}\p{N}\s]/gu) ?? []) {
    tokens += /[\p{L}\p{N}]/u.test(run) ? Math.ceil(run.length / 2) : 1;
  }
  return tokens;
}

const clean = (value: string | null | undefined, max = 120): string | undefined => {
  const text = value
    ?.replace(/[\r\n\t]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text ? text.slice(0, max) : undefined;
};

/** A practice vocabulary as saved in Settings: terms separated by new lines, commas or semicolons. */
export function parsePracticeVocabulary(text: string | null | undefined): string[] {
  const seen = new Set<string>();
  const terms: string[] = [];
  for (const raw of (text ?? '').split(/[\n,;]+/)) {
    const term = clean(raw, 60);
    if (term && !seen.has(term.toLowerCase())) {
      seen.add(term.toLowerCase());
      terms.push(term);
    }
  }
  return terms;
}

let formularyOrder: string[] | undefined;

/** Every formulary drug, most used first. */
export function formularyByUse(): string[] {
  if (!formularyOrder) {
    const names: string[] = drugsJson.drugs.map((drug) => drug.name);
    const ranked: string[] = FORMULARY_BY_USE.filter((name) => names.includes(name));
    // Vaccines and topicals are not spoken as product names in a consultation; leave them out.
    const rest = drugsJson.drugs
      .filter((drug) => !ranked.includes(drug.name) && !/vaccine|topical|antiseptic/i.test(drug.class ?? ''))
      .map((drug) => drug.name);
    formularyOrder = [...ranked, ...rest];
  }
  return formularyOrder;
}

/**
 * The prompt for one recording. The consultation's names always fit (each cut to 120 characters); the
 * practice vocabulary takes what room is left in its own order, then the number style, then the
 * formulary by use; all of it within WHISPER_PROMPT_TOKENS by promptTokenBound. Written out as formulary,
 * practice vocabulary, number style, names: the end steers the decoder most (the number style just
 * before the end is what makes Whisper write '9 weeks', not 'nine weeks').
 *
 * `opening`: the prompt for the recording's first spoken piece, written names first and the formulary
 * last. Whisper reads the prompt as the text just before the audio, so a recording that opens with what
 * the prompt ends with ("this is for Biscuit, Lerato Mokoena's rabbit" after "…, Biscuit, Lerato
 * Mokoena.") is taken as already written and its opening skipped: measured on the English dev
 * recordings cut to start 0, 0.5 and 1.2 s in, 5 of 15 openings were lost with the names last and none
 * with them first. Drug names are the least likely opening words.
 */
export function buildVocabularyPrompt(
  hints: PreConsultationHints = {},
  practiceVocabulary: string | null = null,
  { opening = false }: { opening?: boolean } = {},
): string {
  const names = [clean(hints.breed), clean(hints.patientName), clean(hints.clientName)].filter(
    (v): v is string => Boolean(v),
  );
  // ', ' between terms and the final '.' cost a token each.
  let budget = WHISPER_PROMPT_TOKENS - 1;
  const take = (terms: readonly string[]): string[] => {
    const taken: string[] = [];
    for (const term of terms) {
      const cost = promptTokenBound(term) + 1;
      if (cost > budget) continue;
      budget -= cost;
      taken.push(term);
    }
    return taken;
  };
  const context = take(names);
  const own = take(parsePracticeVocabulary(practiceVocabulary));
  const ownKeys = new Set(own.map((term) => term.toLowerCase()));
  const style = take(NUMBER_STYLE);
  const formulary = take(formularyByUse().filter((name) => !ownKeys.has(name)));
  const parts = opening
    ? [...context, ...own, ...style, ...formulary]
    : [...formulary, ...own, ...style, ...context];
  return `${parts.join(', ')}.`;
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
