/**
 * npm run train:notes — retrains the notes model (shared/notes/model/weights.json) from ACI-Bench train
 * (distant supervision), the dev vet scripts and the bilingual labelled set. ACI-Bench valid and the blind
 * scripts are never trained on. Deterministic: the same data gives the same file.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MODEL_CLASSES, trainModel, type LabelledExample } from '#shared/notes/model';
import { aciExamples, bilingualExamples, readAci, scriptExamples } from './notes-training-data';

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

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { examples, counts } = trainingExamples();
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
