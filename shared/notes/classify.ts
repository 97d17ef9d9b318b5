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
 *     clinically silent sentence it judges to be chat; so is a story about an animal that is not the patient
 *     (patient.ts: someone else's animal, wildlife) and the news of a person of the household or one named;
 *  5. everything else is kept. A client's statements go to Subjective (owners report; vets examine, assess
 *     and treat); a spoken header ('Plan:', 'By ondersoek') sets the section for what follows it;
 *     otherwise the lexicon's cue scores plus the model's log-probabilities pick the section, with
 *     conditional and future actions and instructions to the owner pulled to the Plan.
 */
import type { LeftOutReason } from '../schemas/clinical';
import { lexicon, SOAP_KEYS, type SoapKey } from './lexicon';
import leftOutJson from './lexicon/leftout.json' with { type: 'json' };
import {
  DIAGNOSIS_STATEMENT,
  DIFFERENTIAL,
  ownersOwnHealthAt,
  OWNER_WORRY,
  PROGNOSIS,
  toldHistory,
  treatedBefore,
} from './phrases';
import {
  leftOutLexicon,
  positionOdds,
  predictClasses,
  utteranceFeatures,
  type ModelClass,
  type NotesModel,
} from './model';
import modelJson from './model/weights.json' with { type: 'json' };
import { animalIdIn } from './animals';
import { extractVitals, numberWordsToDigits, type Language } from './normalise';
import { aboutAnotherAnimal, patientKinds, predatorsKillAt } from './patient';
import { isClosingFormula, type Speaker, type Utterance } from './split';
import { talksAboutTheTalk } from './talk';
import { compileTerms, contentTokens, findTerms, hasTerm, words } from './text';

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

// (Not a laboratory activity: 'ALT 380 IU per litre', '48 000 units per litre', 'CK 900 U/L'.)
const DOSE =
  /\d\s*(?:mg\/kg|mg|ml|IU|µg\/kg|units|eenhede|milligram|millilit|cc)\b(?!\s*(?:\/\s*l\b|per\s+lit(?:re|er)|per\s+l\b))/iu;
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

/**
 * Afrikaans 'as hy…' is 'if he…' where it opens a clause ('As sy nie eet nie, bel my') but 'when he…' after a
 * main clause ('hy huil as hy druk' is history): only the first is a condition of the plan's. ('Bring hom terug as
 * hy ophou eet' has its plan cue in the instruction.) English 'if she…' stays a plan cue anywhere: after a main
 * clause it is almost always an instruction's condition ('phone us if she's not eating by Friday').
 */
const AFRIKAANS_CONDITION =
  /(?:^|[,;:]\s*)(?:(?:maar|en|en dan|dan) )?as (?:hy|sy|die|dit|hulle|jy|julle)(?![\p{L}])/iu;

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
  if (AFRIKAANS_CONDITION.test(text)) scores.P += 3;
  const vitals = extractVitals(numberWordsToDigits(text), language).length;
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
  // 'My findings: …' is the header 'findings:' in the vet's voice.
  const head = stripOpeners(text).replace(/^(?:my|our|ons)\s+(?=\p{L}+\s*:)/iu, '');
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
// A question word asks only when the verb follows it ('when did he…', 'wanneer het jy…'); followed by a subject it
// opens a statement's clause ('When I look at her teeth, the molars…', 'wanneer ek druk, …').
const INTERROGATIVE_START =
  /^(?:(?:do|does|did|have|has|had|are|is|was|were|can|could|would|will|should)\s+(?:you|he|she|it|they|we|there|your|his|her|the|that|this|these|those)\b|any(?:thing|one|body)?\b|(?:(?:can|could) you\s+)?tell me\s+(?:about|what|how|when|where|more)\b|(?:kan jy\s+)?vertel (?:my|vir my)\s+(?:van|wat|hoe|wanneer|waar)\b|(?:how|when|where|why|which|what)\b(?!\s+(?:i|we|he|she|it|they|you|the|his|her|your|our|my)\b)|(?:het|is|was|kan|sal|moet|wil)\s+(?:jy|hy|sy|dit|daar|julle|u|hulle)\b|(?:hoe|wanneer|waar|hoekom|watter|wat)\b(?!\s+(?:ek|ons|hy|sy|dit|hulle|jy|julle|u|die|sy|haar|jou|my|'n)\b))/iu;

// 'What worries me is a bleed…', 'What he needs is rest': a wh-clause as the subject of a statement.
const PSEUDO_CLEFT = /^(?:what|wat)\s+(?:[\p{L}']+\s+){1,3}(?:is|was|are|were)\s+\p{L}/iu;

export function isQuestion(text: string): boolean {
  // Only comma-separated interjections and English fillers are skipped: an Afrikaans adverb before the verb
  // ('Verder moet jy…', 'Dan is daar…') makes a statement, not a question.
  const start = text.replace(
    /^(?:\s*(?:[\p{L}'-]+\s*,|okay|ok|so|alright|all right|um|uh|and|well|i mean|you know|yeah|now|reg|goed|mooi|ja)\s*)+/iu,
    '',
  );
  if (/\?\s*$/u.test(text)) return true;
  return INTERROGATIVE_START.test(start) && !PSEUDO_CLEFT.test(start);
}

/** Guesses who speaks a turn when the transcript has no speaker labels. */
export function inferSpeaker(turnText: string, language: Language): Speaker {
  const lex = lexicon();
  // An owner citing the vet's earlier advice is reporting history, doses and all ('soos Dokter gesê het').
  if (OWNER_CITES_VET.test(turnText)) return 'client';
  const clientMarks = findTerms(lex.clientMarkers, turnText).length;
  if (clientMarks === 0) return 'unknown';
  return vetSigns(turnText, language) > 0 ? 'unknown' : 'client';
}

const OWNER_CITES_VET =
  /(?<![\p{L}])(?:soos (?:die )?(?:dokter|dok|veearts) (?:gesê|voorgeskryf|aanbeveel)|as (?:the )?(?:doctor|doc|vet) (?:said|told|prescribed|recommended)|like (?:the )?(?:doctor|doc|vet) (?:said|told))(?![\p{L}])/iu;

const LAB_RESULT =
  /(?<![\p{L}])(?:came back|culture|sensitive to|resistant to|results? (?:show|shows|are|is)|uitslae|kweking|sensitief vir|weerstandig teen)(?![\p{L}])/iu;

/** Signs that the vet speaks: doses, vital signs, decisive assessment words, a named disease. */
function vetSigns(turnText: string, language: Language): number {
  const lex = lexicon();
  // Vets quote drugs with doses and measure vitals; a turn doing either is the vet's despite a marker.
  // So do assessment words: clients do not give prognoses or differentials.
  const decisive = lex.cues.A.find((c) => c.weight === 6);
  // A named disease ('dental disease', 'longsiekte', 'an infection') is the vet's word too.
  // A diagnosis named with its drug or its laboratory result ('culture came back: E. coli, sensitive to ceftiofur;
  // so this is mastitis') is the vet's reasoning, however an owner might name the disease.
  lex.diseaseSuffix.lastIndex = 0;
  const diagnosis =
    lex.diseaseSuffix.test(turnText) && (hasTerm(lex.drugNames, turnText) || LAB_RESULT.test(turnText))
      ? 1
      : 0;
  return (
    diagnosis +
    // Owners do not quote laboratory units: 'potassium is 7.2 millimoles per litre' is read off a machine,
    // by the vet or a nurse, whoever else the turn addresses ('Doc, results are out: …').
    (readOffAMachine(turnText) ? 1 : 0) +
    extractVitals(numberWordsToDigits(turnText), language).length +
    (DOSE.test(turnText) ? 1 : 0) +
    (decisive ? findTerms(decisive.pattern, turnText).length : 0) +
    (/(?<![\p{L}])(?:\p{L}{3,20} disease|\p{L}{0,20}infection|\p{L}{0,20}siekte|\p{L}{0,20}infeksie)(?![\p{L}])/iu.test(
      turnText,
    )
      ? 1
      : 0)
  );
}

// A blood or urine test's value as it stands now ('the PCV is 52 percent', 'TP: 58', 'ureum is 30'): the staff
// read it off the machine. Not glucose (owners of diabetic pets measure it at home) and not in the past tense
// (an owner repeating another vet's figure is history).
const LAB_VALUE_NOW =
  /(?<![\p{L}])(?:pcv|haematocrit|hematocrit|hematokriet|hematokrit|total protein|totale proteïen|tp|lactate|laktaat|usg|urine specific gravity|creatinine|kreatinien|urea|ureum|sodium|natrium|potassium|kalium|white (?:cell|blood cell) count|wbc|platelets?|plaatjies|neutrophils?|neutrofiele)\s*(?:(?:is|of|at|van|op|:|=)\s*)?(?:about |omtrent |net )?\d/iu;

/** A laboratory unit or a test's value as it stands now, number words read as digits. */
function readOffAMachine(text: string): boolean {
  const digits = numberWordsToDigits(text);
  return LAB_ONLY_UNIT.test(digits) || LAB_VALUE_NOW.test(digits) || TEST_RESULT.test(text);
}

// The weather's temperature, not the animal's: '36 degrees in the shade', 'this heat' ('she is in heat' is oestrus).
const AMBIENT_TEMPERATURE =
  /\d+(?:[.,]\d+)?\s*(?:°\s*c?|degrees|grade)\s+(?:(?:hier|here|out|outside|buite)\s+)?in\s+(?:the|die)\s+(?:shade|skaduwee)|(?<![\p{L}])(?:this|hierdie)\s+(?:heat|hitte)(?![\p{L}])/iu;

const MAX_SENTENCES_PER_TURN = 12;
/** An owner's answer inside a whole recording on one line is a few words long. */
const ANSWER_WORDS = 8;

/**
 * Inside a whole recording on one line (no turns to go by): a short remark right after the vet's question
 * about the animal is the owner's answer ('wanneer is hulle laas gedip' · 'die dip was ses weke gelede'), unless
 * it reads like the vet's (doses, vital signs, drugs, instructions).
 */
function answersVetsQuestion(
  before: Classified | undefined,
  utterance: Utterance,
  language: Language,
): boolean {
  if (before?.leftOutReason !== 'question' || before.utterance.turn !== utterance.turn) return false;
  const question = before.utterance.text;
  if (!ABOUT_THE_ANIMAL.test(question) || OWNERS_QUESTION.test(stripOpeners(question))) return false;
  if (answerSection(question) !== null) return false;
  const text = utterance.text;
  return (
    words(text).length <= ANSWER_WORDS &&
    !isQuestion(text) &&
    // (An owner names the drug given before, 'in March with the ivermectin', but not its dose.)
    vetSigns(text, language) === 0 &&
    !INSTRUCTION.test(text) &&
    !FUTURE_ACTION.test(text) &&
    !VET_REPLY.test(text)
  );
}
const OWNERS_QUESTION =
  /^(?:(?:and|en|but|maar)\s+)?(?:will|would|sal|sou|can|could|kan|should|moet|mag|may|must|what if|wat as|if|as|when do you want|how long (?:until|before|till)|hoe lank voor)(?![\p{L}])/iu;
// The vet's words in a reply: asking to be phoned, announcing a visit ('phone me and we'll X-ray', 'bel my dan kom ek').
const VET_REPLY =
  /(?<![\p{L}])(?:(?:phone|call|ring|contact|bel|skakel)\s+(?:me|us|my|ons)|(?:i'll|we'll|i will|we will) (?:come|x-ray|check|re-?check|see|examine|scan|repeat)|kom ek (?:terug|weer|môre)|sal ek (?:terugkom|weer kom))(?![\p{L}])/iu;
/** An owner's answer to a question is short; a longer turn after a question is more likely the vet's. */
const ANSWER_TURN_SENTENCES = 3;
// A question about the animal or the owner's observations (asked by the vet), not about the vet's opinion.
const ABOUT_THE_ANIMAL =
  /(?<![\p{L}])(?:you|he|she|it|they|him|her|jy|julle|u|hy|sy|dit|hom|haar|hulle|any|enige)(?![\p{L}])/iu;

/** How many words may open a stretch of run-on speech before what it is about ('and then my sugar was…'). */
const OPENING_WORDS = 4;
// …or after the words that tell who said it ('mr steyn told me about his own heart stent…', 'oom piet het vertel…').
const REPORTED_BY =
  /^(?:[\p{L}'’.]+\s+){1,3}(?:also\s+|ook\s+)?(?:told me|told us|mentioned|said|says|asked me|was telling me|sê|het vertel|het gesê|het gevra|vra)\s+(?:about|that|oor|dat|if|of)?\s*$/iu;
// Afrikaans names a test in one word ('ketoontoets', 'mistoets') that no cue list can hold.
const AFRIKAANS_TEST = /(?<![\p{L}])\p{L}{2,}toetse?(?![\p{L}])/iu;
// Where the animal came from ('we bought him at eight weeks from a man at the filling station'): history.
const ACQUIRED =
  /(?<![\p{L}])(?:bought|got|adopted|rescued|gekoop|gekry|aangeneem)\s+(?:(?:him|her|them)(?![\p{L}])|(?:hom|haar|hulle)\s+(?:op|at|by|van|as|toe))|(?:het|have|had)\s+(?:hom|haar|hulle)\s+(?:[\p{L}']+\s+){0,6}?(?:gekoop|gekry|aangeneem)(?![\p{L}])/iu;
// A remedy tried at home, by whoever ('Haar ma het swawelsalf op die kolle gesmeer', 'my husband put some cream on
// it'): the animal's treatment history, household words and all.
const HOME_REMEDY =
  /(?<![\p{L}])(?:(?:applied|put|rubbed|gave|used|sprayed|washed|smeer|gesmeer|gegee|gebruik|gespuit|gewas|gegooi)\s+(?:[\p{L}'-]+\s+){0,4}?\p{L}*(?:salf|ointment|cream|room|spray|shampoo|sjampoe|powder|poeier|olie|oil|drops|druppels|pille|pills|tablets|tablette|medisyne|medicine)|\p{L}*(?:salf|ointment|cream|shampoo|sjampoe|poeier|olie|druppels|pille|tablette|medisyne)\s+(?:[\p{L}'-]+\s+){0,4}?(?:gesmeer|gegee|gespuit|gebruik|opgesit|ingevryf|aangesit|ingegooi|on (?:it|him|her|the)))(?![\p{L}])/iu;
// The animal's age ('She's nine now', 'hy is al twaalf jaar oud'): its signalment, history however chatty.
const AGE_TOLD =
  /^(?:\s*(?:and|en|oh|ja|yes|well)[\s,]+)?(?:he|she|it|hy|sy|dit)(?:'s|\s+is|\s+was)\s+(?:al\s+|now\s+|nou\s+|already\s+|about\s+|omtrent\s+|so\s+)?(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|een|twee|drie|vier|vyf|ses|sewe|agt|nege|tien|elf|twaalf|dertien|veertien|vyftien)(?:\s+(?:years?|jaar|months?|maande|weeks?|weke)(?:\s+old|\s+oud)?)?(?:\s+(?:now|nou|already|al))?[\s,.!]*$/iu;
// Feeding the animal ('gives her biltong', 'voer vir hom pap'); not a favour to a person ('we gave him a lift').
const FED_TO_ANIMAL =
  /(?<![\p{L}])(?:gives?|gave|giving|feeds?|fed|feeding|sneaks?|slips?|gee|gegee|voer|gevoer)\s+(?:her|him|them|hom|haar|hulle|vir (?:hom|haar|hulle))\s+(?!(?:a|an|'n)\s+(?:lift|ride|call|ring|hand|hug|break|chance|moment|minute|shout|kans|lift|geleentheid|oproep)(?![\p{L}]))(?:some\s+|a\s+(?:bit|piece) of\s+|'n\s+(?:bietjie|stukkie)\s+)?\p{L}/iu;
/** A sentence with this much cue weight is clinical even right after small talk. */
const STRONG_CLINICAL = 6;
/** …and with this much, even when it also mentions money, sport or the weather. */
const CHAT_OVERRIDE = 10;
/** An unpunctuated stretch longer than this is more than a question when it carries strong cues. */
const RUN_ON_QUESTION_WORDS = 12;
/** Below this cue weight a sentence says nothing clinical by the lexicon's measure. */
const MIN_CLINICAL = 3;
/** A remark this short after chat ('That try in the last minute!') carries the chat on. */
const SHORT_REMARK_WORDS = 8;
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
// Plan cues that only mark the future tense or a time of day ('gaan', 'will', 'tonight'): they tell what the vet
// will do once a sentence is clinical, but do not make a sentence clinical ('the power goes off again tonight').
const TENSE_ONLY_CUES = compileTerms([
  'will',
  'sal',
  "we'll",
  'we will',
  'ons sal',
  'gaan',
  'going to',
  'later',
  'today',
  'vandag',
  'tonight',
  'vanaand',
  'next week',
  'volgende week',
]);
const TENSE_CUE_WEIGHT = 2;

/** Money, bills and appointments: left out of the notes whatever clinical words come with them. */
function moneyOrDiary(text: string): boolean {
  return MONEY.test(text) || hasTerm(leftOutLexicon().billing, text) || schedulingTalk(text);
}

/**
 * Logistics words other than the recorder's own ('recording', 'dictation'): those make a short sentence a
 * recording control (isRecordingControl) but say nothing about a long one ('okay recording colic call-out…').
 */
function schedulingTalk(text: string): boolean {
  const recorder = lexicon().recordingControl;
  // Moving on to the exam ('…carrots as treats let's have a look') must not take the history before it along.
  const { scheduling, examTransition } = leftOutLexicon();
  return findTerms(scheduling, text).some(
    (m) => !hasTerm(recorder, m.text) && !hasTerm(examTransition, m.text),
  );
}

/** Cue weight of a sentence without the tense-only Plan cues: how much clinical content it carries. */
function contentWeight(text: string, scores: Record<SoapKey, number>): number {
  const tense = new Set(findTerms(TENSE_ONLY_CUES, text).map((m) => m.text.toLowerCase())).size;
  const total = scores.S + scores.O + scores.A + scores.P;
  return total - Math.min(scores.P, tense * TENSE_CUE_WEIGHT);
}

/** The model must be this sure an utterance is chat before a clinically silent sentence is left out. */
const LEAVE_OUT_PROBABILITY = 0.8;
/** …above this, weak cues do not keep it either (CHAT_OVERRIDE bounds them). */
const SURE_CHAT_PROBABILITY = 0.9;
/** Pull of the previous sentence's section on the next one of the same speaker's turn. */
const SECTION_INERTIA = 2;
/** Right after small talk, the model must be this sure a clinically weak sentence is more of it. */
const FOLLOWING_CHAT_PROBABILITY = 0.5;
/**
 * Below this, the model's doubt that a sentence is chat keeps a sentence with a small-talk word in the notes when
 * it also has clinical cues or instructs the owner ('since the hailstorm on Sunday the heifer has been off her
 * feed'); money, bills, appointments and the weather's temperature are left out regardless.
 */
const CHAT_MODEL_FLOOR = 0.15;
/** How much the model's log-probability counts against the lexicon's cue points when choosing a section. */
const MODEL_WEIGHT = 1;
/** Floor under the model's probabilities, so that one over-confident model cannot veto a strong cue. */
const MODEL_FLOOR = 0.05;
/** How much where a sentence falls in the consultation counts (history first, plan last). */
const POSITION_WEIGHT = 3;
/** Fewer sentences than this are a short dictation or a few lines: where a sentence falls says little there. */
const POSITIONED_UTTERANCES = 12;

const NUMBER_WITH_UNIT =
  /\d\s*(?:%|kg|kilo(?:gram(?:me)?s?|s)?(?![\p{L}])|g\b|gram|mg|ml|mm|cm|bpm|°|degrees|grade|per minute|per minuut|minutes|minute|sec|seconds|sekondes|hours|ure|uur|days|dae|weeks|weke|months|maande|years|jaar|liters?|litres?)/iu;
// A weight read off the scale, once spoken numbers are digits ('1.9 kilograms', '34 kilo').
const SPOKEN_READING = /\d\s*(?:kg|kilo(?:gram(?:me)?s?|s)?(?![\p{L}]))/iu;
// Conditional and future actions belong to the Plan ('if she vomits again, bring her back', 'tensy …').
const CONDITIONAL_ACTION =
  /(?:^|[,;]\s*)(?:(?:but|and|maar|en) )?(?:only )?(?:if|unless|should (?:he|she|it|they)|in case|indien|tensy|as (?:hy|sy|dit|hulle|die|jy|julle))(?![\p{L}])/iu;
// Owner instructions phrased as the vet's wish: 'I want you to…', 'ek wil hê jy moet…'.
const INSTRUCTION =
  /(?<![\p{L}])(?:i want you to|i'd like you to|i would like you to|you need to|you must|you should|make sure|please|ek wil hê (?:jy|julle|u) (?:moet)?|jy moet|julle moet|u moet|maak seker)(?![\p{L}])/iu;

// The vet announcing what will be done: a plan, not a finding ('I'll run a clotting time', 'ons sal …'). Afrikaans
// tells the near future in the present tense: 'ek bel môre…', 'ons stuur 'n monster…' (verbs of the vet's actions).
// Advice opening the sentence is the plan it proposes ('I suggest we…', 'ek stel voor ons sit haar uit').
// What the animals get from the vet now ('al drie kry vandag 'n hondsdolheid-opknapper', 'he gets a long-acting shot
// now', 'both get a tetanus shot today'): the treatment given at the visit, told in the present, whatever its words.
const GETS_NOW =
  /^(?:\s*(?:okay|ok|so|and|then|now|right|goed|nou|dan|en|oom|tannie|sir|madam|mevrou|meneer)\b[\s,]*){0,3}(?:he|she|it|they|hy|sy|dit|hulle|both|albei|(?:al|all)\s+(?:twee|drie|vier|vyf|ses|two|three|four|five|six)|all of them|hulle almal|\p{L}+)\s+(?:gets|get|kry|receives|ontvang)\s+(?:[\p{L}'-]+\s+){0,5}?(?:today|tonight|now|this morning|vandag|vanaand|nou|vanoggend)(?![\p{L}])/iu;
const FUTURE_ACTION =
  /^(?:\s*(?:okay|ok|so|and|then|now|right|goed|nou|dan|en)\b[\s,]*){0,3}(?:i'll|i will|we'll|we will|i'm going to|we're going to|i am going to|we are going to|let's|ek gaan|ons gaan|ek sal|ons sal|(?:ek|ons) (?:stuur|bel|skakel|spuit|opereer|hospitaliseer)|(?:i|we)(?:'d| would)? (?:suggest|recommend|advise)|(?:ek|ons) (?:stel voor|beveel aan|raai aan))(?![\p{L}])/iu;

// A measured value, whatever is measured (a lab value, a scan, a count): a number with a laboratory unit, a
// decimal that is no dose, or a number stated as what something is or was ('PCV is 14', 'bloeddruk was 185',
// 'with a PCV of 12'). Counts of days, times and doses are not measurements. Words, not lists of analytes: the
// rule holds for analytes no lexicon names.
const LAB_UNIT =
  /\d\s*(?:%|percent|persent|mmol|µmol|umol|mill?imol|micromol|mikromol|mg\/dl|g\/dl|g\/l|g per lit|gram per lit|iu\/l|u\/l|mmhg|per gram|epg|x\s?10|(?:eggs?|eiers?|oocysts?|oösiste) per gram)/iu;
const NOT_A_MEASURE = String.raw`(?!\s*(?:[.,]\d)|\s*(?:days?|weeks?|months?|years?|hours?|minutes?|dae|dag|weke|week|maande|maand|jaar|jare|ure|uur|minute|times|keer|o'clock|am|pm|h|mg|ml|mls|tablets?|tablette?|pills?|pille|rand|units?|eenhede|iu)(?![\p{L}])|\s*(?:-|to|tot)\s*\d)`;
const STATED_NUMBER = new RegExp(
  String.raw`(?:(?<![\p{L}])(?:is|was|are|were|of|at|van|op|came back at|reads?)|(?<=\p{L})['’]s)\s+(?:about|around|roughly|only|still|now|just|omtrent|ongeveer|net|nog|steeds|nou|so|slegs|amper|nearly)?\s*\d+(?:[.,]\d+)?${NOT_A_MEASURE}`,
  'iu',
);
const BARE_DECIMAL = new RegExp(String.raw`(?<![\d.,])\d+[.,]\d+${NOT_A_MEASURE}`, 'u');

// A member of the owner's household as the subject ('my husband says thanks…', 'my broer vra…'): the household's
// news is chat unless the sentence names a sign, a finding or a diagnosis, or points at the animal ('…found him').
// Also relayed ('he tells me his son…', 'hy het ook vertel dat sy neef…'), by birth order ('our eldest…'), with the
// article for the children ('die seun het sy rybewys…'), and after an apology ('Ekskuus, my dogter het…').
const HOUSEHOLD_SUBJECT =
  /^(?:[^,.;:!?]{1,60},\s*){0,2}(?:(?:oh|o|and|en|ja|yes|o ja|by the way|terloops|lastly|laastens|also|ook)[\s,]+){0,3}(?:(?:(?:he|she|they|hy|sy|hulle|(?:(?:mr|mrs|ms|dr|meneer|mevrou|mnr|mev|oom|tannie)\.?\s+)?[\p{L}'’-]+)\s+)?(?:(?:has|had|het)\s+)?(?:(?:also|ook)\s+)?(?:says|said|tells me|told me|told us|mentioned|vertel(?: my| ons)?|sê|gesê|noem|genoem)(?:\s+(?:that|dat))?\s+)?(?:(?:die|the)\s+(?:seun|seuns|dogter|dogters|kinders|kids|children|son|daughter|boys|girls)(?![\p{L}])|(?:my|our|ons|his|her|their|sy|haar|hulle)\s+(?:(?:eldest|youngest|oldest|oudste|jongste)(?:\s+(?:son|daughter|seun|dogter))?|husband|wife|partner|boyfriend|girlfriend|neighbou?r|friend|buurman|buurvrou|vriend|vriendin|kêrel|son|daughter|kids|children|boys|girls|mother|mom|mum|father|dad|brother|sister|grandson|granddaughter|grandmother|grandfather|granny|family|nephew|niece|cousin|uncle|aunt|in-laws|(?:brother|sister|son|daughter|mother|father)-in-law|man|vrou|seun|dogter|kinders|ma|pa|broer|suster|kleinseun|kleindogter|ouma|oupa|familie|mense|neef|niggie|oom|tante|swaer|skoonsuster|skoonseun|skoondogter|skoonma|skoonpa|skoonfamilie)(?![\p{L}]))/iu;
const POINTS_AT_ANIMAL = /(?<![\p{L}])(?:him|her|hom|haar)(?![\p{L}])/iu;
// A named person's own people ('Joseph's son', 'Musa's boy', 'Sakkie se vrou'): a person's news, not the household's
// report of the animal. (Only people: 'Rex's brother' or 'Bella se ma' may be the animal's litter-mate or dam.)
const NAMED_PERSONS_RELATIVE =
  /^(?:[^,.;:!?]{1,60},\s*){0,2}(?:(?:oh|o|and|en|ja|yes|by the way|terloops|also|ook)[\s,]+){0,2}(?:(?:mr|mrs|ms|dr|meneer|mevrou|mnr|mev|oom|tannie)\.?\s+)?\p{Lu}?[\p{L}-]+(?:'s|’s|\s+se)\s+(?:husband|wife|son|sons|daughter|daughters|boy|boys|girl|girls|kids|children|grandson|granddaughter|grandchildren|boyfriend|girlfriend|nephew|niece|in-laws|(?:son|daughter|mother|father|brother|sister)-in-law|man|vrou|seun|seuns|dogter|dogters|kinders|kleinseun|kleindogter|kleinkinders|kêrel|neef|niggie|skoonseun|skoondogter|skoonma|skoonpa)(?![\p{L}])/iu;
// 'her hamster', 'haar kat': 'her' as a possessive points at its owner, not at the patient. Before a preposition,
// an adverb or a conjunction it is the object, the patient itself ('a jackal bit her on the leg', 'hy het haar
// gister gebyt').
const POSSESSIVE_HER =
  /(?<![\p{L}])(?:her|haar)\s+(?=\p{L})(?!(?:on|in|at|with|to|for|from|into|onto|over|under|through|up|down|out|off|back|again|yesterday|today|last|this|every|and|or|but|op|aan|met|vir|van|by|na|oor|onder|deur|uit|weer|gister|vandag|gisteraand|en|of|maar|nie)(?![\p{L}]))/giu;
/** Below this cue weight, a sentence about an animal other than the patient says nothing about the patient. */
const OTHER_ANIMAL_WEIGHT = CHAT_OVERRIDE;
// The household member tells what the animal did: 'my man, Gerrit, sê sy het gisteraand gebewe', 'my son says he…'.
const RELAYS_THE_ANIMAL =
  /^[\s,]*(?:[\p{L}']+[\s,]+){0,2}?(?:says?|said|tells me|told me|reckons|noticed|saw|sê|gesê|vertel|het gesien|sag)[\s,]+(?:that\s+|dat\s+)?(?:he|she|it|hy|sy|dit)\s+(?:has|had|is|was|did|het|is|was|kon|wou)(?![\p{L}])/iu;

// …or introduces what it saw in the next piece ('my husband says' · 'he yelped, like a proper scream'), which is
// about the animal (not 'thanks for the biltong recipe').
const INTRODUCES_A_REPORT =
  /^[\s,]*(?:says?|said|tells me|told me|reckons|noticed|thinks|thought|sê|gesê|vertel|dink|meen)[\s,:]*(?:that|dat)?[\s,:]*$/iu;
const REPORT_ABOUT_THE_ANIMAL = /^[\s,]*(?:that\s+|dat\s+)?(?:he|she|it|hy|sy|dit|hom|haar)\s+\p{L}/iu;

// The animal's dam, not a person's mother ('His mother gives too much milk', 'sy ma is 'n vers'): the mother or father
// of 'him' or 'her' with something only an animal's dam or sire does.
const DAM_OR_SIRE =
  /(?<![\p{L}])(?:his|her|its|sy|haar)\s+(?:mother|mom|mum|dam|father|sire|ma|moer|pa)(?![\p{L}])(?=.*(?<![\p{L}])(?:milk|melk|udder|uier|colostrum|biesmelk|calv\p{L}*|kalf\p{L}*|gekalf|lamb\p{L}*|lam|gelam|kid\p{L}*|suckl\p{L}*|suip|foal\p{L}*|vul|heifer|vers|ewe|ooi|cow|koei|doe|mare|merrie|bitch|teef|queen|litter|werpsel|vaccinated|ingeënt|dipped|gedip))/iu;

/** A member of the household is about to tell what the animal did: 'my husband says' · 'he yelped…'. */
function introducesReport(text: string, next: string | undefined): boolean {
  const subject = HOUSEHOLD_SUBJECT.exec(text);
  return (
    subject !== null &&
    INTRODUCES_A_REPORT.test(text.slice(subject.index + subject[0].length)) &&
    REPORT_ABOUT_THE_ANIMAL.test(next ?? '')
  );
}

/**
 * A predator's kill of the flock's animals (patient.ts predatorsKillAt). In run-on speech only when it opens the
 * stretch: '…en hulle kry net 'n bietjie lek 'n rooikat het twee lammers gevang' keeps its feeding history.
 */
function predatorsKill(text: string, punctuated: boolean): boolean {
  const at = predatorsKillAt(text);
  return at >= 0 && (punctuated || words(text.slice(0, at)).length <= OPENING_WORDS);
}

/** The household's news: a member of it is the subject, nothing clinical is named, the animal is not pointed at. */
function householdNews(text: string, scores: Record<SoapKey, number>, analysis: CueAnalysis): boolean {
  const subject = HOUSEHOLD_SUBJECT.exec(text) ?? NAMED_PERSONS_RELATIVE.exec(text);
  if (!subject) return false;
  // (Pronouns are weak cues of their own: 'hy vertel sy seun…' names no sign for all its weight.)
  const namesNothing =
    scores.S + scores.O + scores.A < MIN_CLINICAL ||
    (scores.A === 0 && !analysis.fired.some((cue) => /^[SOA]/u.test(cue)));
  // ('Sy sê haar dogter…': the subject's own possessive is not the animal.)
  const rest = text.slice(subject.index + subject[0].length);
  return namesNothing && !POINTS_AT_ANIMAL.test(rest) && !RELAYS_THE_ANIMAL.test(rest);
}

// An imperative: the sentence opens with a verb whose object is the animal or its things ('Cut his food…', 'Rol haar
// op haar ander sy', 'Keep him in…'). The first word must be no subject, auxiliary, preposition or past form, nor
// a time of day that speech-engine text cut from its sentence ('…not eating this' · 'morning his wee looked dark').
const IMPERATIVE =
  /^(?:\s*(?:okay|ok|so|and|then|now|also|dan|en|nou|ook)\b[\s,]*){0,2}(?!(?:i|we|you|he|she|it|they|there|this|that|is|was|are|were|has|had|have|does|did|do|can|could|will|would|should|may|might|must|with|for|to|on|in|at|of|from|by|about|after|before|like|than|into|onto|behind|under|over|near|all|both|only|just|not|ek|ons|jy|hy|sy|dit|hulle|daar|het|kan|sal|moet|wil|met|vir|van|op|aan|by|na|oor|onder|teen|uit|toe|nie|al|net|saw|found|told|gave|took|made|got|let|morning|evening|afternoon|night|today|tonight|yesterday|week|month|year|oggend|môre|more|middag|aand|vandag|vanaand|gister|nag|maand|jaar)\s)\p{L}{3,}(?<!ed)\s+(?:him|her|his|them|their|hom|haar|hulle)(?![\p{L}'])/iu;

// An instruction opening on its bare verb ('Use a pour-on on the whole herd', 'Gebruik hierdie week 'n opgietmiddel',
// 'Hou haar binne'): the verbs a vet tells an owner to act with, not followed by a verb of being ('Feed is short').
// The verb's object is the speaker ('give me a sec', 'gee my 'n oomblik'): a favour, not an instruction.
const ASKS_A_FAVOUR =
  /^(?:\s*(?:okay|ok|so|and|then|now|also|dan|en|nou|ook)\b[\s,]*){0,2}\p{L}+\s+(?:me|us|my|ons)(?![\p{L}])/iu;
const INSTRUCTING_VERB =
  /^(?:\s*(?:okay|ok|so|and|then|now|also|dan|en|nou|ook)\b[\s,]*){0,2}(?:use|give|keep|apply|continue|repeat|bring|call|phone|dip|spray|dose|vaccinate|isolate|feed|withhold|avoid|clean|monitor|weigh|gebruik|gee|hou|sit|maak|bel|spuit|doseer|ent|isoleer|voer|skuif|los|weeg|tel|behandel|vaksineer|herhaal|vermy)\s+(?!(?:is|was|are|were|has|had|het|was)(?![\p{L}]))\p{L}/iu;

// A prohibition opening the sentence is an instruction ('Don't bring in new birds…', 'Moenie dat hy spring nie').
const PROHIBITION =
  /^(?:\s*(?:okay|ok|so|and|but|then|now|also|dan|en|maar|nou|ook)\b[\s,]*){0,2}(?:don't|do not|never|moenie|moet nooit)(?![\p{L}])/iu;

// Units only a laboratory reports (a percentage may be a diet's share or a dose's).
const LAB_ONLY_UNIT =
  /\d\s*(?:mmol|µmol|umol|milli-?moles?|micro-?moles?|millimol|mikromol|mg\/dl|g\/dl|g\/l|iu\/l|u\/l|mmhg|per gram|epg|(?:eggs?|eiers?|oocysts?|oösiste) per gram)/iu;

// A test read out positive or negative ('die parvo-toets is positief', 'the snap test was negative'): a finding, and
// the words of whoever ran it, not of the owner.
const TEST_RESULT =
  /(?<![\p{L}])(?:test|tests|toets|toetse|snap|smear|smeer|culture|kweek|\p{L}+-toets|\p{L}+toets)\s+(?:is|was|are|were|came back|kom terug|het)\s+(?:\p{L}+\s+){0,2}?(?:positive|negative|positief|negatief)(?![\p{L}])/iu;
// A test or procedure reporting what it found: 'the smear shows…', 'die flotasie wys…', 'the tube gave 2 litres of
// reflux', 'ek sien Babesia…'. What a test showed is a finding, however much the test's name sounds like a plan.
const FINDING_REPORT =
  /(?<![\p{L}])(?:(?:shows|showed|shown|reveals?|revealed|confirms?|confirmed|wys|wys(?:e)? op|toon|het getoon|bevestig)\s+(?:(?:a|an|'n|many|numerous|some|no|geen|baie|talle|die|the|heavy|marked|large|small)\s+)?\p{L}|(?:i|we) (?:can )?see (?:\p{Lu}|(?:many|numerous|lots of|some) )|ek sien (?:\p{Lu}|(?:baie|talle|'n paar) )|(?:tube|sonde|catheter|kateter|needle|naald|tap|aspirate)\s+(?:gave|yielded|produced|drained|obtained|returned|het)\s+(?:about\s+|around\s+|omtrent\s+)?\d+(?:[.,]\d+)?\s*(?:litres?|liters?|l|ml)(?![\p{L}])|\d+(?:[.,]\d+)?\s*(?:litres?|liters?|l|ml)\s+(?:of\s+)?(?:reflux|pus|urine|blood|discharge|effusion|ascites)|\d+(?:[.,]\d+)?\s*(?:liter|l|ml)\s+(?:refluks|etter|urine|bloed))/iu;
const FINDING_WEIGHT = 9;
// The senses of the examination: a part of the animal that feels, looks or sounds some way ('his kidneys feel small
// and irregular', 'die longe klink rof'); 'looks like pneumonia' is a judgement, not a sense.
// How the animal stands or lies in front of the vet is seen too ('hy staan met sy rug gekrom', 'she's lying with her
// neck stretched out').
const SENSED =
  /^(?:\s*(?:okay|ok|so|and|now|en|nou)\b[\s,]*){0,2}(?:(?:his|her|its|their|the|both|die|sy|haar|hulle|albei)\s+(?:\p{L}+\s+){0,2}?(?:feels?|looks?|sounds?|smells?|voel|lyk|klink|ruik)\s+(?!like|as if|as though|soos|na|asof)\p{L}|(?:he|she|it|hy|sy|dit)(?:'s|\s+is)?\s+(?:stands?|standing|staan|lies|lying|lê|sits?|sitting|sit)\s+(?:with|met)\s)/iu;
// Samples sent away for a test whose result is still to come ('I've taken spleen and kidney for culture at
// Allerton', 'ek het bloed vir PCR gestuur'): the diagnostic plan, though told in the past tense.
const SAMPLES_SENT =
  /(?<![\p{L}])(?:(?:i've|i have|we've|we have|i|we)\s+(?:also\s+)?(?:taken|took|sent|submitted|collected)\s+(?:[\p{L}'-]+,?\s+){0,10}?(?:for|to)\s+(?:(?:a|an|the)\s+)?(?:culture|pcr|histo\p{L}*|serolog\p{L}*|cytolog\p{L}*|biopsy|the lab|onderstepoort|allerton)|(?:ek|ons)\s+het\s+(?:ook\s+)?(?:[\p{L}'-]+,?\s+){0,10}?(?:vir|na)\s+(?:'n\s+|die\s+)?(?:kweking|pcr|histo\p{L}*|serologie|sitologie|biopsie|die lab|onderstepoort|allerton)\s+(?:[\p{L}'-]+\s+){0,3}?(?:geneem|gestuur|ingestuur|gevat)|(?:i'm|i am|we're|we are)\s+(?:also\s+)?(?:taking|sending|collecting|drawing)\s+(?:[\p{L}'-]+,?\s+){0,10}?(?:for|to)\s+(?:(?:a|an|the)\s+)?(?:[\p{L}-]+\s+)?(?:culture|pcr|histo\p{L}*|serolog\p{L}*|cytolog\p{L}*|biopsy|elisa|the lab|onderstepoort|allerton)|(?:ek|ons)\s+(?:trek|neem|vat|stuur)\s+(?:ook\s+)?(?:[\p{L}'-]+,?\s+){0,10}?(?:vir|na)\s+(?:'n\s+|die\s+)?(?:[\p{L}-]+\s+)?(?:kweking|pcr|histo\p{L}*|serologie|sitologie|biopsie|elisa|die lab|onderstepoort|allerton))(?![\p{L}])/iu;
// How the animal answers the vet's hands ('as ek haar aanraak ruk sy', 'when I press on it she flinches'): a finding.
const ON_HANDLING =
  /(?<![\p{L}])(?:when|if|as|wanneer)\s+(?:i|we|ek|ons)\s+(?:[\p{L}']+\s+){0,3}?(?:touch|touched|press|pressed|palpate|palpated|squeeze|squeezed|flex|flexed|extend|extended|manipulate|aanraak|aangeraak|druk|gedruk|palpeer|gepalpeer|buig|gebuig|strek|gestrek|knyp|geknyp)(?![\p{L}])/iu;
// A value set against its normal ('…was over 5 minutes; normal is under two'): a measurement.
const AGAINST_NORMAL =
  /\d[^.;]*[;,]?\s*(?:normal is|normal would be|the normal range|reference range|normaal is|normaalwaarde)|(?:normal is|normaal is)[^.;]*\d/iu;

// Cause, consequence and risk: reasoning about the case is the Assessment ('that's why the heart is slow', 'die
// hoë bloeddruk maak die niere seer', 'weens die stollingsprobleem', 'precipitated by the wet litter').
const CAUSAL =
  /(?<![\p{L}])(?:(?:which|that|this|and that|wat|dit) explains|red flag|(?:is|are) (?:a |the )?signs? of|points? to|(?:wat|dit) (?:\p{L}+ ){0,8}verklaar|that's why|that is why|which is why|this is why|because of|due to|caused by|causing|precipitated by|secondary to|as a result of|predispos\p{L}*|at risk|the risk|a risk|risks?\s+(?:of|to)|damag(?:e|es|ing) (?:the|his|her|its)|threaten\p{L}*|keep in mind|rule out|differential|may lose|could lose|might lose|dis hoekom|dit is hoekom|daarom|weens|as gevolg van|veroorsaak|risiko|gevaar vir|maak (?:die|sy|haar) \p{L}+ (?:(?:verder|nog|erger) \p{L}+|seer|stukkend|skade)|kan (?:sy|haar|die) \p{L}+ (?:laat )?(?:stop|faal|ingee|doodgaan)|in gedagte hou|uitsluit|(?:is|are|was) because|(?:can|could|may|might|will) (?:stop|block|close off|shut down|kill) (?:his|her|its|their|the) \p{L}+|(?:this|it|that)(?:'s| is) an emergency|(?:is|are|was|can be) (?:very |quite |potentially )?(?:dangerous|life-threatening)|(?:is|kan) (?:baie |uiters )?(?:gevaarlik|lewensgevaarlik)(?!\s+(?:laag|hoog|min|veel))|(?:dis|dit is) 'n noodgeval|(?:the|die) (?:big|biggest|main|real|groot|grootste) (?:danger|gevaar)|(?:the )?(?:main )?reason for|(?:die )?(?:hoof)?rede vir|(?:is|was) (?:the|die) (?:main |hoof)?(?:cause|oorsaak))(?![\p{L}])/iu;
const CAUSAL_WEIGHT = 7;
/**
 * A prognosis or a named diagnosis: above a future interval's and the model's pull to the Plan ('…should heal
 * well in eight weeks') and a finding report's to the Objective ('the smear confirms babesiosis').
 */
const JUDGEMENT_WEIGHT = 10;
/** Plan cue points a prognosis's own future words may carry ('should' 3, 'within a week' 3). */
const PROGNOSIS_TENSE_DISCOUNT = 6;
// How the case is going: progress is judged, not seen ('has healed well', 'poorly controlled', 'verbeter').
const PROGRESS =
  /(?<![\p{L}])(?:healed|healing well|resolved|resolving|improving|improved|worsening|deteriorat\p{L}*|(?:well|better|poorly|not|badly) controlled|under control|not (?:perfect|there|right) yet|nog nie perfek nie|beter beheer|genees|verbeter|beter word|agteruitgaan|erger word|(?:goed |nie )?beheer(?: nie)?)(?![\p{L}])/iu;

// The animal weighed now, on the scale in the room ('we weigh her … seven point two kilograms', 'onto the scale, sixty-two
// kilos', 'hy staan op die skaal: 6,8 kg').
const WEIGHED_ON_SCALE =
  /(?<![\p{L}])(?:on(?:to)? the scales?|op die skaal|(?:we|let's|ons|kom ons) (?:weigh|weeg))(?![\p{L}])/iu;
// …not one the household took before or takes by habit ('in Februarie het sy 4,8 kg geweeg, ons weeg haar elke maand').
const WEIGHED_BEFORE =
  /(?<![\p{L}])(?:weighed|geweeg|was|were|used to|every|each|elke|always|altyd|usually|gewoonlik|monthly|weekly|maandeliks|weekliks|at home|by die huis|kitchen|kombuis\p{L}*|last|laas|ago|gelede)(?![\p{L}])/iu;
const WEIGHT_READING = /\d\s*(?:kg|kilos?|kilograms?|kilogram|g|grams?|gram)(?![\p{L}])/iu;

/** A sentence that states a measured value (see LAB_UNIT), number words read as digits. */
export function statesMeasurement(text: string): boolean {
  if (!/\d/u.test(text) && !/\b(?:percent|persent)\b/iu.test(text)) return false;
  const digits = numberWordsToDigits(text);
  return LAB_UNIT.test(digits) || STATED_NUMBER.test(digits) || BARE_DECIMAL.test(digits);
}

// Uncertainty words: a hedged statement of the vet's that asks for no action is an assessment ('probably
// resistance to ivermectin', 'I think the dose is too low', 'waarskynlik stadium drie').
const HEDGED =
  /(?<![\p{L}])(?:probably|likely|most likely|i think|i suspect|we suspect|i believe|looks like|seems|consistent with|suggestive of|suggests|my (?:main )?concern|worried about|worried (?:that )?(?:this|it|that|he|she)(?:'s| is| has| might| could)|bekommerd (?:dat )?(?:dit|dis|hy|sy)|(?:what )?(?:worries|concerns) me|concerned about|bekommerd oor|(?:wat )?my bekommer|waarskynlik|vermoedelik|ek dink|ek vermoed|ons vermoed|ek glo|lyk (?:vir )?my|dit lyk (?:(?:eerder|baie|nogal|sterk|meer)\s+)?(?:na|soos|vir my)|(?:i'm|i am) afraid (?:it's|it is|this is|that|he|she|he's|she's|they)|ek is bevrees|looks more like|lyk eerder (?:na|soos)|moontlik|possibly|could be|might be|kan wees|could have been|might have been|may have been|kon gewees het|kan gewees het|(?:i|we) don't think|(?:i|we) do not think|ek dink nie|(?:\d+|this|that|which|it) (?:tells|tell) (?:me|us)|top of my (?:list|differentials)|bo-?aan my lys|my (?:top|first|main) differential|(?:i'm|i am|we're|we are|ek is|ons is)\s+(?:fairly|quite|pretty|reasonably|almost|taamlik|redelik|baie|amper|byna|heeltemal)\s+(?:sure|certain|confident|seker|oortuig))(?![\p{L}])/iu;
// A diagnosis the vet doubts is still the vet's judgement ('tick fever usually shows on the smear, so I doubt it'),
// whatever finding it is weighed against.
const DOUBT =
  /(?<![\p{L}])(?:(?:i|we) doubt|doubtful|unlikely|not likely|ek twyfel|onwaarskynlik|twyfelagtig)(?![\p{L}])/iu;
// Words of obligation, intent and advice: what must or will be done is Plan even when hedged ('I think we should…').
const OBLIGATION =
  /(?<![\p{L}])(?:should|must|need|needs|needed|have to|has to|will|we'll|i'll|going to|let's|best|better to|recommend|advise|suggest we|moet|sal|gaan ons|ek gaan|beveel|raai)(?![\p{L}])/iu;

// What an owner's question asks for decides where the vet's answer belongs: 'can I…', 'moet ek…', 'how often…' ask
// for instructions (Plan); 'is it serious', 'what is it', 'hoe lank het sy nog' ask for a judgement (Assessment).
const ASKS_JUDGEMENT =
  /(?:how long (?:until|before|till)|hoe lank voor|what does (?:it|that|this) mean|wat beteken (?:dit|dat|hierdie)|(?:the|die) (?:problem|probleem|cause|oorsaak)\s*\?|is (?:it|that|this|she|he) (?:serious|bad|contagious|infectious|dangerous|fatal|cancer|normal|because|sick|ill|healthy)|catch it|spread|what (?:is it|is wrong|caused|causes|is that)|why (?:is|did|does|has)|will (?:he|she|it) (?:get better|recover|be (?:ok|okay|alright|fine)|survive|die|make it)|how long (?:does|will) (?:he|she|it|we)(?! (?:stay|be in|be here))|how long have we|how bad|is (?:dit|hy|sy) (?:erg|ernstig|gevaarlik|aansteeklik|kanker|siek|gesond)|wat is (?:dit|fout)|hoekom|waarom|sal (?:hy|sy|dit) (?:gesond|beter|regkom|oorleef|doodgaan|weer)|hoe lank sal (?:hy|sy))/iu;
const ASKS_INSTRUCTION =
  /(?:^|[\s,])(?:can|may|should|must|do i|does (?:he|she|it) need|how (?:often|much|many|long)(?:\s+[\p{L}']+){0,2}?\s+(?:must|should|can|may|do (?:i|we)|moet|kan|mag)|what (?:do|should|must|can) (?:i|we)|when (?:can|should|must|do) (?:i|we|he|she)|kan (?:ek|ons|hy|sy)|mag (?:ek|ons|hy|sy)|moet (?:ek|ons|hy|sy)|hoe (?:gereeld|lank|baie|dikwels)(?:\s+[\p{L}']+){0,2}?\s+(?:moet|kan|mag)|wat moet|wanneer (?:kan|moet|mag)|how long (?:will|does|must|should) (?:he|she|it|they) (?:stay|be in|be here)|hoe lank (?:bly|moet|sal) (?:hy|sy|dit|hulle))(?![\p{L}])/iu;

// 'How long has he been like this?', 'hoe lank is sy al nie lekker nie?', 'when did it start?': the vet asks for the
// history, whatever chatty words the question uses; the answer ('al maande, Dokter') is history too.
const ASKS_DURATION =
  /^\s*(?:(?:and|en|so|okay|ok)[\s,]+)?(?:how long (?:has|have|is|was|did|ago)|hoe lank (?:is|het|was|gaan) (?:hy|sy|dit|hulle|die \p{L}+) (?:al|nou al)|hoe lank al|since when|sedert wanneer|van wanneer af|when did (?:it|this|that|he|she|they) (?:start|begin)|wanneer het (?:dit|hy|sy|hulle) begin)(?![\p{L}])/iu;

// 'And if she doesn't get up?', 'when do you want to see her again?': the owner asks what to do.
const ASKS_WHAT_IF =
  /^\s*(?:(?:and|en|but|maar|so)[\s,]+)?(?:what if|wat as|if|as (?:hy|sy|dit|hulle|die)|when do you want|wanneer wil (?:jy|u))(?![\p{L}])/iu;

/** The section an answer to this question belongs to, or null when the question's kind says nothing. */
export function answerSection(question: string): SoapKey | null {
  if (ASKS_JUDGEMENT.test(question)) return 'A';
  if (ASKS_INSTRUCTION.test(question) || ASKS_WHAT_IF.test(question)) return 'P';
  return null;
}
/** How many sentences of the answering turn the question's kind steers. */
const ANSWER_SENTENCES = 2;
/** The steer: about a header's weight, less than a decisive cue. */
const ANSWER_WEIGHT = 4;
const MEASURE_WEIGHT = 6;
const HEDGE_WEIGHT = 6;
const OBLIGATION_WEIGHT = 3;
const PAST_WEIGHT = 4;
// 'het' after a third-person subject, then a past participle (ge-, possibly after a separable particle) or a verb
// that takes no ge-; the vet's own 'ek het … ondersoek' is left alone. In a subordinate clause 'het' comes last
// ('ek weet nie of hy genoeg biesmelk gekry het nie').
const THIRD_PERSON_PERFECT =
  /(?<![\p{L}])(?:(?:hy|sy|dit|hulle)\s+het|het\s+(?:hy|sy|dit|hulle))\s+(?:\p{L}+\s+){0,8}?(?:\p{L}{0,6}ge\p{L}{3,}|verloor|begin|vergeet|verander)(?![\p{L}])|(?<![\p{L}])(?:of|dat|toe|omdat|nadat|voordat|sodat|waar)\s+(?:hy|sy|dit|hulle)\s+(?:\p{L}+\s+){0,8}?\p{L}{0,6}ge\p{L}{3,}\s+het(?![\p{L}])|(?<![\p{L}])(?:he|she|they|it)(?:'s|'ve|\s+has|\s+have)\s+been\s+\p{L}+ing(?![\p{L}])/iu;
// What the owner noticed or lost ('ons het … vyf ooie verloor', 'I noticed…', 'we lost two ewes'): history. (The vet
// examines, feels and finds; owners notice and lose animals.)
const OWNER_NOTICED =
  /(?<![\p{L}])(?:(?:i|we)\s+(?:have\s+|had\s+|'ve\s+)?(?:noticed|lost)|(?:ek|ons)\s+het\s+(?:\p{L}+\s+){0,10}?(?:opgelet|agtergekom|verloor|gewaar))(?![\p{L}])/iu;

// …or what someone named told ('sy hink al so 'n week, Thabo sê tien dae'); case-sensitive, the name's capital counts.
const RELAYED_BY_NAME = /(?<![\p{L}])\p{Lu}\p{Ll}+\s+(?:sê|says|said|reckons|reken|meen)(?![\p{L}])/u;
// The vet relaying what the owner told ('feed intake dropped, he estimates by 15 percent', 'die boer sê…'): history.
const RELAYED =
  /(?<![\p{L}])(?:the owner|the farmer|the client|owner|farmer|client|he|she|die eienaar|die boer|eienaar|boer|hy|sy)\s+(?:estimates|reckons|reports|says|said|mentions|mentioned|noticed|skat|reken|sê|het gesê|rapporteer|meld|het opgelet)(?![\p{L}])/iu;

// The patient as the subject of a need ('he needs', 'sy moet'); 'we must also rule out…' is reasoning, not a need.
const PATIENT_NEEDS =
  /(?<![\p{L}])(?:he|she|it|they|hy|sy|hulle)\s+(?:still\s+|also\s+|really\s+|definitely\s+|ook\s+|nog\s+)?(?:needs|must|should|has to|have to|will need|moet)(?![\p{L}])/iu;

// Money is billing in any sentence ('four to five thousand rand', 'R450'); 'rand' alone is also Afrikaans 'edge'.
const MONEY =
  /(?:\d|hundred|thousand|honderd|duisend|million|miljoen)\s*rand(?![\p{L}])|(?<![\p{L}\d])R\s?(?:\d{1,3}(?:[\s,.]\d{3})+|\d{2,})(?![\p{L}\d])/iu;

// Honorifics and the name after them, and capitalised words inside a sentence: names, not substance
// ('Afternoon, Mr Pillay' is a greeting).
const HONORIFIC_NAME =
  /(?<![\p{L}])(?:mr|mrs|ms|miss|dr|doc|doctor|meneer|mnr|mevrou|mev|oom|tannie|juffrou|dokter)\.?(?:\s+\p{Lu}\p{Ll}+|\s+\p{L}+(?=[\s,.!?]*$))/giu;
const INNER_CAPITAL = /(?<=[\p{L},!.]\s{1,3})\p{Lu}\p{Ll}+/gu;

/** A vital sign stated as a present measurement (not inside a condition's threshold). */
function measuredNow(text: string, language: Language): boolean {
  const clauses = text.split(/[,;]/u);
  return clauses.some(
    (clause) => !CONDITIONAL_ACTION.test(clause.trim()) && extractVitals(clause, language).length > 0,
  );
}

const SHORT_NO =
  /^\s*(?:no|nope|nah|not really|none|never|nee|glad nie|geensins|nie regtig nie)\b[\s,.!]*(?:(?:doctor|dokter|doc|dok|sir|ma'am|meneer|mevrou|not that i(?:'ve| have)? (?:seen|noticed)|nie wat ek gesien het nie)[\s,.!]*)?$/iu;
// 'Yes', and the owner's agreement with what the vet said back to them ('that's right', 'dis reg').
const CONFIRMATION = "that's right|that is right|correct|exactly|dis reg|dit is reg|presies|korrek";
// How much, said with the yes ('Ja, baie meer.', 'Yes, a lot.'): kept in the statement it makes.
const YES_DEGREE =
  "a lot|lots|much more|a lot more|way more|more|all the time|every day|often|baie meer|baie|meer|heeltyd|elke dag|gereeld|a bit|'n bietjie";
const SHORT_YES = new RegExp(
  String.raw`^\s*(?:yes|yeah|yep|yup|ja|jip|definitely|beslis|it has|he has|she has|hy het|sy het|${CONFIRMATION})\b[\s,.!]*(?:(?:${CONFIRMATION})[\s,.!]*)?(?:(?<degree>${YES_DEGREE})[\s,.!]*)?(?:(?:doctor|dokter|doc|dok|sir|meneer|mevrou)[\s,.!]*)?$`,
  'iu',
);
// An Afrikaans yes/no question opens on its verb, then the animal ('Drink sy meer as gewoonlik?', 'Hoes hy snags?'):
// the statement keeps the verb and drops the pronoun.
const AFRIKAANS_VERB_FIRST =
  /^\s*(?:(?:en|goed|nou)[\s,]+)?(?!(?:wat|waar|hoe|wanneer|hoekom|waarom|wie|watter|hoeveel|is|het|was|kan|sal|moet|wil)\s)(?<verb>\p{L}{3,})\s+(?:hy|sy|hulle)\s+/iu;
const QUESTION_OPENING =
  /^\s*(?:(?:okay|ok|so|and|right|alright|goed|en|nou)[\s,]+){0,2}(?:is there any|are there any|is there|are there|have you (?:noticed|seen|had)(?: any)?|has (?:he|she|it|the \p{L}+) (?:had|been|got)(?: any)?|does (?:he|she|it) have(?: any)?|do (?:you|they) (?:see|notice)(?: any)?|did (?:he|she|it|you) (?:have|see|notice)(?: any)?|any|het (?:hy|sy|dit|julle|jy)(?: al)?(?: enige)?|is daar(?: enige)?|enige)\s+/iu;

/** The statement a question and its short yes/no answer make together, or null when it is no such pair. */
export function answeredQuestion(question: string, answer: string, language: Language): string | null {
  const no = SHORT_NO.test(answer);
  const yes = no ? null : SHORT_YES.exec(answer);
  if (!no && !yes) return null;
  const opening = QUESTION_OPENING.exec(question) ?? AFRIKAANS_VERB_FIRST.exec(question);
  if (!opening) return null;
  const topic = question
    .slice(opening[0].length)
    .replace(/[?.!\s]+$/u, '')
    .replace(/\s+(?:at all|so far|lately|recently|today|vandag|onlangs)$/iu, '');
  if (contentTokens(topic).length === 0 || topic.split(/\s+/u).length > 12) return null;
  // A verb-first question keeps its verb either way: 'Drink meer as gewoonlik (nee)', never 'Geen meer as gewoonlik'.
  const verb = opening.groups?.verb;
  if (verb) return answered(`${verb} ${topic}`, language, no ? 'no' : 'yes', yes?.groups?.degree);
  if (no) return `${language === 'af' ? 'Geen' : 'No'} ${topic}`;
  return affirmed(topic, language, yes?.groups?.degree);
}

/** A statement the owner said yes to, marked as such: 'Vomiting (yes)', 'Diarree (ja)'. */
function affirmed(statement: string, language: Language, degree?: string): string {
  return answered(statement, language, 'yes', degree);
}

/** A statement with the owner's yes or no to it, and how much when they said: 'Drink meer as gewoonlik (ja, baie meer)'. */
function answered(statement: string, language: Language, reply: 'yes' | 'no', degree?: string): string {
  const word = language === 'af' ? (reply === 'yes' ? 'ja' : 'nee') : reply;
  const said = degree ? `${word}, ${degree.toLowerCase()}` : word;
  return `${statement.charAt(0).toLocaleUpperCase()}${statement.slice(1)} (${said})`;
}

const STATEMENT_OPENERS = /^\s*(?:(?:okay|ok|so|and|right|alright|goed|en|nou|dus)[\s,]+){1,2}/iu;
/** Longer than this, a confirming question is more than one fact: it stays a question. */
const CONFIRMED_WORDS = 20;

/** The vet's question names something clinical and nothing of chat, money or the diary. */
function restatesHistory(question: Classified): boolean {
  const text = question.utterance.text;
  if (hasChatTerm(text) || moneyOrDiary(text)) return false;
  return contentWeight(text, question.scores) >= MIN_CLINICAL;
}

/**
 * A statement said as a question and confirmed ('So he's been straining since Thursday?' 'Yes.'): the vet
 * restating the history (restatesHistory), which the owner's yes makes history. A question in a question's
 * word order is not one ('Has he…?' is a yes/no question whose topic QUESTION_OPENING finds), and a denied
 * statement stays a question: its negation is not always the statement with a 'no'.
 */
function confirmedStatement(question: string, language: Language): string | null {
  if (!/\?\s*$/u.test(question)) return null;
  const statement = question.replace(STATEMENT_OPENERS, '').replace(/[?.!\s]+$/u, '');
  if (INTERROGATIVE_START.test(statement) || PSEUDO_CLEFT.test(statement)) return null;
  if (contentTokens(statement).length === 0 || statement.split(/\s+/u).length > CONFIRMED_WORDS) return null;
  return affirmed(statement, language);
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
/**
 * Content words that are not greetings or acknowledgements ('Okay, lovely, thanks' has none); without names
 * unless the sentence names a drug ('Afternoon, Mr Pillay' has none, 'Okay, Metacam' has one).
 */
function substantiveTokens(text: string, withoutNames = false): string[] {
  if (!greetingWords) {
    greetingWords = new Set<string>();
    for (const term of leftOutJson.greeting) for (const t of contentTokens(term)) greetingWords.add(t);
  }
  const known = greetingWords;
  const core = withoutNames ? text.replace(HONORIFIC_NAME, ' ').replace(INNER_CAPITAL, ' ') : text;
  return contentTokens(core).filter((t) => !known.has(t));
}

/**
 * Classifies every utterance of a transcript (see the module comment for the rules). Nothing is dropped:
 * an utterance either gets a section or a left-out reason.
 */
export function classifyUtterances(
  utterances: Utterance[],
  /** The patient field's species ('Dogs', 'Cattle'…), when the request has one. */
  patient: { species?: string } = {},
): Classified[] {
  const turnText = new Map<number, string>();
  const turnSize = new Map<number, number>();
  const firstOfTurn = new Map<number, Utterance>();
  const lastOfTurn = new Map<number, Utterance>();
  for (const u of utterances) {
    turnText.set(u.turn, `${turnText.get(u.turn) ?? ''} ${u.text}`);
    turnSize.set(u.turn, (turnSize.get(u.turn) ?? 0) + 1);
    if (!firstOfTurn.has(u.turn)) firstOfTurn.set(u.turn, u);
    lastOfTurn.set(u.turn, u);
  }
  // Real turns with sentence marks, not a whole unpunctuated recording on one line.
  const punctuatedTurns = new Set(
    [...turnText]
      .filter(
        ([turn, text]) => (turnSize.get(turn) ?? 0) <= MAX_SENTENCES_PER_TURN && /[.!?](?:\s|$)/u.test(text),
      )
      .map(([turn]) => turn),
  );
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
  // Conversation alternates: a short unlabelled turn right after the vet's question about the animal ('When did
  // he last urinate?') is the owner's answer, unless it reads like the vet's (doses, vital signs, diagnoses).
  const turns = [...turnText.keys()];
  const answerTurns = new Set<number>();
  for (let i = 1; i < turns.length; i++) {
    const turn = turns[i] ?? 0;
    const asked = turns[i - 1] ?? 0;
    if (turnSpeaker.get(turn) !== 'unknown' || firstOfTurn.get(turn)?.labelledSpeaker !== 'unknown') continue;
    if (turnSpeaker.get(asked) === 'client' || (turnSize.get(turn) ?? 0) > ANSWER_TURN_SENTENCES) continue;
    // The turn must end in a question; a short follow-up ('The bont tick?') leans on the question before it.
    const trailing: string[] = [];
    for (let k = utterances.length - 1; k >= 0; k--) {
      const u = utterances[k]!;
      if (u.turn > asked) continue;
      if (u.turn < asked || !isQuestion(u.text)) break;
      trailing.push(u.text);
    }
    if (trailing.length === 0 || trailing.some((q) => answerSection(q) !== null)) continue;
    // Owners ask what will happen or what they may do; vets ask what has happened.
    if (!trailing.some((q) => ABOUT_THE_ANIMAL.test(q) && !OWNERS_QUESTION.test(stripOpeners(q)))) continue;
    const text = turnText.get(turn) ?? '';
    if (vetSigns(text, turnLanguage.get(turn) ?? overall) > 0) continue;
    // Drugs and instructions are the vet's words too.
    if (
      hasTerm(lexicon().drugNames, text) ||
      INSTRUCTION.test(text) ||
      FUTURE_ACTION.test(text) ||
      VET_REPLY.test(text)
    )
      continue;
    turnSpeaker.set(turn, 'client');
    answerTurns.add(turn);
  }

  // The kinds of animal the consultation is about: another animal's story is chat ('the neighbour's cat…').
  const patients = patientKinds([...turnText.values()], patient.species);
  const extent = Math.max(1, utterances.at(-1)?.end ?? 1);
  const positioned = utterances.length >= POSITIONED_UTTERANCES;
  const out: Classified[] = [];
  let context: SoapKey | null = null;
  let previousTurn = -1;
  let afterSmallTalk = false;
  let afterChatQuestion = false;
  // The kind of the last owner's question, steering the first sentences of the turn that answers it.
  let pendingAnswer: { section: SoapKey; turn: number; left: number } | null = null;
  // The vet's question about the history ('how long has she been like this?'): its answer is history, however
  // chatty ('Dis eintlik al maande, Dokter.' · 'So af en aan.').
  let historyAsked: { turn: number; left: number } | null = null;
  for (const [index, utterance] of utterances.entries()) {
    const nextText = utterances[index + 1]?.text;
    // A 'turn' of many sentences is a whole unlabelled recording on one line (ASR output), not one speaker's
    // turn: judge who speaks sentence by sentence there.
    const wholeRecording =
      utterance.labelledSpeaker === 'unknown' && (turnSize.get(utterance.turn) ?? 0) > MAX_SENTENCES_PER_TURN;
    const speaker = wholeRecording
      ? answersVetsQuestion(out.at(-1), utterance, turnLanguage.get(utterance.turn) ?? overall)
        ? 'client'
        : inferSpeaker(utterance.text, turnLanguage.get(utterance.turn) ?? overall)
      : (turnSpeaker.get(utterance.turn) ?? 'unknown');
    const language = detectLanguage(utterance.text, turnLanguage.get(utterance.turn) ?? overall);
    if (utterance.turn !== previousTurn && speaker === 'client') context = null;
    previousTurn = utterance.turn;
    const text = utterance.text;
    const analysis = cueAnalysis(text, language);
    const scores = analysis.scores;
    const probabilities = predictClasses(
      notesModel(),
      utteranceFeatures(text, { speaker, language, position: utterance.start / extent }, analysis),
    );
    const base = { utterance, language, speaker, scores, probabilities };
    const followsSmallTalk = afterSmallTalk;
    const followsChatQuestion = afterChatQuestion;
    afterSmallTalk = false;
    afterChatQuestion = false;
    let answersHistory = false;
    if (historyAsked && utterance.turn !== historyAsked.turn) {
      answersHistory = !hasChatTerm(text);
      if (--historyAsked.left <= 0) historyAsked = null;
    }
    let answerTo: SoapKey | null = null;
    if (pendingAnswer && utterance.turn !== pendingAnswer.turn && speaker !== 'client') {
      answerTo = pendingAnswer.section;
      if (--pendingAnswer.left <= 0) pendingAnswer = null;
    }
    const suggestion = (): SoapKey => {
      const { L: _left, ...sections } = probabilities;
      return argmax(sections);
    };
    const leave = (leftOutReason: LeftOutReason): void => {
      // A greeting between the vet's question about the animal and its answer ('When did it start?' 'Hi. Um, so he
      // had his supper at six…') starts no chat that the answer carries on.
      const before = out.at(-1);
      const greetsBeforeAnswering =
        leftOutReason === 'greeting' &&
        before?.leftOutReason === 'question' &&
        before.speaker !== speaker &&
        ABOUT_THE_ANIMAL.test(before.utterance.text) &&
        !OWNERS_QUESTION.test(stripOpeners(before.utterance.text));
      afterSmallTalk = leftOutReason !== 'question' && !greetsBeforeAnswering;
      out.push({ ...base, section: null, leftOutReason, suggestedSection: suggestion() });
    };

    // (A control phrase said with a reading is the reading: 'okay let's start with gizmo gizmo weighs 1.2 kilograms
    // temperature 39.8'.)
    if (
      isRecordingControl(text) &&
      !NUMBER_WITH_UNIT.test(text) &&
      analysis.vitals === 0 &&
      analysis.drugs === 0
    ) {
      leave('scheduling');
      continue;
    }
    // A short yes/no answer completes the question before it: 'Any diarrhoea?' 'No.' → 'No diarrhoea'.
    const previous = out.at(-1);
    const answered =
      previous?.leftOutReason === 'question' && previous.speaker !== speaker
        ? (answeredQuestion(previous.utterance.text, text, language) ??
          (previous.speaker !== 'client' && restatesHistory(previous) && SHORT_YES.test(text)
            ? confirmedStatement(previous.utterance.text, language)
            : null))
        : null;
    if (previous && answered) {
      out.pop();
      out.push({ ...base, section: 'S', composedText: answered, extraSpans: [previous.utterance] });
      continue;
    }
    // Word order alone (speech-engine text has no question marks) does not make a question of a sentence that
    // carries a measured fact or a drug: a clause cut out of run-on speech can start like a question.
    // Nor does it of a long run-on stretch with strong clinical cues: the question is only its opening words
    // ('and when do you want to see her again bring her back in three days for a recheck…').
    const unmarkedButMeasured =
      !/\?\s*$/u.test(text) &&
      (NUMBER_WITH_UNIT.test(text) ||
        analysis.drugs > 0 ||
        analysis.vitals > 0 ||
        // (In a speaker's own turn, twice as long: there the turn, not the recording, is the stretch the question opens.)
        (words(text).length > (utterance.labelledSpeaker === 'unknown' ? 1 : 2) * RUN_ON_QUESTION_WORDS &&
          scores.S + scores.O + scores.A + scores.P >= MIN_CLINICAL));
    // The owner's worry asked as a question ('is it normal that she drinks a bucket a day?') is history.
    const worry = OWNER_WORRY.test(text);
    if (isQuestion(text) && !unmarkedButMeasured && !worry) {
      leave('question');
      const kind = answerSection(text);
      pendingAnswer = kind ? { section: kind, turn: utterance.turn, left: ANSWER_SENTENCES } : null;
      historyAsked = ASKS_DURATION.test(text) ? { turn: utterance.turn, left: ANSWER_SENTENCES } : null;
      // 'Did you watch the cricket?' starts small talk: its answer is more of the same. So does a question the
      // model is sure is chat and that names nothing clinical ('is dit nog so warm by julle?').
      // (A question asking the vet's judgement or instructions starts no chat: 'Wat beteken dit, Dokter?'; one about
      // paying does: 'kan ek met SnapScan betaal?')
      const chatQuestion = (kind === null || hasChatTerm(text)) && probabilities.L >= 0.9;
      const cues = scores.S + scores.O + scores.A + scores.P;
      afterSmallTalk =
        (leftOutReasonOf(text) === 'small-talk' && hasChatTerm(text)) ||
        (chatQuestion && cues < MIN_CLINICAL);
      afterChatQuestion = afterSmallTalk || (chatQuestion && cues < STRONG_CLINICAL);
      continue;
    }
    if (
      substantiveTokens(text, analysis.drugs === 0 && analysis.vitals === 0).length === 0 ||
      (isClosingFormula(text) && !measuredNow(text, language))
    ) {
      leave(leftOutReasonOf(text));
      continue;
    }
    const header = speaker === 'client' ? null : headerSection(text);
    // The owner's own operation, sugar or sore arm, with the animal not named: chat, numbers and medical words
    // included.
    // (In run-on speech only when it opens the stretch: '…and a full chemistry with calcium my cousin had chemo…'.)
    const ownHealthAt = header ? -1 : ownersOwnHealthAt(text);
    if (
      ownHealthAt >= 0 &&
      (punctuatedTurns.has(utterance.turn) ||
        words(text.slice(0, ownHealthAt)).length <= OPENING_WORDS ||
        REPORTED_BY.test(text.slice(0, ownHealthAt)))
    ) {
      leave('small-talk');
      continue;
    }
    if (header) context = header;
    const total = contentWeight(text, scores) + (AFRIKAANS_TEST.test(text) ? MIN_CLINICAL : 0);
    // Measured facts and treatments are clinical whatever else the sentence mentions; a weight read out in words
    // too ('Seven point eight kilograms without the box', 'Vier-en-dertig kilo, Dokter'), though not a spoken count
    // of days or years ('na net drie jaar se kla') nor a spoken percentage, which may be money ('the fees went up
    // twelve percent').
    const ambient = AMBIENT_TEMPERATURE.test(text);
    const spokenDigits = /\d/u.test(text) ? text : numberWordsToDigits(text);
    const measured =
      ((NUMBER_WITH_UNIT.test(text) || LAB_UNIT.test(text) || SPOKEN_READING.test(spokenDigits)) &&
        !ambient) ||
      analysis.drugs > 0 ||
      analysis.vitals > 0;
    const left = leftOutLexicon();
    // Money, bills, appointments and the weather are chat whatever clinical words come with them.
    const leftRegardless = ambient || moneyOrDiary(text);
    const chat = leftRegardless || smallTalkTerms(text).some((term) => !AMBIGUOUS_SMALL_TALK.has(term));
    // Social words ('the neighbour', 'the road', 'school') leave a sentence out only when it says nothing
    // clinical: 'I suspect the neighbour fed her chocolate' is history.
    // 'My husband says' · 'he yelped…': the household's report of the animal, split off by the speech engine.
    const relaysReport = introducesReport(text, nextText);
    const social =
      !chat && (hasTerm(left.social, text) || hasTerm(left.examTransition, text)) && !relaysReport;
    // Words that are small talk in one consultation and history in another ('eggs' of a layer flock, goat
    // 'kids', urine 'like tea'): they leave a sentence out only when nothing clinical is said with them.
    const ambiguousChat = !chat && smallTalkTerms(text).length > 0;
    // What the vet says will be done, or tells the owner to do, is Plan material even in unknown words.
    // (An instruction on its bare verb counts: 'Keep the heifer apart', 'Hou hom binne'; not a favour asked of the
    // listener: 'give me a second…'.)
    // An animal named by its kind and tag, with something clinical said of it, is the visit's business: no chat
    // carried on, nor the model's doubt, leaves it out ('Drie goed: die bul, 4107, moet gekeur word…').
    const namesTaggedAnimal = total >= MIN_CLINICAL && animalIdIn(text) !== null;
    const announcedAction =
      speaker !== 'client' &&
      (FUTURE_ACTION.test(text) ||
        GETS_NOW.test(text) ||
        INSTRUCTION.test(text) ||
        (INSTRUCTING_VERB.test(text) && !ASKS_A_FAVOUR.test(text)));
    // Chat carried on (below) is judged only in punctuated turns: speech-engine text runs chat and history
    // together in one breath ('the wind is terrible today we lost three lambs this week').
    const punctuated = out.at(-1)?.utterance.turn === utterance.turn && punctuatedTurns.has(utterance.turn);
    // The chat before was a whole sentence, or this is the rest of the sentence an aside was cut from.
    const previousEnded = SENTENCE_END.test(out.at(-1)?.utterance.text ?? '');
    // An instruction the model is sure is clinical keeps a stray chat word ('…tot die einde van die somer').
    const instructsOwner =
      speaker !== 'client' && OBLIGATION.test(text) && !MONEY.test(text) && !hasTerm(left.billing, text);
    // What the household feeds the animal is its diet history, snack words and all ('my husband gives her biltong');
    // where it came from, its age, its dam and what was tried at home are history too ('…bought him from a man at
    // the filling station', 'She's nine now', 'His mother gives too much milk', 'haar ma het salf gesmeer').
    const animalsOwnHistory =
      FED_TO_ANIMAL.test(text) ||
      ACQUIRED.test(text) ||
      AGE_TOLD.test(text) ||
      DAM_OR_SIRE.test(text) ||
      HOME_REMEDY.test(text);
    if (!header && !measured && !animalsOwnHistory && !answersHistory) {
      if (
        (chat &&
          total < CHAT_OVERRIDE &&
          !(
            (instructsOwner || (total >= MIN_CLINICAL && !leftRegardless)) &&
            probabilities.L < CHAT_MODEL_FLOOR
          )) ||
        (social && total < MIN_CLINICAL) ||
        // …or when the model is sure it is chat and the cues are weak ('tell tannie Elsa congratulations…').
        (social && total < STRONG_CLINICAL && probabilities.L >= 0.9) ||
        (householdNews(text, scores, analysis) && !relaysReport && !answerTurns.has(utterance.turn)) ||
        (!announcedAction &&
          !namesTaggedAnimal &&
          ((ambiguousChat && total < MIN_CLINICAL - 1 && probabilities.L >= 0.5) ||
            (followsSmallTalk && total < STRONG_CLINICAL && probabilities.L > FOLLOWING_CHAT_PROBABILITY) ||
            // After chat, a clinically silent sentence of the vet's, or any answer to a chat question, is more chat.
            ((followsChatQuestion || (followsSmallTalk && speaker !== 'client')) &&
              total < MIN_CLINICAL &&
              probabilities.L > 0.3) ||
            // The same speaker carrying on after their own chat, without a single clinical cue, is still chatting
            // ('Did you see the Boks on Saturday? That try in the last minute!').
            // (A longer statement needs the model's agreement: the lexicon may just not know its words.)
            (punctuated &&
              (followsSmallTalk || followsChatQuestion) &&
              saysNothingClinical(text, scores, analysis) &&
              previousEnded &&
              (words(text).length <= SHORT_REMARK_WORDS || probabilities.L >= 0.5)) ||
            (punctuated &&
              followsSmallTalk &&
              !previousEnded &&
              hasChatTerm(out.at(-1)?.utterance.text ?? '') &&
              saysNothingClinical(text, scores, analysis)) ||
            // The owner's answer to the vet's question is history in whatever words ('On Sunday, I think').
            (probabilities.L >= LEAVE_OUT_PROBABILITY &&
              total < MIN_CLINICAL - 1 &&
              !answerTurns.has(utterance.turn) &&
              !relaysReport) ||
            // …and, when the model is all but certain, even with some weak cues ('I need to phone the bank…', 'die
            // Blou Bulle het gister gewen'), unless the sentence points at the animal, carries a number or tag, or
            // makes something conditional ('if he's still limping by the weekend, we'll do X-rays').
            (probabilities.L >= SURE_CHAT_PROBABILITY &&
              total < CHAT_OVERRIDE &&
              !POINTS_AT_ANIMAL.test(text) &&
              !CONDITIONAL_ACTION.test(text) &&
              !relaysReport &&
              !/\d/u.test(text) &&
              !answerTurns.has(utterance.turn))))
      ) {
        leave(leftOutReasonOf(text));
        continue;
      }
      // Another animal's doings, with no word pointing at the patient ('our neighbour's cat catches a pigeon every
      // week', 'die bobbejane het die mielies opgevreet'), are someone else's story. It starts no chat: what follows
      // may well be about the patient again ('…after the cat, and he yelped').
      if (
        total < OTHER_ANIMAL_WEIGHT &&
        !relaysReport &&
        !announcedAction &&
        !CONDITIONAL_ACTION.test(text) &&
        !POINTS_AT_ANIMAL.test(text.replace(POSSESSIVE_HER, ' ')) &&
        (aboutAnotherAnimal(text, patients) || predatorsKill(text, punctuatedTurns.has(utterance.turn)))
      ) {
        leave('small-talk');
        afterSmallTalk = false;
        continue;
      }
    }
    if (speaker === 'client') {
      // (A reading off the scale in the room is a finding whoever reads it out: 'we weigh her … 7.2 kilograms'.)
      const weighedHere =
        WEIGHED_ON_SCALE.test(text) &&
        WEIGHT_READING.test(numberWordsToDigits(text)) &&
        !WEIGHED_BEFORE.test(text);
      out.push({ ...base, section: weighedHere ? 'O' : 'S' });
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
    if (positioned) {
      const atPosition = positionOdds(notesModel(), utterance.start / extent);
      for (const section of SOAP_KEYS) combined[section] += POSITION_WEIGHT * atPosition[section];
    }
    // Notes come in blocks: a sentence of the vet's leans to the section of the sentence before it in the same turn.
    const before = out.at(-1);
    if (before?.section && before.utterance.turn === utterance.turn && before.speaker === speaker)
      combined[before.section] += SECTION_INERTIA;
    const action =
      INSTRUCTION.test(text) ||
      FUTURE_ACTION.test(text) ||
      IMPERATIVE.test(text) ||
      INSTRUCTING_VERB.test(text) ||
      PROHIBITION.test(text);
    if (action) combined.P += 5;
    if (answerTo) combined[answerTo] += ANSWER_WEIGHT;
    const actionless =
      !action && !OBLIGATION.test(text) && !DOSE.test(text) && !CONDITIONAL_ACTION.test(text);
    // What the vet measured is a finding, told in whatever words ('sy kreatinien is 450', 'lactate 4.2 mmol/L').
    // (An analyte may share its name with a drug: 'glucose', 'calcium'.)
    if (actionless && (statesMeasurement(text) || AGAINST_NORMAL.test(text)))
      // A laboratory unit ('eggs per gram', 'mmol/L') leaves no doubt that something was measured.
      combined.O += LAB_ONLY_UNIT.test(numberWordsToDigits(text)) ? FINDING_WEIGHT : MEASURE_WEIGHT;
    if (actionless && (SENSED.test(text) || ON_HANDLING.test(text))) combined.O += MEASURE_WEIGHT / 2;
    if (SAMPLES_SENT.test(text)) combined.P += FINDING_WEIGHT;
    // What a test or a procedure showed is a finding, even when the procedure reads like a treatment.
    const namesDiagnosis = !action && DIAGNOSIS_STATEMENT.test(text);
    if (
      !action &&
      !namesDiagnosis &&
      !CONDITIONAL_ACTION.test(text) &&
      (FINDING_REPORT.test(text) || TEST_RESULT.test(text))
    )
      combined.O += FINDING_WEIGHT;
    // The vet naming the disease is the assessment, though said like a finding ('it's classic for coryza').
    if (namesDiagnosis) combined.A += JUDGEMENT_WEIGHT;
    // Why something happens, what it puts at risk: the vet's reasoning.
    if (actionless && CAUSAL.test(text)) combined.A += CAUSAL_WEIGHT;
    if (actionless && PROGRESS.test(text)) combined.A += HEDGE_WEIGHT;
    // The animal's needs, as the vet states them, are the Plan ('he needs a transfusion today').
    // (A prognosis may hang on a condition: 'if we treat them now, most will pull through'.)
    const prognosis = !action && !DOSE.test(text) && PROGNOSIS.test(text);
    if (!action && !prognosis && PATIENT_NEEDS.test(text)) combined.P += OBLIGATION_WEIGHT;
    // The perfect tense about the animal or the owner ('hy het … verloor', 'sy het gisteraand begin', 'they've been
    // lagging behind'): history.
    if (actionless && THIRD_PERSON_PERFECT.test(text) && !statesMeasurement(text)) combined.S += PAST_WEIGHT;
    // What the owner noticed, who told it, how long it has gone on, what was tried at home: history.
    const told =
      OWNER_NOTICED.test(text) ||
      RELAYED.test(text) ||
      RELAYED_BY_NAME.test(text) ||
      (!statesMeasurement(text) && toldHistory(text));
    if (actionless && told) combined.S += 2 * PAST_WEIGHT;
    if (actionless && worry) combined.S += 2 * PAST_WEIGHT;
    // A prognosis is the assessment's, though it speaks of the future ('it should clear on its own').
    // …and its own future words ('should', 'within a week', 'behoort', 'binne twee dae') are no plan.
    if (prognosis) {
      combined.A += JUDGEMENT_WEIGHT;
      combined.P -= Math.min(scores.P, PROGNOSIS_TENSE_DISCOUNT);
    }
    // Treatment given before this visit is history, drug and all.
    if (!action && treatedBefore(text)) combined.S += 2 * PAST_WEIGHT;
    // The vet's hedged judgement that asks for nothing to be done is an assessment.
    if (actionless && HEDGED.test(text)) combined.A += HEDGE_WEIGHT;
    if (actionless && DOUBT.test(text)) combined.A += JUDGEMENT_WEIGHT;
    const differential = !action && DIFFERENTIAL.test(text);
    if (differential) combined.A += JUDGEMENT_WEIGHT;
    // A conditional action stays in the Plan: it is never a finding ('if the count is over 500, treat').
    // …unless what hangs on the condition is a judgement: 'if she responds to the calcium, the prognosis is good'.
    const conditionalJudgement =
      prognosis || differential || (scores.A >= STRONG_CLINICAL && scores.A > scores.P);
    const section =
      CONDITIONAL_ACTION.test(text) && !measuredNow(text, language) && !conditionalJudgement
        ? 'P'
        : argmax(combined);
    out.push({ ...base, section });
  }
  return leaveTalkAboutTheTalk(leaveChatSentencesWhole(out, turnSize));
}

/** No clinical cue but the pronouns' (weight 1), no measurement, drug or diagnosis. */
function saysNothingClinical(text: string, scores: Record<SoapKey, number>, analysis: CueAnalysis): boolean {
  if (NUMBER_WITH_UNIT.test(text)) return false;
  if (contentWeight(text, scores) < MIN_CLINICAL) return true;
  return (
    analysis.drugs === 0 &&
    analysis.vitals === 0 &&
    scores.A === 0 &&
    !analysis.fired.some((cue) => /^[SOAP]/u.test(cue))
  );
}

/**
 * Talk about the talk itself ('Let's talk about the plan.', 'You got it.') is left out, with the model's guess as the
 * suggested section, unless it names a drug or a vital sign (talk.ts has the grammar).
 */
function leaveTalkAboutTheTalk(out: Classified[]): Classified[] {
  for (const item of out) {
    if (item.section === null || item.composedText) continue;
    const text = item.utterance.text;
    if (!talksAboutTheTalk(text)) continue;
    const analysis = cueAnalysis(text, item.language);
    if (analysis.drugs > 0 || analysis.vitals > 0) continue;
    item.leftOutReason = leftOutReasonOf(text);
    item.suggestedSection = item.section;
    item.section = null;
  }
  return out;
}

const SENTENCE_END = /[.!?…]["')\]]*\s*$/u;
// Asides that take the rest of their sentence with them: chat, money, and the logistics of getting there.
const CHAT_REASONS = new Set<LeftOutReason>(['small-talk', 'billing', 'scheduling']);

/**
 * An aside is cut out of its sentence so that the clinical words around it survive ('…, dit reën nou al drie dae');
 * the sentence's other pieces that say nothing clinical go out with it ('Koos het gevra of' · 'ek sy bakkie se band
 * kan help pomp, en' · 'ons het oor die droogte gesels.'). Punctuated turns only: a sentence is the run of pieces up
 * to one that ends with a full stop, and a whole recording on one line has none.
 */
function leaveChatSentencesWhole(out: Classified[], turnSize: Map<number, number>): Classified[] {
  let first = 0;
  for (let i = 0; i < out.length; i++) {
    const item = out[i]!;
    const next = out[i + 1];
    const sentenceGoesOn =
      next !== undefined &&
      next.utterance.turn === item.utterance.turn &&
      !SENTENCE_END.test(item.utterance.text);
    if (sentenceGoesOn) continue;
    const pieces = out.slice(first, i + 1);
    first = i + 1;
    if (pieces.length < 2 || (turnSize.get(item.utterance.turn) ?? 0) > MAX_SENTENCES_PER_TURN) continue;
    if (!SENTENCE_END.test(item.utterance.text)) continue;
    const aside = pieces.find(
      (piece) =>
        piece.leftOutReason &&
        CHAT_REASONS.has(piece.leftOutReason) &&
        (hasChatTerm(piece.utterance.text) || hasTerm(leftOutLexicon().scheduling, piece.utterance.text)),
    );
    if (!aside?.leftOutReason) continue;
    for (const piece of pieces) {
      // (The model's doubt keeps a piece of history: 'he's gotten fat since' · 'my husband started working from home';
      // not a piece that names chat itself: '…the parking was full' · 'and we had to leave the car by the garage'.)
      if (piece.section === null || piece.composedText) continue;
      const text = piece.utterance.text;
      if (piece.probabilities.L < 0.5 && !hasChatTerm(text)) continue;
      if (!saysNothingClinical(text, piece.scores, cueAnalysis(text, piece.language))) continue;
      piece.leftOutReason = aside.leftOutReason;
      piece.suggestedSection = piece.section;
      piece.section = null;
    }
  }
  return out;
}
