/**
 * Herd and flock visit eval (issue 20): scores shared/notes/herd.ts on the scripts in
 * tests/fixtures/notes/herd/{dev,heldout}. Per script and in total:
 *  - animals: found vs spoken (a spoken animal is found when an entry has its tag, or its kind if untagged);
 *  - findings: expected findings (regex) in the notes of the right entry (animal or group);
 *  - treatments: expected treatments found with the right product in the right entry, and of those how many
 *    also have the right dose and the right animal count (route and batch where the script has them).
 * Each transcript is scored as written (the turns joined by line breaks) and as an 'asr-like' copy: one
 * lower-case line without sentence punctuation, as a recogniser without punctuation would give.
 *
 *   npx tsx scripts/eval-herd.ts [dev|heldout|all]   (default dev; score heldout only at the end)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { PreConsultationDataSchema } from '#shared/schemas/clinical';
import { tagKey, type HerdAnimal, type HerdVisitNotes } from '#shared/schemas/herd';
import { extractHerdVisit } from '#shared/notes/herd';

const ROOT = join(import.meta.dirname, '..', 'tests', 'fixtures', 'notes', 'herd');

const ScriptSchema = z.object({
  id: z.string(),
  language: z.string(),
  preConsultation: PreConsultationDataSchema,
  turns: z.array(z.object({ text: z.string() })),
  expected: z.object({
    animals: z.array(z.object({ tag: z.string(), kind: z.string(), findings: z.array(z.string()) })),
    groupFindings: z.array(z.string()),
    treatments: z.array(
      z.object({
        entry: z.string(),
        product: z.string(),
        dose: z.string().nullable().optional(),
        count: z.number().nullable().optional(),
        route: z.string().optional(),
        batch: z.string().optional(),
      }),
    ),
  }),
});
type Script = z.infer<typeof ScriptSchema>;

export interface HerdScore {
  spoken: number;
  found: number;
  matched: number;
  extra: number;
  findings: number;
  findingsRight: number;
  treatments: number;
  treatmentProduct: number;
  treatmentDose: number;
  treatmentCount: number;
  treatmentAll: number;
}

const zero = (): HerdScore => ({
  spoken: 0,
  found: 0,
  matched: 0,
  extra: 0,
  findings: 0,
  findingsRight: 0,
  treatments: 0,
  treatmentProduct: 0,
  treatmentDose: 0,
  treatmentCount: 0,
  treatmentAll: 0,
});

function notesText(notes: HerdAnimal['notes']): string {
  return [notes.subjective, notes.objective, notes.assessment, notes.plan].join('\n');
}

function findAnimal(visit: HerdVisitNotes, tag: string, kind: string): HerdAnimal | undefined {
  if (tag) return visit.animals.find((animal) => animal.tag && tagKey(animal.tag) === tagKey(tag));
  return visit.animals.find(
    (animal) => !animal.tag && (animal.kind ?? '').toLowerCase() === kind.toLowerCase(),
  );
}

const squash = (text: string | undefined) => (text ?? '').toLowerCase().replace(/\s+/gu, ' ').trim();

export function scoreHerdVisit(script: Script, visit: HerdVisitNotes): HerdScore {
  const score = zero();
  const expected = script.expected;
  score.spoken = expected.animals.length;
  score.found = visit.animals.length;
  const matched = new Set<string>();
  for (const animal of expected.animals) {
    const found = findAnimal(visit, animal.tag, animal.kind);
    if (found) {
      score.matched += 1;
      matched.add(found.key);
    }
    for (const pattern of animal.findings) {
      score.findings += 1;
      if (found && new RegExp(pattern, 'iu').test(notesText(found.notes))) score.findingsRight += 1;
    }
  }
  score.extra = visit.animals.filter((animal) => !matched.has(animal.key)).length;
  for (const pattern of expected.groupFindings) {
    score.findings += 1;
    if (new RegExp(pattern, 'iu').test(notesText(visit.group.notes))) score.findingsRight += 1;
  }
  for (const want of expected.treatments) {
    score.treatments += 1;
    const entry =
      want.entry === 'group' ? visit.group.treatments : (findAnimal(visit, want.entry, '')?.treatments ?? []);
    const got = entry.find((treatment) => squash(treatment.product) === squash(want.product));
    if (!got) continue;
    score.treatmentProduct += 1;
    const doseRight = !want.dose || squash(got.dose) === squash(want.dose);
    const countRight = want.count == null || got.animalCount === want.count;
    const routeRight = !want.route || got.route === want.route;
    const batchRight = !want.batch || got.batchNumber === want.batch;
    if (doseRight) score.treatmentDose += 1;
    if (countRight) score.treatmentCount += 1;
    if (doseRight && countRight && routeRight && batchRight) score.treatmentAll += 1;
  }
  return score;
}

/** The transcript as one lower-case line without sentence punctuation (decimals kept). */
export function asrLike(text: string): string {
  return text
    .replace(/(?<!\d)[.!?]+|[.!?]+(?!\d)/gu, ' ')
    .replace(/[,;:]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .toLowerCase()
    .trim();
}

export function loadHerdScripts(set: 'dev' | 'heldout'): Script[] {
  const dir = join(ROOT, set);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => ScriptSchema.parse(JSON.parse(readFileSync(join(dir, name), 'utf8'))));
}

const pct = (a: number, b: number) => (b === 0 ? '—' : `${a}/${b} (${Math.round((100 * a) / b)}%)`);

function add(total: HerdScore, score: HerdScore): void {
  for (const key of Object.keys(total) as Array<keyof HerdScore>) total[key] += score[key];
}

function row(name: string, source: string, s: HerdScore): string {
  return `| ${name} | ${source} | ${s.matched}/${s.spoken} | ${s.extra} | ${pct(s.findingsRight, s.findings)} | ${pct(
    s.treatmentProduct,
    s.treatments,
  )} | ${pct(s.treatmentDose, s.treatments)} | ${pct(s.treatmentCount, s.treatments)} | ${pct(
    s.treatmentAll,
    s.treatments,
  )} |`;
}

function main(): void {
  const which = (process.argv[2] ?? 'dev') as 'dev' | 'heldout' | 'all';
  const sets: Array<'dev' | 'heldout'> = which === 'all' ? ['dev', 'heldout'] : [which];
  console.log(
    '| script | transcript | animals found / spoken | extra animals | findings on the right entry | treatments: product | + dose | + count | all fields |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const set of sets) {
    const totals = { written: zero(), 'asr-like': zero() };
    for (const script of loadHerdScripts(set)) {
      const written = script.turns.map((turn) => turn.text).join('\n');
      for (const [source, transcript] of [
        ['written', written],
        ['asr-like', asrLike(written)],
      ] as const) {
        const visit = extractHerdVisit({ transcript, preConsultationData: script.preConsultation });
        const score = scoreHerdVisit(script, visit);
        add(totals[source], score);
        console.log(row(`${script.id} (${script.language})`, source, score));
      }
    }
    console.log(row(`**${set} total**`, 'written', totals.written));
    console.log(row(`**${set} total**`, 'asr-like', totals['asr-like']));
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) main();
