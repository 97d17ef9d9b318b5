/**
 * Loads and validates the lexicon data files once, and compiles their term lists into matchers. The data
 * lives in JSON (lexicon/*.json) so that clinicians can extend vocabularies and the formulary without code.
 */
import { z } from 'zod';
import { SPECIES, type Species } from '../schemas/clinical';
import drugsJson from './lexicon/drugs.json' with { type: 'json' };
import vocabularyJson from './lexicon/vocabulary.json' with { type: 'json' };
import { afrikaansSpellings } from './spelling';
import { compileTerms } from './text';

export type SoapKey = 'S' | 'O' | 'A' | 'P';
export const SOAP_KEYS: readonly SoapKey[] = ['S', 'O', 'A', 'P'];

const doseRange = z.tuple([z.number().nonnegative(), z.number().nonnegative()]);

/** A registered label's withdrawal periods for some species (days; 'not-authorised': not for milk/egg producers). */
export const WithdrawalLabelSchema = z.object({
  product: z.string(),
  species: z.array(z.enum(SPECIES)).min(1),
  meatDays: z.number().nonnegative(),
  milkDays: z.union([z.number().nonnegative(), z.literal('not-authorised'), z.literal('unknown')]),
  eggsDays: z.union([z.number().nonnegative(), z.literal('not-authorised'), z.literal('unknown')]).optional(),
  source: z.string().min(1),
});
export type WithdrawalLabel = z.infer<typeof WithdrawalLabelSchema>;

const DrugSchema = z.object({
  name: z.string(),
  class: z.string(),
  aliases: z.array(z.string()),
  unit: z.string().default('mg/kg'),
  doses: z.partialRecord(z.enum(SPECIES), doseRange),
  contraindicated: z.partialRecord(z.enum(SPECIES), z.string()).optional(),
  foodAnimalWithdrawal: z.boolean().optional(),
  prohibitedInFoodAnimals: z.boolean().optional(),
  withdrawal: z
    .object({
      meatDays: z.number(),
      milkDays: z.number(),
      // Issue 20: registered label values with their source (shared/farm/withdrawal.ts reads them).
      eggsDays: z.union([z.number(), z.literal('unknown')]).optional(),
      labels: z.union([z.literal('unknown'), z.array(WithdrawalLabelSchema)]).optional(),
    })
    .optional(),
  topical: z.boolean().optional(),
  vaccine: z.boolean().optional(),
  doseUnitNote: z.string().optional(),
});
export type Drug = z.infer<typeof DrugSchema>;

const FormularySchema = z.object({
  about: z.string(),
  drugs: z.array(DrugSchema),
  humanOnlyHints: z.array(z.string()),
});

/** Cue terms by weight: '6' decisive (names the section), '3' strong, '2' ordinary, '1' weak. */
const weightedCues = z.record(z.enum(['6', '3', '2', '1']), z.array(z.string()));
const perSection = <T extends z.ZodType>(inner: T) => z.object({ S: inner, O: inner, A: inner, P: inner });

const VocabularySchema = z.object({
  about: z.string(),
  languageHints: z.object({ af: z.array(z.string()), en: z.array(z.string()) }),
  fillers: z.array(z.string()),
  discourseOpeners: z.array(z.string()),
  punctuatedOpeners: z.array(z.string()),
  hedges: z.array(z.string()),
  intentPhrases: z.array(z.string()),
  smallTalk: z.array(z.string()),
  recordingControl: z.array(z.string()),
  clientMarkers: z.array(z.string()),
  sectionHeaders: perSection(z.array(z.string())),
  cues: perSection(weightedCues),
  diseaseSuffixes: z.array(z.string()),
  futureFollowUp: z.array(z.string()),
  withdrawalTerms: z.array(z.string()),
  temporalCues: z.array(z.string()),
  addressee: z.object({ possessives: z.record(z.string(), z.string()), clauseStarts: z.array(z.string()) }),
  speciesWords: z.record(z.enum(SPECIES), z.array(z.string())),
  foodAnimalSpecies: z.array(z.enum(SPECIES)),
});
export type Vocabulary = z.infer<typeof VocabularySchema>;

export interface WeightedMatcher {
  weight: number;
  pattern: RegExp;
}

export interface Lexicon {
  drugs: Drug[];
  vocabulary: Vocabulary;
  /** Every drug name and alias, mapped to its formulary entry (lower case). */
  drugByName: Map<string, Drug>;
  drugNames: RegExp;
  fillers: RegExp;
  openers: RegExp;
  /** Openers that carry meaning ('no', 'yes'): stripped only when punctuation follows. */
  punctuatedOpeners: RegExp;
  hedges: RegExp;
  intentPhrases: RegExp;
  smallTalk: RegExp;
  recordingControl: RegExp;
  clientMarkers: RegExp;
  headers: Record<SoapKey, RegExp>;
  cues: Record<SoapKey, WeightedMatcher[]>;
  diseaseSuffix: RegExp;
  futureFollowUp: RegExp;
  withdrawal: RegExp;
  temporal: RegExp;
  addresseePossessive: RegExp;
  addresseeClauseStart: RegExp;
  afrikaansHints: Set<string>;
  englishHints: Set<string>;
  speciesWords: Array<{ species: Species; pattern: RegExp }>;
  foodAnimalSpecies: Set<Species>;
}

function buildLexicon(): Lexicon {
  const formulary = FormularySchema.parse(drugsJson);
  const vocabulary = VocabularySchema.parse(vocabularyJson);
  const drugByName = new Map<string, Drug>();
  for (const drug of formulary.drugs) {
    for (const name of [drug.name, ...drug.aliases]) {
      const key = name.toLowerCase();
      // First entry wins: the formulary lists the specific product before broader aliases.
      if (!drugByName.has(key)) drugByName.set(key, drug);
    }
  }
  // Then the Afrikaans spellings ('penisillien', 'gentamisien'), never displacing a name the formulary lists.
  for (const drug of formulary.drugs) {
    for (const name of [drug.name, ...drug.aliases]) {
      for (const spelling of afrikaansSpellings(name))
        if (!drugByName.has(spelling)) drugByName.set(spelling, drug);
    }
  }
  const cueMatchers = (section: SoapKey): WeightedMatcher[] =>
    (['6', '3', '2', '1'] as const).map((weight) => ({
      weight: Number(weight),
      pattern: compileTerms(vocabulary.cues[section][weight] ?? []),
    }));
  const suffixes = vocabulary.diseaseSuffixes.join('|');
  return {
    drugs: formulary.drugs,
    vocabulary,
    drugByName,
    drugNames: compileTerms([...drugByName.keys()]),
    fillers: compileTerms(vocabulary.fillers),
    openers: compileTerms(vocabulary.discourseOpeners),
    punctuatedOpeners: compileTerms(vocabulary.punctuatedOpeners),
    hedges: compileTerms(vocabulary.hedges),
    intentPhrases: compileTerms(vocabulary.intentPhrases),
    smallTalk: compileTerms(vocabulary.smallTalk),
    recordingControl: compileTerms(vocabulary.recordingControl),
    clientMarkers: compileTerms(vocabulary.clientMarkers),
    headers: {
      S: compileTerms(vocabulary.sectionHeaders.S),
      O: compileTerms(vocabulary.sectionHeaders.O),
      A: compileTerms(vocabulary.sectionHeaders.A),
      P: compileTerms(vocabulary.sectionHeaders.P),
    },
    cues: { S: cueMatchers('S'), O: cueMatchers('O'), A: cueMatchers('A'), P: cueMatchers('P') },
    // Disease-like words of five letters or more before the suffix: 'pancreatitis', 'pasteurellose'.
    // Anchored at a word start: unanchored, every letter of a long word started a scan to its end (quadratic).
    diseaseSuffix: new RegExp(`(?<![\\p{L}])\\p{L}{4,}(?:${suffixes})(?![\\p{L}])`, 'giu'),
    futureFollowUp: compileTerms(vocabulary.futureFollowUp),
    withdrawal: compileTerms(vocabulary.withdrawalTerms),
    temporal: compileTerms(vocabulary.temporalCues),
    addresseePossessive: compileTerms(Object.keys(vocabulary.addressee.possessives)),
    addresseeClauseStart: compileTerms(vocabulary.addressee.clauseStarts),
    afrikaansHints: new Set(vocabulary.languageHints.af),
    englishHints: new Set(vocabulary.languageHints.en),
    speciesWords: Object.entries(vocabulary.speciesWords).map(([species, terms]) => ({
      species: species as Species,
      pattern: compileTerms(terms),
    })),
    foodAnimalSpecies: new Set(vocabulary.foodAnimalSpecies),
  };
}

let cached: Lexicon | undefined;

/** The validated, compiled lexicon (built on first use). */
export function lexicon(): Lexicon {
  cached ??= buildLexicon();
  return cached;
}
