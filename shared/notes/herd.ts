/**
 * Herd and flock visits (issue 20 §1): one long dictation split into a group entry (history, flock findings,
 * group treatments) and one entry per animal named by ear tag, number or kind ('ewe 231', 'koei 73',
 * 'die ram'). Each entry's notes come from the ordinary extractor run over that entry's sentences, so a
 * per-animal note reads like any other note. Pure and deterministic.
 *
 * Scope: a sentence naming animals belongs to them, and they stay the subject of the sentences that follow
 * until other animals are named or the group is spoken of ('all 120 ewes', 'die trop', 'overall'). 'The
 * same for 45' gives animal 45 the treatments of the animal before it. A tag named again later ('going back
 * to 812', 'cow 103 also has…') returns to the same animal.
 */
import type { ExtractRequest } from '../schemas/clinical';
import {
  type HerdAnimal,
  type HerdNotes,
  type HerdTreatment,
  type HerdVisitNotes,
  animalLabel,
  tagKey,
} from '../schemas/herd';
import { extractClinicalNotes } from './extract';
import { animalsIn, groupClauseStarts, sentenceStarts, spokenNumber, type AnimalMention } from './herd-ids';
import { treatmentsIn } from './herd-treatments';
import { escapeRegExp } from './text';

export interface HerdSentence {
  text: string;
  start: number;
  end: number;
}

/** Sentences of a transcript: ends at . ! ? (not a decimal point) or a line break. */
export function herdSentences(transcript: string): HerdSentence[] {
  const out: HerdSentence[] = [];
  const boundary = /(?<!\d)[.!?]+(?=\s|$)|(?<=\d)[.!?]+(?=\s+\p{Lu}|\s*$)|\n+/gu;
  let start = 0;
  for (const match of transcript.matchAll(boundary)) {
    const end = match.index + match[0].length;
    pushSentence(out, transcript, start, end);
    start = end;
  }
  pushSentence(out, transcript, start, transcript.length);
  return out;
}

/** Longer than a spoken sentence: the recogniser left out the punctuation. */
const UNPUNCTUATED_WORDS = 30;

function pushSentence(out: HerdSentence[], text: string, start: number, end: number): void {
  const piece = text.slice(start, end);
  if (piece.split(/\s+/u).length > UNPUNCTUATED_WORDS) {
    const cuts = sentenceStarts(piece).filter((cut) => cut > 0);
    let from = 0;
    for (const cut of cuts) {
      // Keep a cut only when what precedes it says something beyond the animal's name.
      if (piece.slice(from, cut).trim().split(/\s+/u).length < 4) continue;
      pushPiece(out, text, start + from, start + cut);
      from = cut;
    }
    pushPiece(out, text, start + from, end);
    return;
  }
  // A clause about the whole group after an animal's ('…good condition, all 120 sheep get…') is its own.
  let from = 0;
  for (const cut of groupClauseStarts(piece)) {
    if (animalsIn(piece.slice(from, cut)).mentions.length === 0) continue;
    pushPiece(out, text, start + from, start + cut);
    from = cut;
  }
  pushPiece(out, text, start + from, end);
}

function pushPiece(out: HerdSentence[], text: string, start: number, end: number): void {
  const raw = text.slice(start, end);
  const lead = raw.length - raw.trimStart().length;
  const trimmed = raw.trim();
  if (trimmed === '' || /^[.!?]+$/u.test(trimmed)) return;
  out.push({ text: trimmed, start: start + lead, end: start + lead + trimmed.length });
}

const GROUP = 'group';

interface AnimalDraft {
  key: string;
  tag: string;
  kind?: string;
  sentences: string[];
  treatments: HerdTreatment[];
  /** Sentences that gave treatments, for 'the same for …'. */
  treatmentSentences: string[];
}

export interface HerdAssignment {
  sentence: HerdSentence;
  /** Animal keys, or ['group']. Empty for a 'same for' sentence, whose content is the copied treatment. */
  owners: string[];
}

export function animalKey(mention: Pick<AnimalMention, 'tag' | 'kind'>): string {
  return mention.tag ? `tag:${tagKey(mention.tag)}` : `kind:${(mention.kind ?? '').toLowerCase()}`;
}

/**
 * Which entry each sentence belongs to, and the animals of the visit in order of first mention.
 * Exposed for tests and the eval.
 */
export function assignHerdSentences(sentences: HerdSentence[]): {
  animals: AnimalDraft[];
  assignments: HerdAssignment[];
  sameFor: Array<{ targets: string[]; source: string | undefined; index: number }>;
} {
  const animals = new Map<string, AnimalDraft>();
  const assignments: HerdAssignment[] = [];
  const sameFor: Array<{ targets: string[]; source: string | undefined; index: number }> = [];
  let scope: string[] = [GROUP];
  // Animals in scope before the current one, newest last (for 'the same for').
  const recent: string[] = [];
  const touch = (mention: AnimalMention): string => {
    const key = animalKey(mention);
    if (!animals.has(key)) {
      animals.set(key, {
        key,
        tag: mention.tag,
        ...(mention.kind ? { kind: mention.kind } : {}),
        sentences: [],
        treatments: [],
        treatmentSentences: [],
      });
    } else if (mention.kind && !animals.get(key)?.kind) {
      const known = animals.get(key);
      if (known) known.kind = mention.kind;
    }
    return key;
  };
  const setScope = (keys: string[]) => {
    for (const key of scope) if (key !== GROUP) recent.push(key);
    scope = keys;
  };
  sentences.forEach((sentence, index) => {
    const found = animalsIn(sentence.text);
    if (found.sameFor.length > 0) {
      const targets = found.sameFor.map(touch);
      const source = [...scope.filter((key) => key !== GROUP), ...[...recent].reverse()].find(
        (key) => !targets.includes(key),
      );
      sameFor.push({ targets, source, index });
      const others = found.mentions.map(touch).filter((key) => !targets.includes(key));
      assignments.push({ sentence, owners: others });
      setScope(targets);
      return;
    }
    const named = [...found.backTo, ...found.mentions].map(touch);
    if (named.length > 0) {
      setScope(named);
    } else if (found.group) {
      setScope([GROUP]);
    }
    assignments.push({ sentence, owners: [...scope] });
  });
  return { animals: [...animals.values()], assignments, sameFor };
}

// Scores are numbers whichever way they were said: 'FAMACHA two', 'kondisie drie uit vyf' → 2, 3 uit 5.
const SCORE_WORD =
  /(?<![\p{L}])(famacha|score|condition|kondisie|bcs|cmt)(\s+(?:score\s+|telling\s+)?(?:of\s+|van\s+)?(?:a\s+|'n\s+)?)(\p{L}+)(?![\p{L}])/giu;
const OUT_OF = /(?<![\p{L}\d])([\p{L}\d]+)(\s+(?:out of|uit)\s+)(\p{L}+)(?![\p{L}])/giu;

function scoresAsDigits(text: string): string {
  const digit = (word: string) => {
    const value = spokenNumber(word);
    return value !== undefined && Number(value) <= 10 ? value : word;
  };
  return text
    .replace(SCORE_WORD, (whole, cue: string, gap: string, word: string) => `${cue}${gap}${digit(word)}`)
    .replace(OUT_OF, (whole, a: string, gap: string, b: string) => `${digit(a)}${gap}${digit(b)}`);
}

const EMPTY_NOTES: HerdNotes = { subjective: '', objective: '', assessment: '', plan: '' };

/** SOAP notes of one entry's sentences, by the ordinary extractor; clinical lines it left out are kept. */
function notesOf(sentences: string[], request: ExtractRequest, isAnimal: boolean): HerdNotes {
  if (sentences.length === 0) return { ...EMPTY_NOTES };
  const transcript = scoresAsDigits(sentences.join(' '));
  const species = request.preConsultationData?.species;
  const response = extractClinicalNotes({
    transcript,
    ...(species ? { preConsultationData: { species } } : {}),
  });
  const notes: HerdNotes = {
    subjective: response.clinicalData.subjective,
    objective: response.clinicalData.objective,
    assessment: response.clinicalData.assessment,
    plan: response.clinicalData.plan,
  };
  if (isAnimal) {
    // A sentence that names the animal is about it: 'Cow 102 is empty' must not vanish as chatter.
    for (const line of response.leftOut ?? []) {
      if (line.reason === 'small-talk' || line.reason === 'billing' || line.reason === 'scheduling') continue;
      if (line.reason === 'question') continue;
      if (line.text.split(/\s+/u).filter((word) => /\p{L}{2,}|\d/u.test(word)).length < 2) continue;
      const section = line.suggestedSection ?? 'objective';
      const text = line.text.replace(/[.!?]+$/u, '');
      notes[section] = notes[section] ? `${notes[section]}\n${text}` : text;
    }
  }
  return notes;
}

/** Drops a leading mention of the entry's own animal from each line: on its card, 'Ewe 231, FAMACHA 4' → 'FAMACHA 4'. */
function withoutOwnMention(notes: HerdNotes, animal: AnimalDraft): HerdNotes {
  const strip = (text: string) =>
    text
      .split('\n')
      .map((line) => {
        const first = animalsIn(line).mentions[0];
        if (!first || first.index > 0 || animalKey(first) !== animal.key) return line;
        const rest = line.slice(first.end).replace(/^[\s,:;—–-]+/u, '');
        if (!/\p{L}{2,}/u.test(rest)) return line;
        return rest.charAt(0).toUpperCase() + rest.slice(1);
      })
      .join('\n');
  return {
    subjective: strip(notes.subjective),
    objective: strip(notes.objective),
    assessment: strip(notes.assessment),
    plan: strip(notes.plan),
  };
}

function appendPlan(notes: HerdNotes, lines: string[]): HerdNotes {
  const existing = notes.plan.split('\n').filter((line) => line.trim() !== '');
  const added = lines.filter((line) => !existing.includes(line));
  return { ...notes, plan: [...existing, ...added].join('\n') };
}

/** A treatment as one Plan line: 'Closantel 10 mg/kg PO — 120 animals, batch CL2291'. */
export function treatmentLine(treatment: HerdTreatment): string {
  const head = [
    treatment.product.charAt(0).toUpperCase() + treatment.product.slice(1),
    treatment.dose,
    treatment.route,
  ]
    .filter(Boolean)
    .join(' ');
  const extra = [
    treatment.animalCount && treatment.animalCount > 1 ? `${treatment.animalCount} animals` : '',
    treatment.batchNumber ? `batch ${treatment.batchNumber}` : '',
  ].filter(Boolean);
  return extra.length > 0 ? `${head} — ${extra.join(', ')}` : head;
}

/** Re-points a treatment sentence at another animal: 'Ooi 12 gets …' → 'Ooi 45 gets …'. */
function retarget(sentence: string, from: AnimalDraft, to: AnimalDraft): string {
  if (!from.tag || !to.tag) return sentence;
  return sentence.replace(new RegExp(`(?<![\\d.])${escapeRegExp(from.tag)}(?![\\d.])`, 'gu'), to.tag);
}

/**
 * 'Ewe' sounds like 'you': a recogniser writes 'You number 231', 'U. 260'. On a sheep visit (or one that
 * speaks of ewes) 'you'/'u' right before a tag is read as 'Ewe'; 'you' needs 'number' after it, so 'see you
 * 5 days later' is left alone.
 */
export function eweHomophones(transcript: string, species: string | undefined): string {
  if (species !== 'Sheep' && !/(?<![\p{L}])(?:ewes?|ooie?)(?![\p{L}])/iu.test(transcript)) return transcript;
  return transcript.replace(/(?<![\p{L}])(?:you(?=\s+number\s+\d)|u\.?(?=\s+(?:number\s+)?\d))/giu, (word) =>
    word.charAt(0) === word.charAt(0).toUpperCase() ? 'Ewe' : 'ewe',
  );
}

/** Splits a herd or flock visit into a group entry and one entry per animal (see the module comment). */
export function extractHerdVisit(request: ExtractRequest): HerdVisitNotes {
  const pre = request.preConsultationData;
  const sentences = herdSentences(eweHomophones(request.transcript, pre?.species));
  const { animals, assignments, sameFor } = assignHerdSentences(sentences);
  const byKey = new Map(animals.map((animal) => [animal.key, animal]));
  const groupSentences: string[] = [];
  const groupTreatments: HerdTreatment[] = [];
  const groupSize = pre?.animalCount;

  assignments.forEach(({ sentence, owners }, index) => {
    for (const done of sameFor.filter((same) => same.index === index)) {
      const source = done.source ? byKey.get(done.source) : undefined;
      for (const target of done.targets.map((key) => byKey.get(key))) {
        if (!target || !source) continue;
        for (const treated of source.treatmentSentences) {
          const copied = retarget(treated, source, target);
          target.sentences.push(copied);
          target.treatments.push(
            ...treatmentsIn(copied, { perAnimal: true }).map((t) => ({ ...t, source: sentence.text })),
          );
          target.treatmentSentences.push(copied);
        }
      }
    }
    if (owners.length === 0) return;
    if (owners.includes(GROUP)) {
      groupSentences.push(sentence.text);
      groupTreatments.push(
        ...treatmentsIn(sentence.text, { perAnimal: false, ...(groupSize ? { groupSize } : {}) }),
      );
      return;
    }
    for (const key of owners) {
      const animal = byKey.get(key);
      if (!animal) continue;
      animal.sentences.push(sentence.text);
      const treatments = treatmentsIn(sentence.text, { perAnimal: true });
      if (treatments.length > 0) {
        animal.treatments.push(...treatments);
        animal.treatmentSentences.push(sentence.text);
      }
    }
  });

  const herdAnimals: HerdAnimal[] = animals.map((animal) => {
    const notes = withoutOwnMention(notesOf(animal.sentences, request, true), animal);
    return {
      key: animal.key,
      tag: animal.tag,
      ...(animal.kind ? { kind: animal.kind } : {}),
      notes,
      treatments: animal.treatments,
    };
  });
  const groupNotes = notesOf(groupSentences, request, false);
  const visit: HerdVisitNotes = {
    group: { notes: groupNotes, treatments: groupTreatments },
    animals: herdAnimals,
  };
  if (pre?.groupName?.trim()) visit.groupName = pre.groupName.trim();
  if (pre?.animalCount) visit.animalCount = pre.animalCount;
  return visit;
}

/** Plan lines for an entry's structured treatments not already in its plan (used when saving). */
export function planWithTreatments(notes: HerdNotes, treatments: HerdTreatment[]): HerdNotes {
  return appendPlan(notes, treatments.map(treatmentLine));
}

export { animalLabel };
