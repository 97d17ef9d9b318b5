/**
 * npm run bench:notes — how fast the embedded extractor is, per 1,000 words, on realistic and hostile input
 * (target ≤ 50 ms per 1,000 words, and roughly linear: doubling the input about doubles the time).
 *
 *  - the dev consultation scripts joined into long transcripts (punctuated, and as one unpunctuated line);
 *  - a herd visit with hundreds of tagged animals (the per-animal grouping and the duplicate merge);
 *  - hostile text: one 199,000-letter word, long runs of spaces, commas and full stops, a repeated closing
 *    summary (the duplicate merge was quadratic).
 * Prints a table; no assertions (speed targets live here, not in timed tests).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractClinicalNotes } from '#shared/notes';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const scriptsDir = path.resolve(repoRoot, '../shared/eval/dev/scripts');

function devTranscript(): string {
  return readdirSync(scriptsDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map(
      (f) =>
        (JSON.parse(readFileSync(path.join(scriptsDir, f), 'utf8')) as { turns: Array<{ text: string }> })
          .turns,
    )
    .flat()
    .map((t) => t.text)
    .join('\n');
}

const oneLine = (text: string): string =>
  text
    .replace(/\n/gu, ' ')
    .replace(/(?<!\d)[.,?!](?!\d)/gu, '')
    .toLowerCase();

function herd(animals: number): string {
  const lines: string[] = [];
  for (let i = 0; i < animals; i++) {
    const tag = 100 + i;
    lines.push(
      `Cow ${tag}: temperature ${(38 + (i % 30) / 10).toFixed(1)} degrees, body condition ${1 + (i % 4)} out of 5, lame on the left hind.`,
      `Cow ${tag} gets oxytetracycline 20 mg/kg IM, meat withdrawal 28 days.`,
    );
  }
  return lines.join('\n');
}

const wordCount = (text: string): number => text.split(/\s+/u).filter(Boolean).length;

/** Wall-clock and CPU milliseconds per run (CPU time is the steadier figure on a machine shared with other work). */
function time(transcript: string, repeats: number): { wall: number; cpu: number } {
  extractClinicalNotes({ transcript }); // warm up
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  for (let i = 0; i < repeats; i++) extractClinicalNotes({ transcript });
  const cpu = process.cpuUsage(cpuStarted);
  return { wall: (performance.now() - started) / repeats, cpu: (cpu.user + cpu.system) / 1000 / repeats };
}

const base = devTranscript();
const cases: Array<[string, string]> = [
  ['dev scripts ×1 (punctuated)', base],
  ['dev scripts ×4 (punctuated)', Array.from({ length: 4 }, () => base).join('\n')],
  ['dev scripts ×1 (one unpunctuated line)', oneLine(base)],
  ['dev scripts ×4 (one unpunctuated line)', oneLine(Array.from({ length: 4 }, () => base).join('\n'))],
  ['herd visit, 100 tagged animals', herd(100)],
  ['herd visit, 400 tagged animals', herd(400)],
  [
    'summary repeated 50× (duplicate merge)',
    Array.from({ length: 50 }, () => base.slice(0, 4000)).join('\n'),
  ],
  ['one 199,000-letter word', `Temperature 39 ${'a'.repeat(199_000)} end.`],
  ['100,000 spaces and commas', `Weight 12 kg${' ,'.repeat(50_000)} done.`],
  ['100,000 full stops', `Heart rate 80${'.'.repeat(100_000)} done.`],
];

console.log(
  'case'.padEnd(44),
  'words'.padStart(8),
  'ms'.padStart(9),
  'ms/1k words'.padStart(12),
  'CPU ms/1k words'.padStart(16),
);
for (const [label, transcript] of cases) {
  const words = Math.max(1, wordCount(transcript));
  const { wall, cpu } = time(transcript, words > 20_000 ? 1 : 3);
  console.log(
    label.padEnd(44),
    String(words).padStart(8),
    wall.toFixed(1).padStart(9),
    ((1000 * wall) / words).toFixed(2).padStart(12),
    ((1000 * cpu) / words).toFixed(2).padStart(16),
  );
}
console.log('target: ≤ 50 ms per 1,000 words; ×4 input should take about ×4 the time');
