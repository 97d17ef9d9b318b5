/**
 * npm run train:notes — retrains the notes model (shared/notes/model/weights.json) from ACI-Bench train
 * (distant supervision), the dev vet scripts and the bilingual labelled set. ACI-Bench valid and the blind
 * scripts are never trained on. Deterministic: the same data gives the same file.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  boundaryExamples,
  probabilityOf,
  trainBoundaryModel,
  type BoundaryModel,
} from '#shared/notes/boundaries';
import { MODEL_CLASSES, trainModel, type LabelledExample } from '#shared/notes/model';
import {
  aciExamples,
  aciRun,
  bilingualExamples,
  punctuatedTexts,
  isPunctuated,
  readAci,
  scriptExamples,
  type Encounter,
} from './notes-training-data';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const devRoot = path.resolve(repoRoot, '../shared/eval/dev');

/** The three training sources; the vet sources are repeated so that 67 human-medicine encounters do not drown them. */
export function trainingExamples(aciTrain = readAci(path.join(devRoot, 'aci-bench/train.csv'))): {
  examples: LabelledExample[];
  counts: Record<string, number>;
} {
  const aci = aciTrain.flatMap(aciExamples);
  const dev = scriptExamples(path.join(devRoot, 'scripts'));
  const bilingual = bilingualExamples(path.join(repoRoot, 'tests/fixtures/notes/train'));
  const VET_WEIGHT = 3;
  const examples = [...aci];
  for (let i = 0; i < VET_WEIGHT; i++) examples.push(...dev, ...bilingual);
  return { examples, counts: { aciTrain: aci.length, devScripts: dev.length, bilingual: bilingual.length } };
}

/** The sentence-boundary model, trained on the same sources' punctuated text. */
export function trainBoundaries(aciTrain: readonly Encounter[]): BoundaryModel {
  const { texts, counts } = punctuatedTexts(
    aciTrain,
    path.join(devRoot, 'scripts'),
    path.join(repoRoot, 'tests/fixtures/notes/train'),
  );
  return trainBoundaryModel(texts.flatMap(boundaryExamples), counts);
}

/** Precision and recall of the boundaries the model finds in held-out text (probability ≥ 0.5). */
function boundaryScore(model: BoundaryModel, texts: readonly string[]): string {
  let truePositive = 0;
  let predicted = 0;
  let actual = 0;
  for (const text of texts) {
    const examples = boundaryExamples(text);
    for (const ex of examples) {
      const found = probabilityOf(model, ex.features) >= 0.5;
      if (found) predicted++;
      if (ex.boundary) actual++;
      if (found && ex.boundary) truePositive++;
    }
  }
  const precision = truePositive / Math.max(1, predicted);
  const recall = truePositive / Math.max(1, actual);
  return `precision ${(100 * precision).toFixed(1)} %, recall ${(100 * recall).toFixed(1)} %, F1 ${((200 * precision * recall) / Math.max(1e-9, precision + recall)).toFixed(1)}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const aciTrain = readAci(path.join(devRoot, 'aci-bench/train.csv'));
  const boundaries = trainBoundaries(aciTrain);
  const boundaryFile = path.join(repoRoot, 'shared/notes/model/boundaries.json');
  writeFileSync(boundaryFile, `${JSON.stringify(boundaries)}\n`);
  const valid = readAci(path.join(devRoot, 'aci-bench/valid.csv')).map(aciRun).filter(isPunctuated);
  console.log(
    `sentence boundaries: ${Object.keys(boundaries.weights).length} features → ${path.relative(repoRoot, boundaryFile)}; ACI-Bench valid (held out): ${boundaryScore(boundaries, valid)}`,
  );
  const { examples, counts } = trainingExamples(aciTrain);
  const model = trainModel(examples, counts);
  const file = path.join(repoRoot, 'shared/notes/model/weights.json');
  writeFileSync(file, `${JSON.stringify(model)}\n`);
  const byClass = Object.fromEntries(
    MODEL_CLASSES.map((c) => [c, examples.filter((e) => e.label === c).length]),
  );
  console.log(
    `trained on ${examples.length} utterances ${JSON.stringify(counts)}; per class ${JSON.stringify(byClass)}`,
  );
  console.log(`${Object.keys(model.features).length} features → ${path.relative(repoRoot, file)}`);
}
