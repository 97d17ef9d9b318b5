/**
 * Decides, for every utterance, which SOAP section it belongs to or why it is left out of the notes. Nothing
 * is dropped silently: the extractor lists every left-out utterance with its reason.
 *
 * Rules, in order (each is unit-tested):
 *  1. recording control ('okay, recording', 'einde van notas') is left out as logistics ('scheduling');
 *  2. questions are left out ('question'): the answer, not the question, carries the fact, and a question
 *     must never read as a finding;
 *  3. greetings and acknowledgements with no other content ('Okay, lovely, thanks') are left out;
 *  4. small talk, billing and scheduling are left out only when the sentence carries no measured fact
 *     (number with a unit, drug, vital sign) and little cue weight; the learned model (model.ts) leaves out a
 *     clinically silent sentence it judges to be chat;
 *  5. everything else is kept. A client's statements go to Subjective (owners report; vets examine, assess
 *     and treat); a spoken header ('Plan:', 'By ondersoek') sets the section for what follows it;
 *     otherwise the lexicon's cue scores plus the model's log-probabilities pick the section, with
 *     conditional and future actions and instructions to the owner pulled to the Plan.
 */
import type { LeftOutReason } from '../schemas/clinical';
import { lexicon, SOAP_KEYS, type SoapKey } from './lexicon';
import leftOutJson from './lexicon/leftout.json' with { type: 'json' };
import { leftOutLexicon, predictClasses, utteranceFeatures, type ModelClass, type NotesModel } from './model';
import modelJson from './model/weights.json' with { type: 'json' };
import { extractVitals, type Language } from './normalise';
import type { Speaker, Utterance } from './split';
import { contentTokens, findTerms, hasTerm, words } from './text';

export interface Classified {
  utterance: Utterance;
  language: Language;
  speaker: Speaker;
  /** The SOAP section, or null when the utterance is left out of the notes (then leftOutReason says why). */
  section: SoapKey | null;
  leftOutReason?: LeftOutReason;
  /** For a left-out utterance: the section the model would have chosen. */
  suggestedSection?: SoapKey;
  scores: Record<SoapKey, number>;
  probabilities: Record<ModelClass, number>;
  /** A question and its yes/no answer written as one statement ('No diarrhoea'); the bullet's text. */
  composedText?: string;
  /** Further transcript stretches the bullet rests on (the question a short answer completes). */
  extraSpans?: Array<{ start: number; end: number }>;
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
  return cueAnalysis(text, language).scores;
}

/** What one scan of a sentence with the lexicon finds: cue scores, and the facts the model uses as features. */
export interface CueAnalysis {
  scores: Record<SoapKey, number>;
  /** 'S2', 'P6', …: which section cues of which weight (2 or more) fired. */
  fired: string[];
  drugs: number;
  vitals: number;
}

/** Scans a sentence once with every lexicon matcher (the expensive step: each matcher is a large alternation). */
export function cueAnalysis(text: string, language: Language): CueAnalysis {
  const lex = lexicon();
  const scores: Record<SoapKey, number> = { S: 0, O: 0, A: 0, P: 0 };
  const fired: string[] = [];
  for (const section of SOAP_KEYS) {
    const seen = new Set<string>();
    for (const { weight, pattern } of lex.cues[section]) {
      const matches = findTerms(pattern, text);
      if (matches.length > 0 && weight >= 2) fired.push(`${section}${weight}`);
      for (const match of matches) {
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
  return { scores, fired, drugs, vitals };
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
  // A named disease ('dental disease', 'longsiekte', 'an infection') is the vet's word too.
  const vetSigns =
    extractVitals(turnText, language).length +
    (DOSE.test(turnText) ? 1 : 0) +
    (decisive ? findTerms(decisive.pattern, turnText).length : 0) +
    (/(?<![\p{L}])(?:\p{L}{3,20} disease|\p{L}{0,20}infection|\p{L}{0,20}siekte|\p{L}{0,20}infeksie)(?![\p{L}])/iu.test(
      turnText,
    )
      ? 1
      : 0);
  return vetSigns > 0 ? 'unknown' : 'client';
}

const MAX_SENTENCES_PER_TURN = 12;

/** A sentence with this much cue weight is clinical even right after small talk. */
const STRONG_CLINICAL = 6;
/** …and with this much, even when it also mentions money, sport or the weather. */
const CHAT_OVERRIDE = 10;
/** Below this cue weight a sentence says nothing clinical by the lexicon's measure. */
const MIN_CLINICAL = 3;
const AMBIGUOUS_SMALL_TALK = new Set([
  'eggs',
  'eiers',
  'kids',
  'children',
  'kinders',
  'tea',
  'tee',
  'game',
  'cost',
  'costs',
  'price',
  'prys',
  'office',
  'kantoor',
  'flood',
  'cash',
  'kontant',
  'bulls',
  'bulle',
  'koppie',
]);

function hasChatTerm(text: string): boolean {
  const left = leftOutLexicon();
  return hasTerm(left.social, text) || hasTerm(left.billing, text) || isSmallTalk(text);
}

function smallTalkTerms(text: string): string[] {
  return findTerms(lexicon().smallTalk, text).map((m) => m.text.toLowerCase().replace(/[\s,]+/gu, ' '));
}
/** The model must be this sure an utterance is chat before a clinically silent sentence is left out. */
const LEAVE_OUT_PROBABILITY = 0.7;
/** How much the model's log-probability counts against the lexicon's cue points when choosing a section. */
const MODEL_WEIGHT = 1;
/** Floor under the model's probabilities, so that one over-confident model cannot veto a strong cue. */
const MODEL_FLOOR = 0.05;

const NUMBER_WITH_UNIT =
  /\d\s*(?:%|kg|g\b|gram|mg|ml|mm|cm|bpm|°|degrees|grade|per minute|per minuut|minutes|minute|sec|seconds|sekondes|hours|ure|uur|days|dae|weeks|weke|months|maande|years|jaar|liters?|litres?)/iu;
// Conditional and future actions belong to the Plan ('if she vomits again, bring her back', 'tensy …').
const CONDITIONAL_ACTION =
  /(?:^|[,;]\s*)(?:(?:but|and|maar|en) )?(?:only )?(?:if|unless|should (?:he|she|it|they)|in case|indien|tensy|as (?:hy|sy|dit|hulle|die|jy|julle))(?![\p{L}])/iu;
// Owner instructions phrased as the vet's wish: 'I want you to…', 'ek wil hê jy moet…'.
const INSTRUCTION =
  /(?<![\p{L}])(?:i want you to|i'd like you to|i would like you to|you need to|you must|you should|make sure|please|ek wil hê (?:jy|julle|u) (?:moet)?|jy moet|julle moet|u moet|maak seker)(?![\p{L}])/iu;

// The vet announcing what will be done: a plan, not a finding ('I'll run a clotting time', 'ons sal …').
const FUTURE_ACTION =
  /^(?:\s*(?:okay|ok|so|and|then|now|right|goed|nou|dan|en)\b[\s,]*){0,3}(?:i'll|i will|we'll|we will|i'm going to|we're going to|i am going to|we are going to|let's|ek gaan|ons gaan|ek sal|ons sal)(?![\p{L}])/iu;

/** A vital sign stated as a present measurement (not inside a condition's threshold). */
function measuredNow(text: string, language: Language): boolean {
  const clauses = text.split(/[,;]/u);
  return clauses.some(
    (clause) => !CONDITIONAL_ACTION.test(clause.trim()) && extractVitals(clause, language).length > 0,
  );
}

const SHORT_NO =
  /^\s*(?:no|nope|nah|not really|none|never|nee|glad nie|geensins|nie regtig nie)\b[\s,.!]*(?:(?:doctor|dokter|doc|dok|sir|ma'am|meneer|mevrou|not that i(?:'ve| have)? (?:seen|noticed)|nie wat ek gesien het nie)[\s,.!]*)?$/iu;
const SHORT_YES =
  /^\s*(?:yes|yeah|yep|yup|ja|jip|definitely|beslis|it has|he has|she has|hy het|sy het)\b[\s,.!]*(?:(?:doctor|dokter|doc|dok|sir|meneer|mevrou)[\s,.!]*)?$/iu;
const QUESTION_OPENING =
  /^\s*(?:(?:okay|ok|so|and|right|alright|goed|en|nou)[\s,]+){0,2}(?:is there any|are there any|is there|are there|have you (?:noticed|seen|had)(?: any)?|has (?:he|she|it|the \p{L}+) (?:had|been|got)(?: any)?|does (?:he|she|it) have(?: any)?|do (?:you|they) (?:see|notice)(?: any)?|did (?:he|she|it|you) (?:have|see|notice)(?: any)?|any|het (?:hy|sy|dit|julle|jy)(?: al)?(?: enige)?|is daar(?: enige)?|enige)\s+/iu;

/** The statement a question and its short yes/no answer make together, or null when it is no such pair. */
export function answeredQuestion(question: string, answer: string, language: Language): string | null {
  const no = SHORT_NO.test(answer);
  if (!no && !SHORT_YES.test(answer)) return null;
  const opening = QUESTION_OPENING.exec(question);
  if (!opening) return null;
  const topic = question
    .slice(opening[0].length)
    .replace(/[?.!\s]+$/u, '')
    .replace(/\s+(?:at all|so far|lately|recently|today|vandag|onlangs)$/iu, '');
  if (contentTokens(topic).length === 0 || topic.split(/\s+/u).length > 12) return null;
  if (no) return `${language === 'af' ? 'Geen' : 'No'} ${topic}`;
  return `${topic.charAt(0).toLocaleUpperCase()}${topic.slice(1)} (${language === 'af' ? 'ja' : 'yes'})`;
}

function argmax(scores: Record<SoapKey, number>): SoapKey {
  // Ties go to the later section: a sentence naming both a finding and a treatment is usually the treatment.
  let best: SoapKey = 'S';
  for (const section of SOAP_KEYS) if (scores[section] >= scores[best]) best = section;
  return best;
}

let model: NotesModel | undefined;
function notesModel(): NotesModel {
  model ??= modelJson as unknown as NotesModel;
  return model;
}

/** Runs `fn` with another model (cross-validation in the evaluation); the shipped weights come back after. */
export function withNotesModel<T>(other: NotesModel, fn: () => T): T {
  const previous = notesModel();
  model = other;
  try {
    return fn();
  } finally {
    model = previous;
  }
}

/** The most specific reason an utterance is talk about something other than the animal. */
export function leftOutReasonOf(text: string): LeftOutReason {
  const left = leftOutLexicon();
  if (hasTerm(left.billing, text)) return 'billing';
  if (hasTerm(left.scheduling, text) || isRecordingControl(text)) return 'scheduling';
  if (hasTerm(left.social, text) || isSmallTalk(text)) return 'small-talk';
  if (hasTerm(left.greeting, text)) return 'greeting';
  return 'small-talk';
}

let greetingWords: Set<string> | undefined;
/** Content words that are not greetings or acknowledgements ('Okay, lovely, thanks' has none). */
function substantiveTokens(text: string): string[] {
  if (!greetingWords) {
    greetingWords = new Set<string>();
    for (const term of leftOutJson.greeting) for (const t of contentTokens(term)) greetingWords.add(t);
  }
  const known = greetingWords;
  return contentTokens(text).filter((t) => !known.has(t));
}

/**
 * Classifies every utterance of a transcript (see the module comment for the rules). Nothing is dropped:
 * an utterance either gets a section or a left-out reason.
 */
export function classifyUtterances(utterances: Utterance[]): Classified[] {
  const turnText = new Map<number, string>();
  const turnSize = new Map<number, number>();
  const firstOfTurn = new Map<number, Utterance>();
  for (const u of utterances) {
    turnText.set(u.turn, `${turnText.get(u.turn) ?? ''} ${u.text}`);
    turnSize.set(u.turn, (turnSize.get(u.turn) ?? 0) + 1);
    if (!firstOfTurn.has(u.turn)) firstOfTurn.set(u.turn, u);
  }
  const turnLanguage = new Map<number, Language>();
  const turnSpeaker = new Map<number, Speaker>();
  let overall: Language = detectLanguage([...turnText.values()].join(' '));
  for (const [turn, text] of turnText) {
    const language = detectLanguage(text, overall);
    turnLanguage.set(turn, language);
    const labelled = firstOfTurn.get(turn)?.labelledSpeaker ?? 'unknown';
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
    const analysis = cueAnalysis(text, language);
    const scores = analysis.scores;
    const probabilities = predictClasses(
      notesModel(),
      utteranceFeatures(text, { speaker, language }, analysis),
    );
    const base = { utterance, language, speaker, scores, probabilities };
    const followsSmallTalk = afterSmallTalk;
    afterSmallTalk = false;
    const suggestion = (): SoapKey => {
      const { L: _left, ...sections } = probabilities;
      return argmax(sections);
    };
    const leave = (leftOutReason: LeftOutReason): void => {
      afterSmallTalk = leftOutReason !== 'question';
      out.push({ ...base, section: null, leftOutReason, suggestedSection: suggestion() });
    };

    if (isRecordingControl(text)) {
      leave('scheduling');
      continue;
    }
    // A short yes/no answer completes the question before it: 'Any diarrhoea?' 'No.' → 'No diarrhoea'.
    const previous = out.at(-1);
    const answered =
      previous?.leftOutReason === 'question' && previous.speaker !== speaker
        ? answeredQuestion(previous.utterance.text, text, language)
        : null;
    if (previous && answered) {
      out.pop();
      out.push({ ...base, section: 'S', composedText: answered, extraSpans: [previous.utterance] });
      continue;
    }
    if (isQuestion(text)) {
      leave('question');
      // 'Did you watch the cricket?' starts small talk: its answer is more of the same.
      afterSmallTalk = leftOutReasonOf(text) === 'small-talk' && hasChatTerm(text);
      continue;
    }
    if (substantiveTokens(text).length === 0) {
      leave(leftOutReasonOf(text));
      continue;
    }
    const header = speaker === 'client' ? null : headerSection(text);
    if (header) context = header;
    const total = scores.S + scores.O + scores.A + scores.P;
    // Measured facts and treatments are clinical whatever else the sentence mentions.
    const measured = NUMBER_WITH_UNIT.test(text) || analysis.drugs > 0 || analysis.vitals > 0;
    const left = leftOutLexicon();
    const chat =
      hasTerm(left.billing, text) ||
      hasTerm(left.scheduling, text) ||
      smallTalkTerms(text).some((term) => !AMBIGUOUS_SMALL_TALK.has(term));
    // Social words ('the neighbour', 'the road', 'school') leave a sentence out only when it says nothing
    // clinical: 'I suspect the neighbour fed her chocolate' is history.
    const social = !chat && hasTerm(left.social, text);
    // Words that are small talk in one consultation and history in another ('eggs' of a layer flock, goat
    // 'kids', urine 'like tea'): they leave a sentence out only when nothing clinical is said with them.
    const ambiguousChat = !chat && smallTalkTerms(text).length > 0;
    // What the vet says will be done, or tells the owner to do, is Plan material even in unknown words.
    const announcedAction = speaker !== 'client' && (FUTURE_ACTION.test(text) || INSTRUCTION.test(text));
    if (!header && !measured) {
      if (
        (chat && total < CHAT_OVERRIDE) ||
        (social && total < MIN_CLINICAL) ||
        (!announcedAction &&
          ((ambiguousChat && total < MIN_CLINICAL - 1 && probabilities.L >= 0.5) ||
            (followsSmallTalk && total < STRONG_CLINICAL && probabilities.L > 0.5) ||
            (probabilities.L >= LEAVE_OUT_PROBABILITY && total < MIN_CLINICAL - 1)))
      ) {
        leave(leftOutReasonOf(text));
        continue;
      }
    }
    if (speaker === 'client') {
      out.push({ ...base, section: 'S' });
      continue;
    }
    if (header) {
      out.push({ ...base, section: header });
      continue;
    }
    const combined = { ...scores };
    for (const section of SOAP_KEYS)
      combined[section] += MODEL_WEIGHT * Math.log(probabilities[section] + MODEL_FLOOR);
    if (context) combined[context] += 4;
    if (INSTRUCTION.test(text) || FUTURE_ACTION.test(text)) combined.P += 5;
    // A conditional action stays in the Plan: it is never a finding ('if the count is over 500, treat').
    const section = CONDITIONAL_ACTION.test(text) && !measuredNow(text, language) ? 'P' : argmax(combined);
    out.push({ ...base, section });
  }
  return out;
}
