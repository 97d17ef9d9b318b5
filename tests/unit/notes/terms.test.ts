import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lexicon, SOAP_KEYS } from '#shared/notes/lexicon.js';
import { leftOutLexicon } from '#shared/notes/model.js';
import { compileTerms, findTerms, hasTerm, type TermMatch } from '#shared/notes/text.js';

/**
 * findTerms and hasTerm look terms up by their openings instead of running the large alternation (speed);
 * they must find exactly what the expression finds.
 */
function byExpression(pattern: RegExp, text: string): TermMatch[] {
  pattern.lastIndex = 0;
  return [...text.matchAll(pattern)].map((m) => ({ text: m[0], index: m.index }));
}

const fixtures = fileURLToPath(new URL('./fixtures/scripts/', import.meta.url));
const corpus: string[] = [
  ...readdirSync(fixtures)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) =>
      (JSON.parse(readFileSync(`${fixtures}${f}`, 'utf8')) as { turns: Array<{ text: string }> }).turns.map(
        (t) => t.text,
      ),
    ),
  'Heart  rate, 120; heart,rate 90 — vomiting/vomited, VOMITS; e.g. the dog’s paw',
  "Ek gee 'n Synulox-tablet BID; amoxicillin-clavulanate, amoksisillien klavulanaat",
  'İstanbul KELVIN K ß straße: prednisolone/meloxicam (Metacam) 0.1mg/kg',
  'a, i, I; — 3x, x3, 10ml, mg',
  '𝐀vomiting 𝐀a, heart rate 𝟗 a',
];

describe('term look-up', () => {
  const lex = lexicon();
  const left = leftOutLexicon();
  const patterns: Array<[string, RegExp]> = [
    ...SOAP_KEYS.flatMap((s) => lex.cues[s].map((c): [string, RegExp] => [`cue ${s}${c.weight}`, c.pattern])),
    ['drugs', lex.drugNames],
    ['small talk', lex.smallTalk],
    ['fillers', lex.fillers],
    ['openers', lex.openers],
    ['temporal', lex.temporal],
    ['client markers', lex.clientMarkers],
    ['billing', left.billing],
    ['social', left.social],
    ['greeting', left.greeting],
    [
      'prefixes and short terms',
      compileTerms(['a', 'i', 'vomit*', 'heart rate', 'heart', "'n", 'e.g.', 'x3']),
    ],
  ];
  it.each(patterns)('%s: the same matches as the expression', (_name, pattern) => {
    for (const text of [...corpus, ...corpus.map((t) => t.toLowerCase())]) {
      const expected = byExpression(pattern, text);
      expect(findTerms(pattern, text)).toEqual(expected);
      expect(hasTerm(pattern, text)).toBe(expected.length > 0);
    }
  });
});
