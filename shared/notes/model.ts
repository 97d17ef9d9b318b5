/**
 * The learned part of the extractor: a multinomial naive Bayes model over words, word pairs and lexicon
 * features that scores, for one utterance, the four SOAP sections and 'L' (left out: social chat, billing,
 * logistics). Weights are a JSON data file (model/weights.json) written by `npm run train:notes` from ACI-Bench
 * train (dialogue turns aligned to reference-note sections), the dev vet scripts and a bilingual labelled set.
 *
 * Training also learns where in a consultation each section's sentences fall (history first, the plan last): a
 * prior per fifth of the recording that the classifier adds to the section scores of long transcripts.
 *
 * Naive Bayes because it trains in one pass, needs no dependency, runs in the browser, and its log-likelihoods
 * add up with the lexicon's cue scores. Every feature is computed in one linear scan of the utterance.
 */
import { SOAP_KEYS, lexicon, type SoapKey } from './lexicon';
import leftOutJson from './lexicon/leftout.json' with { type: 'json' };
import { extractVitals, type Language } from './normalise';
import { aboutAnotherAnimal } from './patient';
import {
  DIAGNOSIS_STATEMENT,
  OWNER_WORRY,
  ownersOwnHealthAt,
  PROGNOSIS,
  toldHistory,
  treatedBefore,
} from './phrases';
import type { Speaker } from './split';
import { compileTerms, findTerms, hasTerm, words } from './text';

export type ModelClass = SoapKey | 'L';
export const MODEL_CLASSES: readonly ModelClass[] = ['S', 'O', 'A', 'P', 'L'];

export interface NotesModel {
  version: 1;
  about: string;
  classes: ModelClass[];
  /** Log prior of each class. */
  priors: number[];
  /** Log likelihood of each feature per class (Laplace-smoothed). */
  features: Record<string, number[]>;
  /** Log likelihood of a feature never seen in training, per class. */
  unseen: number[];
  /**
   * Per fifth of the consultation, log P(section | fifth) / P(section) for S, O, A, P: where a section's sentences
   * fall, without how common the section is (the sum of the features already knows that).
   */
  positionLogOdds?: number[][];
  trainedOn: Record<string, number>;
}

export interface FeatureContext {
  speaker: Speaker;
  language: Language;
  /** Where the utterance starts in the consultation, 0 (first word) to 1 (last); unknown for loose sentences. */
  position?: number;
}

/** Consultations run history → exam → judgement → plan: which fifth of the recording an utterance is in. */
const POSITION_BINS = 5;
/**
 * The position feature does not enter the naive Bayes sum: chat and greetings sit at both ends of a consultation,
 * so it would push the first and last sentences out of the notes. It trains a section prior per fifth instead.
 */
const POSITION_FEATURE = '#pos:';

export function positionBin(position: number): number {
  return Math.max(0, Math.min(POSITION_BINS - 1, Math.floor(position * POSITION_BINS)));
}

const NUMBER_WITH_UNIT =
  /\d\s*(?:%|kg|g\b|gram|mg|ml|l\b|liter|litre|mm|cm|bpm|°|degrees|grade|min|minutes|sec|seconds|sekondes|hours|ure|uur|days|dae|weeks|weke)/iu;
const DOSE = /\d\s*(?:mg\/kg|mg|ml|iu|µg\/kg|units|eenhede|milligram|millilit|cc|tablets?|tablette?)\b/iu;
const CONDITIONAL =
  /(?<![\p{L}])(?:if|unless|in case|should (?:he|she|it|they)|indien|tensy|as (?:hy|sy|dit|hulle|die))(?![\p{L}])/iu;
const FUTURE =
  /(?<![\p{L}])(?:will|we'll|i'll|going to|gonna|tomorrow|next week|sal|gaan|môre|more|volgende week|recheck|come back|kom terug)(?![\p{L}])/iu;
const HEDGE =
  /(?<![\p{L}])(?:think|suspect|probably|likely|possibly|maybe|might|could be|vermoed|dink|waarskynlik|moontlik|dalk)(?![\p{L}])/iu;
const IMPERATIVE_START =
  /^(?:give|keep|bring|start|stop|continue|feed|call|phone|watch|monitor|apply|clean|repeat|avoid|gee|hou|bring|begin|staak|voer|bel|dop|herhaal|vermy)\b/iu;

const NO_KINDS: ReadonlySet<string> = new Set();

const STOP_WORDS = new Set(
  (
    'the and for with that this was were has have had are not but his her she him they them their from into ' +
    'will would can could should about also then than there here when what which who how been being very ' +
    "you your i'm it's that's he's she's we're they're i've i'll we'll don't didn't just yeah okay right well " +
    'die het nie van vir met wat sal kan ook maar dan was hulle ons jou julle hier daar baie net nog een twee ' +
    "hom haar dit dis sy's hy's ek is 'n my jy u hê"
  ).split(' '),
);

/** Naive Bayes is overconfident (its features are not independent); its log odds are scaled down by this. */
const TEMPERATURE = 0.5;

interface LeftOutTerms {
  greeting: RegExp;
  billing: RegExp;
  /** Logistics, moving on to the exam included. */
  scheduling: RegExp;
  /** Moving on to the exam ('let's have a look'): the part of scheduling that clinical words keep in the notes. */
  examTransition: RegExp;
  social: RegExp;
}
let leftOutTerms: LeftOutTerms | undefined;

/** The left-out term lists (lexicon/leftout.json), compiled once. */
export function leftOutLexicon(): LeftOutTerms {
  leftOutTerms ??= {
    greeting: compileTerms(leftOutJson.greeting),
    billing: compileTerms(leftOutJson.billing),
    scheduling: compileTerms([...leftOutJson.scheduling, ...leftOutJson.examTransition]),
    examTransition: compileTerms(leftOutJson.examTransition),
    social: compileTerms(leftOutJson.social),
  };
  return leftOutTerms;
}

/** Feature strings of one utterance: words, adjacent word pairs, and lexicon/shape features ('#…'). */
export function utteranceFeatures(
  text: string,
  context: FeatureContext,
  /** The lexicon scan of this sentence when the caller already has it (it is the costly part). */
  known?: { fired: string[]; drugs: number; vitals: number },
): string[] {
  const lex = lexicon();
  // Content words only: function words ('die', 'het', 'the') say which language, not which section, and the
  // two languages are unevenly spread over the training sources.
  const tokens = words(text)
    .filter((w) => /\d/u.test(w) || (w.length >= 3 && !STOP_WORDS.has(w)))
    .map((w) => (/\d/u.test(w) ? '<num>' : w));
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    out.push(token);
    if (i > 0) out.push(`${tokens[i - 1] ?? ''}_${token}`);
  }
  out.push(`#speaker:${context.speaker}`);
  if (context.position !== undefined) out.push(`${POSITION_FEATURE}${positionBin(context.position)}`);
  out.push(`#len:${tokens.length < 4 ? 'xs' : tokens.length < 9 ? 's' : tokens.length < 20 ? 'm' : 'l'}`);
  if (/\?\s*$/u.test(text)) out.push('#question');
  if (NUMBER_WITH_UNIT.test(text)) out.push('#num-unit');
  if (DOSE.test(text)) out.push('#dose', '#dose');
  if (CONDITIONAL.test(text)) out.push('#conditional');
  if (FUTURE.test(text)) out.push('#future');
  if (HEDGE.test(text)) out.push('#hedge');
  if (IMPERATIVE_START.test(text.trimStart())) out.push('#imperative');
  if (PROGNOSIS.test(text)) out.push('#prognosis');
  if (DIAGNOSIS_STATEMENT.test(text)) out.push('#diagnosis');
  if (treatedBefore(text)) out.push('#treated-before');
  if (toldHistory(text)) out.push('#told-history');
  if (OWNER_WORRY.test(text)) out.push('#owner-worry');
  // Whom the sentence is about, when it is not the patient: another animal ('the neighbour's horse…', 'die
  // bobbejane…'; no patient kind is known to a sentence alone), or a person's own health.
  if (aboutAnotherAnimal(text, NO_KINDS)) out.push('#other-animal');
  if (ownersOwnHealthAt(text) >= 0) out.push('#own-health');
  const drugs = known ? known.drugs : findTerms(lex.drugNames, text).length;
  if (drugs > 0) out.push('#drug', '#drug');
  const vitals = known ? known.vitals : extractVitals(text, context.language).length;
  if (vitals > 0) out.push('#vital', '#vital');
  if (known) for (const cue of known.fired) out.push(`#cue:${cue}`);
  else {
    for (const section of SOAP_KEYS) {
      for (const { weight, pattern } of lex.cues[section]) {
        if (weight >= 2 && hasTerm(pattern, text)) out.push(`#cue:${section}${weight}`);
      }
    }
  }
  const left = leftOutLexicon();
  if (hasTerm(lex.smallTalk, text)) out.push('#smalltalk');
  for (const kind of ['greeting', 'billing', 'scheduling', 'social'] as const) {
    if (hasTerm(left[kind], text)) out.push(`#left:${kind}`);
  }
  return out;
}

/** The trained log odds of each section at a position in the consultation (0 where the model has none). */
export function positionOdds(model: NotesModel, position: number): Record<SoapKey, number> {
  const row = model.positionLogOdds?.[positionBin(position)];
  return { S: row?.[0] ?? 0, O: row?.[1] ?? 0, A: row?.[2] ?? 0, P: row?.[3] ?? 0 };
}

/** Class probabilities of one utterance (softmax of the naive Bayes log posteriors). */
export function predictClasses(model: NotesModel, features: string[]): Record<ModelClass, number> {
  const scores = [...model.priors];
  for (const feature of features) {
    const likelihood = model.features[feature];
    // Unknown words carry no evidence either way: skipping them keeps long utterances from drifting to the
    // class with the most training text.
    if (!likelihood) continue;
    for (let c = 0; c < scores.length; c++) scores[c] = (scores[c] ?? 0) + (likelihood[c] ?? 0);
  }
  for (let c = 0; c < scores.length; c++) scores[c] = (scores[c] ?? 0) * TEMPERATURE;
  const max = Math.max(...scores);
  const exps = scores.map((s) => Math.exp(s - max));
  const total = exps.reduce((a, b) => a + b, 0);
  const out = { S: 0, O: 0, A: 0, P: 0, L: 0 } as Record<ModelClass, number>;
  model.classes.forEach((cls, c) => (out[cls] = (exps[c] ?? 0) / total));
  return out;
}

/** Log lift of each section per position bin, from smoothed counts [bin][section]. */
function positionLift(counts: number[][]): number[][] {
  const all = counts.flat().reduce((a, b) => a + b, 0);
  const sectionTotals = SOAP_KEYS.map((_, s) => counts.reduce((n, row) => n + (row[s] ?? 0), 0));
  return counts.map((row) => {
    const inBin = row.reduce((a, b) => a + b, 0);
    return row.map((n, s) => Math.round(1000 * Math.log(n / inBin / ((sectionTotals[s] ?? 1) / all))) / 1000);
  });
}

export interface LabelledExample {
  features: string[];
  label: ModelClass;
}

/** Trains the model (multinomial naive Bayes, Laplace smoothing); features seen fewer than minCount times are dropped. */
export function trainModel(
  examples: LabelledExample[],
  trainedOn: Record<string, number>,
  minCount = 2,
): NotesModel {
  const classes = [...MODEL_CLASSES];
  const classIndex = new Map(classes.map((c, i) => [c, i]));
  const docCounts = classes.map(() => 0);
  const featureTotals = new Map<string, number>();
  for (const ex of examples)
    for (const f of ex.features) featureTotals.set(f, (featureTotals.get(f) ?? 0) + 1);
  const counts = new Map<string, number[]>();
  const classTotals = classes.map(() => 0);
  const positionCounts = Array.from({ length: POSITION_BINS }, () => SOAP_KEYS.map(() => 1));
  for (const ex of examples) {
    const c = classIndex.get(ex.label) ?? 0;
    docCounts[c] = (docCounts[c] ?? 0) + 1;
    for (const f of ex.features) {
      if (f.startsWith(POSITION_FEATURE)) {
        const section = SOAP_KEYS.indexOf(ex.label as SoapKey);
        const row = positionCounts[Number(f.slice(POSITION_FEATURE.length))];
        if (row && section >= 0) row[section] = (row[section] ?? 0) + 1;
        continue;
      }
      if ((featureTotals.get(f) ?? 0) < minCount) continue;
      let row = counts.get(f);
      if (!row) counts.set(f, (row = classes.map(() => 0)));
      row[c] = (row[c] ?? 0) + 1;
      classTotals[c] = (classTotals[c] ?? 0) + 1;
    }
  }
  const vocabulary = counts.size;
  const alpha = 0.5;
  const round = (x: number) => Math.round(x * 1000) / 1000;
  const features: Record<string, number[]> = {};
  for (const [f, row] of [...counts].sort(([a], [b]) => a.localeCompare(b))) {
    features[f] = row.map((n, c) =>
      round(Math.log((n + alpha) / ((classTotals[c] ?? 0) + alpha * vocabulary))),
    );
  }
  const totalDocs = examples.length;
  return {
    version: 1,
    about:
      'Multinomial naive Bayes over utterance features (shared/notes/model.ts), classes S/O/A/P and L (left out). Written by npm run train:notes; do not edit by hand.',
    classes,
    // Flattened priors: the training mix of classes is not the mix of a vet consultation.
    priors: docCounts.map((n) => round(0.5 * Math.log((n + 1) / (totalDocs + classes.length)))),
    features,
    unseen: classTotals.map((t) => round(Math.log(alpha / (t + alpha * vocabulary)))),
    positionLogOdds: positionLift(positionCounts),
    trainedOn,
  };
}
