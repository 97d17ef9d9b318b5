/**
 * Labelled utterances for the notes model (shared by `npm run train:notes` and the cross-validation in
 * `npm run eval:notes`):
 *  - ACI-Bench (distant supervision): each dialogue utterance is aligned to the reference-note sentence that
 *    shares the most content words with it; the note section it lands in is its label (HPI/ROS/history → S,
 *    exam/vitals/results → O, diagnoses and reasoning → A, treatment/testing/education/instructions → P).
 *    An utterance sharing (almost) nothing with the note and saying little is 'L' (left out).
 *  - The dev vet scripts: an utterance matching a fact's patterns takes that fact's section; one matching a
 *    noise pattern is 'L'.
 *  - The bilingual sets (tests/fixtures/notes/train/*.json): hand-labelled English/Afrikaans sentences.
 * The blind set is never read here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { z } from 'zod';
import { detectLanguage } from '#shared/notes/classify';
import { utteranceFeatures, type LabelledExample, type ModelClass } from '#shared/notes/model';
import { splitUtterances, type Speaker } from '#shared/notes/split';
import { contentTokens } from '#shared/notes/text';

export interface Encounter {
  id: string;
  dialogue: string;
  note: string;
}

export function readAci(file: string): Encounter[] {
  const rows: Array<Record<string, string>> = parseCsv(readFileSync(file, 'utf8'), {
    columns: true,
    skip_empty_lines: true,
  });
  return rows.map((row) => ({
    id: row.encounter_id ?? '',
    dialogue: row.dialogue ?? '',
    note: row.note ?? '',
  }));
}

const PLAN_LINE =
  /^\s*(?:[•*-]\s*)?(?:additional testing|medical treatment|patient education|plan|treatment|recommendation|follow[- ]?up|instructions?|procedure)\b/iu;
const PLAN_WORDS =
  /\b(?:will|recommend|prescribe|prescribed|continue|start|started|order|ordered|refer|referral|follow up|return|schedule|increase|decrease|discontinue|advised|instructed|encouraged)\b/iu;

/** The SOAP section of each reference-note sentence. */
function noteSentences(note: string): Array<{ section: ModelClass; tokens: Set<string> }> {
  const out: Array<{ section: ModelClass; tokens: Set<string> }> = [];
  let section: ModelClass = 'S';
  let inAssessmentPlan = false;
  for (const rawLine of note.split('\n')) {
    const line = rawLine.trim();
    if (!line) continue;
    const heading = /^[A-Z][A-Z /&:]{2,60}:?$/u.test(line) ? line.replace(/:$/u, '') : null;
    if (heading) {
      inAssessmentPlan = false;
      if (/ASSESSMENT AND PLAN|ASSESSMENT & PLAN/u.test(heading)) {
        section = 'A';
        inAssessmentPlan = true;
      } else if (/PLAN|INSTRUCTION|PROCEDURE/u.test(heading)) section = 'P';
      else if (/ASSESSMENT|IMPRESSION/u.test(heading)) section = 'A';
      else if (/EXAM|VITAL|RESULT|MSK/u.test(heading)) section = 'O';
      else section = 'S';
      continue;
    }
    let lineSection = section;
    if ((inAssessmentPlan || section === 'A') && (PLAN_LINE.test(line) || PLAN_WORDS.test(line)))
      lineSection = 'P';
    for (const sentence of line.split(/(?<=[.!?])\s+/u)) {
      const tokens = new Set(contentTokens(sentence));
      if (tokens.size > 0) out.push({ section: lineSection, tokens });
    }
  }
  return out;
}

const ACI_SPEAKER = /^\s*\[(doctor|patient|patient_guest|guest_family|guest_clinician|nurse)\]/iu;

/** Distantly labelled utterances of one ACI-Bench encounter. */
export function aciExamples(encounter: Encounter): LabelledExample[] {
  const sentences = noteSentences(encounter.note);
  // Inverted index: token → note sentences, so alignment is linear in the dialogue's length.
  const index = new Map<string, number[]>();
  sentences.forEach((s, i) => {
    for (const t of s.tokens) index.set(t, [...(index.get(t) ?? []), i]);
  });
  const examples: LabelledExample[] = [];
  const lines = encounter.dialogue.split('\n');
  const speakers = lines.map((l): Speaker => {
    const m = ACI_SPEAKER.exec(l);
    if (!m) return 'unknown';
    return m[1]?.toLowerCase() === 'doctor' || m[1]?.toLowerCase() === 'guest_clinician' ? 'vet' : 'client';
  });
  for (const utterance of splitUtterances(encounter.dialogue)) {
    const tokens = [...new Set(contentTokens(utterance.text))];
    const speaker = speakers[utterance.turn] ?? 'unknown';
    const hits = new Map<number, number>();
    for (const t of tokens) for (const i of index.get(t) ?? []) hits.set(i, (hits.get(i) ?? 0) + 1);
    let best = -1;
    let bestShared = 0;
    for (const [i, shared] of hits) {
      if (shared <= bestShared) continue;
      best = i;
      bestShared = shared;
    }
    let label: ModelClass | null = null;
    if (tokens.length > 0 && bestShared >= 2 && bestShared / tokens.length >= 0.34)
      label = sentences[best]?.section ?? null;
    else if (bestShared === 0 && tokens.length <= 6) label = 'L';
    if (!label) continue;
    examples.push({
      features: utteranceFeatures(utterance.text, {
        speaker,
        language: 'en',
        position: utterance.start / encounter.dialogue.length,
      }),
      label,
    });
  }
  return examples;
}

const DevScriptSchema = z.object({
  id: z.string(),
  turns: z.array(z.object({ speaker: z.string(), text: z.string() })),
  facts: z.array(z.object({ section: z.enum(['S', 'O', 'A', 'P']), patterns: z.array(z.string()) })),
  noise: z.array(z.string()).optional(),
});

/** Labelled utterances of the consultation scripts in a folder (facts → their section, noise → L). */
export function scriptExamples(dir: string): LabelledExample[] {
  const examples: LabelledExample[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const script = DevScriptSchema.parse(JSON.parse(readFileSync(path.join(dir, file), 'utf8')));
    const facts = script.facts.map((f) => ({
      section: f.section,
      res: f.patterns.map((p) => new RegExp(p, 'iu')),
    }));
    const noise = (script.noise ?? []).map((p) => new RegExp(p, 'iu'));
    const length = script.turns.reduce((n, t) => n + t.text.length + 1, 0);
    let offset = 0;
    for (const turn of script.turns) {
      const speaker: Speaker = turn.speaker === 'vet' ? 'vet' : 'client';
      const position = offset / length;
      offset += turn.text.length + 1;
      for (const utterance of splitUtterances(turn.text)) {
        const text = utterance.text;
        let label: ModelClass | null = null;
        if (noise.some((re) => re.test(text))) label = 'L';
        else {
          const sections = new Set(
            facts.filter((f) => f.res.some((re) => re.test(text))).map((f) => f.section),
          );
          if (sections.size === 1) label = [...sections][0] ?? null;
          else if (sections.size === 0 && contentTokens(text).length <= 2) label = 'L';
        }
        if (!label) continue;
        examples.push({
          features: utteranceFeatures(text, { speaker, language: detectLanguage(text), position }),
          label,
        });
      }
    }
  }
  return examples;
}

const BilingualSchema = z.array(
  z.object({
    text: z.string(),
    label: z.enum(['S', 'O', 'A', 'P', 'L']),
    speaker: z.enum(['vet', 'client', 'unknown']).default('unknown'),
  }),
);

function bilingualRows(folder: string): z.infer<typeof BilingualSchema> {
  const files = readdirSync(folder)
    .filter((f) => f.endsWith('.json'))
    .sort();
  return files.flatMap((f) => BilingualSchema.parse(JSON.parse(readFileSync(path.join(folder, f), 'utf8'))));
}

/** The hand-labelled bilingual sentences: every JSON file of the folder (bilingual.json, bilingual-2.json, …). */
export function bilingualExamples(folder: string): LabelledExample[] {
  return bilingualRows(folder).map((row) => ({
    features: utteranceFeatures(row.text, { speaker: row.speaker, language: detectLanguage(row.text) }),
    label: row.label,
  }));
}

const ACI_LABEL = /^\s*\[[a-z_]+\]\s*/iu;

/**
 * Turns as one run of text, each turn ending a sentence (ACI-Bench dialogue is mostly unpunctuated speech-engine
 * text: there, the change of speaker is the only sentence end it marks).
 */
export function runOfTurns(turns: readonly string[]): string {
  return turns
    .map((t) => t.trim())
    .filter((t) => t !== '')
    .map((t) => (/[.?!]["')\]]*$/u.test(t) ? t : `${t}.`))
    .join(' ');
}

/** An ACI-Bench dialogue as one run of text (speaker labels removed, each turn ending a sentence). */
export function aciRun(encounter: Encounter): string {
  return runOfTurns(encounter.dialogue.split('\n').map((line) => line.replace(ACI_LABEL, '')));
}

/** At least one sentence mark per 25 words, as written text has (speech-engine text has hardly any). */
export function isPunctuated(text: string): boolean {
  const marks = text.match(/[.?!](?=\s|$)/gu)?.length ?? 0;
  return marks * 25 >= text.split(/\s+/u).length;
}

/**
 * Punctuated running text for the sentence-boundary model: each ACI-Bench dialogue and each dev script as one
 * run (speaker labels removed), and the punctuated bilingual sentences in runs of five.
 */
export function punctuatedTexts(
  aci: readonly Encounter[],
  scriptsDir: string,
  bilingualFolder: string,
): { texts: string[]; counts: Record<string, number> } {
  // Only the encounters transcribed with punctuation: in the others a sentence end looks like any other gap.
  const aciTexts = aci.map(aciRun).filter(isPunctuated);
  const scriptTexts = readdirSync(scriptsDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => DevScriptSchema.parse(JSON.parse(readFileSync(path.join(scriptsDir, f), 'utf8'))))
    .map((script) => runOfTurns(script.turns.map((t) => t.text)));
  const sentences = bilingualRows(bilingualFolder)
    .map((row) => row.text.trim())
    .filter((text) => /[.?!]$/u.test(text));
  const bilingualTexts: string[] = [];
  for (let i = 0; i < sentences.length; i += 5) bilingualTexts.push(sentences.slice(i, i + 5).join(' '));
  return {
    texts: [...aciTexts, ...scriptTexts, ...bilingualTexts],
    counts: {
      aciTrain: aciTexts.length,
      devScripts: scriptTexts.length,
      bilingualRuns: bilingualTexts.length,
    },
  };
}
