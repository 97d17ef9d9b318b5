/**
 * npm run eval:sentences -- [FILE] [--verbose] — the notes engine on held-out labelled sentences (a file in the
 * training format, e.g. tests/fixtures/notes/train-candidates/bilingual-4.json, which is not trained on): for each
 * label (S/O/A/P, L = left out), how many land in that section and how many are left out. Sentences are read
 * four at a time as one run of conversation, so a sentence has neighbours as in a consultation.
 * --verbose lists every sentence that lands elsewhere, with the model's chat probability and the cue points.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { classifyUtterances, splitUtterances } from '#shared/notes/index.js';

const RowsSchema = z.array(z.object({ text: z.string(), label: z.enum(['S', 'O', 'A', 'P', 'L']) }).loose());
const RUN = 4;

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const file =
  args.find((a) => !a.startsWith('--')) ?? 'tests/fixtures/notes/train-candidates/bilingual-4.json';
const rows = RowsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));

const tally = new Map<string, { n: number; right: number; left: number }>();
const wrong: string[] = [];
for (let i = 0; i < rows.length; i += RUN) {
  const run = rows.slice(i, i + RUN);
  const classified = classifyUtterances(splitUtterances(run.map((r) => r.text).join('\n')));
  for (const row of run) {
    // The sentence's first piece (a sentence may be split into clauses) decides where it went.
    const piece = classified.find(
      (c) =>
        row.text.includes(c.utterance.text.slice(0, 25)) || c.utterance.text.includes(row.text.slice(0, 25)),
    );
    const section = piece?.section ?? 'L';
    const t = tally.get(row.label) ?? { n: 0, right: 0, left: 0 };
    tally.set(row.label, t);
    t.n++;
    if (section === row.label) t.right++;
    if (section === 'L') t.left++;
    if (section !== row.label && piece) {
      const cues = Object.values(piece.scores).reduce((a, b) => a + b, 0);
      wrong.push(
        `${row.label} → ${section}  chat ${piece.probabilities.L.toFixed(2)}  cues ${cues}  ${row.text}`,
      );
    }
  }
}
const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)} %`;
console.log(`${file}: ${rows.length} sentences`);
for (const [label, t] of [...tally].sort()) {
  console.log(
    `${label}  ${String(t.n).padStart(4)}  in its place ${pct(t.right, t.n)}  left out ${pct(t.left, t.n)}`,
  );
}
if (verbose) console.log(wrong.join('\n'));
