/**
 * Decides, for every utterance, whether it is clinical and which SOAP section it belongs to.
 *
 * Rules, in order (each is unit-tested):
 *  1. recording control ('okay, recording', 'einde van notas') and small talk (weather, payment, sport,
 *     coffee) are dropped, whatever else the sentence says: a leaked aside is worse than a lost clause; a
 *     sentence right after small talk needs real clinical weight to count (it is usually more of the same);
 *  2. questions are dropped (a question mark, or interrogative word order when a recogniser dropped it):
 *     the answer, not the question, carries the fact;
 *  3. a spoken section header at the start of a sentence ('On examination', 'Plan:', 'Diagnose:',
 *     'Die eienaar sê') puts it, and the dictation that follows, into that section until the next header or
 *     client turn;
 *  4. a client's statements only ever go to Subjective (clients report; vets examine, assess and treat);
 *     without speaker labels, a turn is the client's when it addresses the vet ('Dokter', 'my dog') and
 *     quotes no vitals, doses or assessment words;
 *  5. otherwise the section with the highest weighted cue score wins (lexicon cues, drug names and doses
 *     for P, vital signs for O, disease-like words and decisive words like 'prognosis' for A, time words
 *     for S only next to another clinical cue); too little clinical signal drops the sentence.
 */
import { lexicon, SOAP_KEYS, type SoapKey } from './lexicon';
import { extractVitals, type Language } from './normalise';
import type { Speaker, Utterance } from './split';
import { findTerms, hasTerm, words } from './text';

export type DropReason = 'small-talk' | 'recording-control' | 'question' | 'no-clinical-content';

export interface Classified {
  utterance: Utterance;
  language: Language;
  speaker: Speaker;
  section: SoapKey | null;
  dropReason?: DropReason;
  scores: Record<SoapKey, number>;
}

/** Afrikaans or English, by counting each language's commonest function words. */
export function detectLanguage(text: string, fallback: Language = 'en'): Language {
  const lex = lexicon();
  let af = 0;
  let en = 0;
  for (const word of words(text)) {
    if (lex.afrikaansHints.has(word)) af++;
    if (lex.englishHints.has(word)) en++;
  }
  if (af === en) return fallback;
  return af > en ? 'af' : 'en';
}

const DOSE = /\d\s*(?:mg\/kg|mg|ml|IU|µg\/kg|units|eenhede|milligram|millilit|cc)\b/iu;
const FUTURE_INTERVAL =
  /\b(?:in|oor|within|binne|after|na)\s+(?:\d+|a|an|one|two|three|four|five|six|seven|ten|fourteen|een|twee|drie|vier|vyf|ses|sewe|tien|veertien)\s+(?:hours?|days?|weeks?|months?|ure|uur|dae|dag|weke|week|maande|maand)\b/iu;

/** Weighted cue scores of one sentence for each SOAP section. */
export function cueScores(text: string, language: Language): Record<SoapKey, number> {
  const lex = lexicon();
  const scores: Record<SoapKey, number> = { S: 0, O: 0, A: 0, P: 0 };
  for (const section of SOAP_KEYS) {
    const seen = new Set<string>();
    for (const { weight, pattern } of lex.cues[section]) {
      for (const match of findTerms(pattern, text)) {
        const key = match.text.toLowerCase();
        if (seen.has(key)) continue;
        seen.add(key);
        scores[section] += weight;
      }
    }
  }
  const drugs = findTerms(lex.drugNames, text).length;
  if (drugs > 0) scores.P += 3 + Math.min(drugs, 3);
  if (DOSE.test(text)) scores.P += 3;
  if (FUTURE_INTERVAL.test(text) || hasTerm(lex.futureFollowUp, text)) scores.P += 3;
  if (hasTerm(lex.withdrawal, text)) scores.P += 3;
  const vitals = extractVitals(text, language).length;
  if (vitals > 0) scores.O += 4 + 2 * vitals;
  lex.diseaseSuffix.lastIndex = 0;
  const diseaseWords = text.match(lex.diseaseSuffix)?.length ?? 0;
  scores.A += 2 * Math.min(diseaseWords, 2);
  // 'Yesterday' makes history of a symptom, but not of a car repair: time words need company.
  const clinical = scores.S + scores.O + scores.A + scores.P;
  if (clinical >= 2 && hasTerm(lex.temporal, text)) scores.S += 3;
  return scores;
}

/** The section a spoken header at the start of the sentence names ('Plan: …', 'On examination …'). */
export function headerSection(text: string): SoapKey | null {
  const lex = lexicon();
  const head = stripOpeners(text);
  let best: { section: SoapKey; index: number } | null = null;
  for (const section of SOAP_KEYS) {
    for (const match of findTerms(lex.headers[section], head)) {
      // Only the very start counts as a header; 'The rectal examination…' is just a finding.
      if (match.index > 0) break;
      if (!best || match.index < best.index) best = { section, index: match.index };
    }
  }
  return best?.section ?? null;
}

/** The sentence without leading discourse markers and fillers ('Okay, so, um, …'). */
export function stripOpeners(text: string): string {
  const lex = lexicon();
  let out = text.trimStart();
  for (let i = 0; i < 6; i++) {
    const before = out;
    for (const pattern of [lex.openers, lex.fillers, lex.punctuatedOpeners]) {
      pattern.lastIndex = 0;
      const match = pattern.exec(out);
      if (!match || match.index !== 0) continue;
      const rest = out.slice(match[0].length);
      // 'No food today' keeps its 'No'; 'No, it's fine' loses it.
      if (pattern === lex.punctuatedOpeners && !/^\s*[,.!;:]/u.test(rest)) continue;
      out = rest.replace(/^[\s,.;:!-]+/u, '');
    }
    if (out === before) break;
  }
  return out;
}

export function isSmallTalk(text: string): boolean {
  return hasTerm(lexicon().smallTalk, text);
}

export function isRecordingControl(text: string): boolean {
  const lex = lexicon();
  const core = stripOpeners(text).replace(/(?<![.!?])[.!?]+$/u, '');
  // Only short control phrases count: 'recording' inside a clinical sentence is kept.
  return hasTerm(lex.recordingControl, core) && words(core).length <= 12;
}

// Interrogative word order, for speech recognisers that drop the question mark. Afrikaans and English both
// put the verb first in a yes/no question ('Is daar…', 'Has he…') and second in a statement ('Daar is…').
const INTERROGATIVE_START =
  /^(?:(?:do|does|did|have|has|had|are|is|was|were|can|could|would|will|should)\s+(?:you|he|she|it|they|we|there|your|his|her|the)\b|(?:any|how|when|where|why|which)\b|(?:het|is|was|kan|sal|moet|wil)\s+(?:jy|hy|sy|dit|daar|julle|u|hulle)\b|(?:hoe|wanneer|waar|hoekom|watter)\b)/iu;

export function isQuestion(text: string): boolean {
  // Only comma-separated interjections and English fillers are skipped: an Afrikaans adverb before the verb
  // ('Verder moet jy…', 'Dan is daar…') makes a statement, not a question.
  const start = text.replace(/^(?:\s*(?:[\p{L}'-]+\s*,|okay|ok|so|alright|um|uh|and|well)\s*)+/iu, '');
  return /\?\s*$/u.test(text) || INTERROGATIVE_START.test(start);
}

/** Guesses who speaks a turn when the transcript has no speaker labels. */
export function inferSpeaker(turnText: string, language: Language): Speaker {
  const lex = lexicon();
  const clientMarks = findTerms(lex.clientMarkers, turnText).length;
  if (clientMarks === 0) return 'unknown';
  // Vets quote drugs with doses and measure vitals; a turn doing either is the vet's despite a marker.
  // So do assessment words: clients do not give prognoses or differentials.
  const decisive = lex.cues.A.find((c) => c.weight === 6);
  const vetSigns =
    extractVitals(turnText, language).length +
    (DOSE.test(turnText) ? 1 : 0) +
    (decisive ? findTerms(decisive.pattern, turnText).length : 0);
  return vetSigns > 0 ? 'unknown' : 'client';
}

const MIN_SCORE = 3;
const MAX_SENTENCES_PER_TURN = 12;
/** A sentence right after small talk is usually more of it ('Ja, 15 mm gister…'): it needs real clinical weight. */
const MIN_SCORE_AFTER_SMALL_TALK = 6;

function argmax(scores: Record<SoapKey, number>): SoapKey {
  // Ties go to the later section: a sentence naming both a finding and a treatment is usually the treatment.
  let best: SoapKey = 'S';
  for (const section of SOAP_KEYS) if (scores[section] >= scores[best]) best = section;
  return best;
}

/** Classifies every utterance of a transcript (see the module comment for the rules). */
export function classifyUtterances(utterances: Utterance[]): Classified[] {
  const turnText = new Map<number, string>();
  const turnSize = new Map<number, number>();
  for (const u of utterances) {
    turnText.set(u.turn, `${turnText.get(u.turn) ?? ''} ${u.text}`);
    turnSize.set(u.turn, (turnSize.get(u.turn) ?? 0) + 1);
  }
  const turnLanguage = new Map<number, Language>();
  const turnSpeaker = new Map<number, Speaker>();
  let overall: Language = detectLanguage([...turnText.values()].join(' '));
  for (const [turn, text] of turnText) {
    const language = detectLanguage(text, overall);
    turnLanguage.set(turn, language);
    const labelled = utterances.find((u) => u.turn === turn)?.labelledSpeaker ?? 'unknown';
    turnSpeaker.set(turn, labelled !== 'unknown' ? labelled : inferSpeaker(text, language));
  }
  overall = detectLanguage([...turnText.values()].join(' '));

  const out: Classified[] = [];
  let context: SoapKey | null = null;
  let previousTurn = -1;
  let afterSmallTalk = false;
  for (const utterance of utterances) {
    // A 'turn' of many sentences is a whole unlabelled recording on one line (ASR output), not one speaker's
    // turn: judge who speaks sentence by sentence there.
    const speaker =
      utterance.labelledSpeaker === 'unknown' && (turnSize.get(utterance.turn) ?? 0) > MAX_SENTENCES_PER_TURN
        ? inferSpeaker(utterance.text, turnLanguage.get(utterance.turn) ?? overall)
        : (turnSpeaker.get(utterance.turn) ?? 'unknown');
    const language = detectLanguage(utterance.text, turnLanguage.get(utterance.turn) ?? overall);
    if (utterance.turn !== previousTurn && speaker === 'client') context = null;
    previousTurn = utterance.turn;
    const text = utterance.text;
    const scores = cueScores(text, language);
    const base = { utterance, language, speaker, scores };
    const followsSmallTalk = afterSmallTalk;
    afterSmallTalk = false;
    const drop = (dropReason: DropReason): void => {
      afterSmallTalk =
        dropReason === 'small-talk' || (dropReason === 'no-clinical-content' && followsSmallTalk);
      out.push({ ...base, section: null, dropReason });
    };

    if (isRecordingControl(text)) {
      drop('recording-control');
      continue;
    }
    if (isSmallTalk(text)) {
      drop('small-talk');
      continue;
    }
    if (isQuestion(text)) {
      drop('question');
      continue;
    }
    const header = speaker === 'client' ? null : headerSection(text);
    if (header) context = header;
    const total = scores.S + scores.O + scores.A + scores.P;
    if (followsSmallTalk && !header && total < MIN_SCORE_AFTER_SMALL_TALK) {
      drop('small-talk');
      continue;
    }
    if (speaker === 'client') {
      if (total >= MIN_SCORE) out.push({ ...base, section: 'S' });
      else drop('no-clinical-content');
      continue;
    }
    if (header) {
      out.push({ ...base, section: header });
      continue;
    }
    // Inside a dictated section everything is clinical, so a weaker cue suffices there.
    if (total < (context ? MIN_SCORE - 1 : MIN_SCORE)) {
      drop('no-clinical-content');
      continue;
    }
    const withContext = { ...scores };
    if (context) withContext[context] += 4;
    out.push({ ...base, section: argmax(withContext) });
  }
  return out;
}
