/**
 * Where sentences end in speech-engine text that has no punctuation: a logistic-regression model over the
 * words on either side of each gap between two words, learned from punctuated dialogue (ACI-Bench train, the
 * dev vet scripts and the bilingual labelled sentences: `npm run train:notes`) by removing the punctuation and
 * asking where it was. Weights are a data file (model/boundaries.json); features are computed in one pass.
 *
 * Logistic regression rather than naive Bayes because the features overlap heavily (a word, and the pair it is
 * part of), which naive Bayes counts twice and a discriminative model does not.
 */

export interface BoundaryModel {
  version: 1;
  about: string;
  bias: number;
  weights: Record<string, number>;
  trainedOn: Record<string, number>;
}

/** One word of a run: its lower-case form without punctuation, and where it sits in the text. */
export interface GapWord {
  word: string;
  start: number;
  end: number;
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’.\-/%]*/gu;

/** The words of a text with their offsets, lower case, trailing punctuation dropped (one linear scan). */
export function gapWords(text: string): GapWord[] {
  const out: GapWord[] = [];
  for (const match of text.matchAll(WORD)) {
    const raw = match[0].replace(/(?<![.\-/])[.\-/]+$/u, '');
    out.push({ word: raw.toLowerCase(), start: match.index, end: match.index + raw.length });
  }
  return out;
}

const shape = (word: string | undefined): string =>
  word === undefined ? '<edge>' : /^\d/u.test(word) ? '<num>' : word;

/** Features of the gap before words[i] (i ≥ 1). */
export function gapFeatures(words: readonly string[], i: number): string[] {
  const p2 = shape(words[i - 2]);
  const p = shape(words[i - 1]);
  const n = shape(words[i]);
  const n2 = shape(words[i + 1]);
  return [`p=${p}`, `n=${n}`, `pp=${p2}|${p}`, `nn=${n}|${n2}`, `pn=${p}|${n}`];
}

/** Probability that a sentence ends in the gap before words[i]. */
export function boundaryProbability(model: BoundaryModel, words: readonly string[], i: number): number {
  return probabilityOf(model, gapFeatures(words, i));
}

/** Probability of a boundary given a gap's features. */
export function probabilityOf(model: BoundaryModel, features: readonly string[]): number {
  let z = model.bias;
  for (const feature of features) z += model.weights[feature] ?? 0;
  return 1 / (1 + Math.exp(-z));
}

export interface BoundaryExample {
  features: string[];
  boundary: boolean;
}

/**
 * The gaps of one punctuated text as training examples: a gap is a boundary when the word before it ended a
 * sentence ('.', '?', '!'; a decimal point does not). The text is then seen as a speech engine would give it.
 */
export function boundaryExamples(punctuated: string): BoundaryExample[] {
  // Tokenised corpora write 'brian . how are you ?': the mark belongs to the word before it.
  const tokens = punctuated
    .replace(/\s+(?=[.?!,;:](?:\s|$))/gu, '')
    .split(/\s+/u)
    .filter((t) => /[\p{L}\p{N}]/u.test(t));
  const words = tokens.map((t) => gapWords(t)[0]?.word ?? '');
  const out: BoundaryExample[] = [];
  for (let i = 1; i < tokens.length; i++) {
    out.push({ features: gapFeatures(words, i), boundary: /[.?!]["')\]]*$/u.test(tokens[i - 1] ?? '') });
  }
  return out;
}

/**
 * Trains the model by stochastic gradient descent on the log loss with L2 shrinkage, in a fixed order
 * (deterministic: the same examples give the same file). Features seen fewer than minCount times are dropped.
 */
export function trainBoundaryModel(
  examples: readonly BoundaryExample[],
  trainedOn: Record<string, number>,
  { epochs = 6, rate = 0.2, l2 = 1e-5, minCount = 3 } = {},
): BoundaryModel {
  const counts = new Map<string, number>();
  for (const ex of examples) for (const f of ex.features) counts.set(f, (counts.get(f) ?? 0) + 1);
  const weights = new Map<string, number>();
  let bias = 0;
  for (let epoch = 0; epoch < epochs; epoch++) {
    const step = rate / (1 + epoch);
    for (const ex of examples) {
      const kept = ex.features.filter((f) => (counts.get(f) ?? 0) >= minCount);
      let z = bias;
      for (const f of kept) z += weights.get(f) ?? 0;
      const error = (ex.boundary ? 1 : 0) - 1 / (1 + Math.exp(-z));
      bias += step * error;
      for (const f of kept) {
        const w = weights.get(f) ?? 0;
        weights.set(f, w + step * (error - l2 * w));
      }
    }
  }
  const rounded: Record<string, number> = {};
  for (const [f, w] of [...weights].sort(([a], [b]) => a.localeCompare(b))) {
    const r = Math.round(w * 100) / 100;
    if (Math.abs(r) >= 0.05) rounded[f] = r;
  }
  return {
    version: 1,
    about:
      'Logistic regression over the words around each gap (shared/notes/boundaries.ts): does a sentence end here? Written by npm run train:notes; do not edit by hand.',
    bias: Math.round(bias * 1000) / 1000,
    weights: rounded,
    trainedOn,
  };
}
