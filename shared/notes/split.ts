/**
 * Splits a transcript into turns (lines, or labelled speaker turns) and turns into sentence-sized
 * utterances, keeping character offsets into the original transcript for evidence.
 */
import { boundaryProbability, gapWords, type BoundaryModel } from './boundaries';
import { lexicon } from './lexicon';
import { leftOutLexicon } from './model';
import boundaryJson from './model/boundaries.json' with { type: 'json' };
import { taggedAnimalStarts } from './herd-ids';
import { KIN } from './phrases';
import { hasTerm } from './text';

export type Speaker = 'vet' | 'client' | 'unknown';

export interface Utterance {
  /** 0-based index of the turn (line or labelled speaker turn) the utterance belongs to. */
  turn: number;
  /** Character offsets [start, end) in the transcript. */
  start: number;
  end: number;
  /** The transcript text of [start, end), with any speaker label removed. */
  text: string;
  /** Speaker from an explicit label ('[doctor]', 'Vet:', 'Kliënt:'), else 'unknown'. */
  labelledSpeaker: Speaker;
}

const SPEAKER_LABEL =
  /^\s*(?:\[(?<bracketed>[^\]\n]{1,30})\]\s*:?|(?<plain>vet|veearts|doctor|dokter|dr|client|kliënt|klient|owner|eienaar|patient|pasiënt|farmer|boer|nurse|verpleegster|assistant|speaker ?\d)\s*:)\s*/iu;

const VET_LABELS = /^(?:vet|veearts|doctor|dokter|dr|clinician|speaker ?1)$/iu;
const CLIENT_LABELS =
  /^(?:client|kliënt|klient|owner|eienaar|patient|pasiënt|farmer|boer|patient_guest|guest_family|speaker ?2)$/iu;

function speakerOf(label: string | undefined): Speaker {
  if (!label) return 'unknown';
  const trimmed = label.trim();
  if (VET_LABELS.test(trimmed)) return 'vet';
  if (CLIENT_LABELS.test(trimmed)) return 'client';
  return 'unknown';
}

// Words after which a full stop does not end a sentence.
const ABBREVIATIONS = new Set([
  'dr',
  'mr',
  'mrs',
  'ms',
  'mnr',
  'mev',
  'me',
  'prof',
  'vs',
  'eg',
  'e.g',
  'i.e',
  'ie',
  'nr',
  'no',
  'approx',
  'appr',
  'ca',
  'cf',
  'etc',
  'spp',
  'sp',
  'resp',
  'temp',
  'vol',
  'max',
  'min',
  'wt',
  'mnr',
  'dok',
  'bl',
  'nl',
  'ong',
  'vgl',
  'bv',
  'st',
]);

/**
 * Abbreviations that are also words a sentence can end on ('die geld was min.', 'he bit me.', 'die blaas is vol.',
 * 'the answer is no.'): the stop ends the sentence unless a number follows ('No. 5', 'ca. 30', 'temp. 39.2') or,
 * for a unit, precedes ('5 min. later'), or a title is written as one ('Me. Botha', 'St. Lucia').
 */
const ALSO_WORDS = new Set(['me', 'no', 'min', 'max', 'vol', 'st', 'ca', 'temp', 'resp']);
const TITLES = new Set(['me', 'st']);

function abbreviationStop(text: string, word: string, wordStart: number, stopEnd: number): boolean {
  const bare = word.replace(/\.$/, '');
  if (!ABBREVIATIONS.has(bare)) return false;
  if (!ALSO_WORDS.has(bare)) return true;
  if (/^\s*\d/u.test(text.slice(stopEnd, stopEnd + 4))) return true;
  if (/\d\s*$/u.test(text.slice(Math.max(0, wordStart - 4), wordStart))) return true;
  return TITLES.has(bare) && /^\p{Lu}/u.test(text.charAt(wordStart));
}

const LONGEST_ABBREVIATION = 16;

/**
 * The last word of text[start, end) in lower case, '' when it is longer than any abbreviation. Scans back a
 * bounded distance: re-splitting the whole sentence so far at each skipped 'Dr.' was quadratic.
 */
function lastWordBefore(text: string, start: number, end: number): string {
  let wordEnd = end;
  while (wordEnd > start && /\s/u.test(text.charAt(wordEnd - 1))) wordEnd--;
  let wordStart = wordEnd;
  while (wordStart > start && !/\s/u.test(text.charAt(wordStart - 1))) {
    wordStart--;
    if (wordEnd - wordStart > LONGEST_ABBREVIATION) return '';
  }
  return text.slice(wordStart, wordEnd).toLowerCase();
}

/** Sentence boundaries inside one turn: [.!?] followed by whitespace or the end, except after abbreviations. */
function sentenceRanges(text: string, offset: number): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let start = 0;
  // The look-behind lets only the first mark of a run start a match (a long run stays linear).
  const boundary = /(?<![.!?])[.!?]+(?=\s|$)|\n+/gu;
  for (const match of text.matchAll(boundary)) {
    const end = match.index + match[0].length;
    const lastWord = match[0].startsWith('.') ? lastWordBefore(text, start, match.index) : '';
    if (abbreviationStop(text, lastWord, match.index - lastWord.length, end)) continue;
    // An initial before a lower-case word is a genus or a name, not a sentence end: 'E. coli', 'B. bovis'.
    if (/^\p{L}$/u.test(lastWord) && /^\s{1,3}\p{Ll}/u.test(text.slice(end, end + 4))) continue;
    ranges.push([start, end]);
    start = end;
  }
  if (start < text.length) ranges.push([start, text.length]);
  return ranges
    .map(([s, e]): [number, number] => {
      const slice = text.slice(s, e);
      const lead = slice.length - slice.trimStart().length;
      const trail = slice.length - slice.trimEnd().length;
      return [offset + s + lead, offset + e - trail];
    })
    .filter(([s, e]) => e > s);
}

const RUN_ON_WORDS = 30;
const MIN_PIECE_WORDS = 6;
// Where speech without punctuation (ASR output) usually turns to a new thought.
// 'Goed', 'reg', 'well' and 'so' open a new thought, unless a copula or intensifier makes them part of this one
// ('die prognose is baie goed', 'healing very well'); 'also'/'ook' opens one unless it follows its subject or a verb
// ('hy het ook…', 'die stokkie is ook positief'). The look-behinds are fixed words (linear).
const THOUGHT_BREAK =
  /(?<!\b(?:baie|is|so|redelik|heel|nogal|te|ook|nie|was|lyk|gaan|very|quite|as|is|doing|going|healing|eating|not|pretty|and|or|i|you|we|they|don't|do))\s(?=(?:okay|ok|alright|all right|so|now|um|uh|mm-hmm|and then|but|because|well|anyway|goed|reg|nou|toe|want|maar|en toe|dan|(?:the|die) (?:results?|uitslae) (?:are|is|came|kom|het))\b)|(?<!\b(?:dog|cat|cow|horse|he|she|it|they|we|i|you|hond|kat|koei|perd|hy|sy|dit|hulle|ons|ek|jy|is|was|are|were|has|have|had|het|sal|kan|moet|word|gaan))\s(?=(?:also|ook)\b)/giu;
// Where an aside starts or ends inside one breath: 'oh and the owner asked…', '… hey max started vomiting'.
// A farewell both starts an aside and ends it: '… have a lovely weekend | and phone us if she's not eating'.
const FAREWELL = String.raw`have a (?:lovely|good|nice|great|safe) (?:weekend|day|evening|trip)|lekker (?:naweek|dag|aand)`;
const ASIDE_BREAK = new RegExp(
  String.raw`\s(?=(?:oh|o ja|by the way|ag|sjoe|shoo|thanks|thank you|dankie|wil jy|would you like|did you|het jy|hi|hello|morning|môre|sorry|en dokter|and doctor|the owner asked|die eienaar het gevra|tell the|please tell|vir die kantoor|die eienaar|the owner says|(?:the )?owner mentioned|(?:(?:the|die) )?(?:owner|client|farmer|groom|manager|boer|eienaar|bestuurder)(?:'s \p{L}+)? (?:asked|asks|wanted to know|het gevra|vra|wou weet)|(?:mrs|mr|ms|miss|mevrou|meneer|juffrou|oom|tannie)\s+(?:[\p{L}'-]+\s+){1,3}(?:asks|asked|wants to know|wanted to know|vra|het gevra|wil weet|wou weet)|${FAREWELL}|ander sake|other matters|other business|on another note|congratulations|baie geluk|not relevant|nothing further|niks verder nie|(?:the|die) (?:rain|weather|wind|heat|reën|weer|hitte)|side note|note to self|end of (?:notes|dictation)|einde van (?:die )?(?:notas|opname)|my (?:husband|wife|man|vrou|kids|kinders|broer|brother|sister|suster|son|daughter|seun|dogter))\b)|(?<=\b(?:hey|hê|nè|né))\s|(?<=\b(?:wonderful|great|lovely|fantastic|good|goeie|wonderlike|lekker) (?:news|nuus))\s(?!(?:is|was|for|vir)\b)|(?<=\b(?:${FAREWELL}))\s`,
  'giu',
);

// Second-level breaks for what is still too long: where a new subject or a new measurement starts.
// Never right after a word that opens a subordinate clause: 'phone if | she's not eating' would lose the condition.
const CLAUSE_BREAK =
  /(?<!\b(?:if|unless|until|because|that|when|as|dat|tensy|totdat|omdat|wanneer|sodat|indien))\s(?=(?:(?:when|how|where|why|what|wanneer|hoe|waar|hoekom) (?:did|do|does|was|were|is|are|has|have|het)|i'm|i am|i|we|we'll|he's|she's|he|she|they|they've|they're|hulle|there's|it's|ek|ons|hy|hy's|sy's|dis|daar|temperature|temperatuur|heart rate|hartklop|respiratory|asemhaling|weight|gewig|plan|assessment|diagnose|diagnosis|prognosis|prognose|on examination|by ondersoek|the owner says|the owner reports|die eienaar)\b)/giu;
// A spoken section header with its colon ('… behandeling: propylene glycol …', '… my findings: …') starts a new
// thought wherever it stands, in punctuated text as in speech-engine text.
const HEADER_BREAK =
  /(?<!\b(?:my|our|ons))\s(?=(?:(?:my|our|ons)\s+)?(?:history|geskiedenis|examination|ondersoek|findings|bevindinge|assessment|diagnosis|diagnose|differentials|impression|indruk|prognosis|prognose|plan|treatment|behandeling|recommendations|aanbevelings|medication|medikasie)\s*:)/giu;
// Where news of a person starts inside one breath of speech-engine text ('…tracheal wash | liesl het vertel haar
// dogter…', '…to check pen four | his wife is recovering from…', '… | mr steyn told me about his own…'): a relative
// or neighbour as the new subject, or someone named telling of one. The clause is then judged on its own.
const PERSON_NEWS = String.raw`(?:(?:my|his|her|their|our|sy|haar|hulle|ons)\s+(?:${KIN})|(?:(?:mr|mrs|ms|dr)\s+)?\p{L}+['’]s\s+(?:${KIN})|(?:(?:mr|mrs|ms|dr|meneer|mevrou|mnr|mev|oom|tannie)\s+)?\p{L}+\s+(?:se\s+(?:${KIN})|(?:was telling me|told me|told us|mentioned|het vertel|het gesê|sê|says|said)\s+(?:that\s+|dat\s+)?(?:(?:his|her|sy|haar|their|hulle)\s+(?:own\s+|eie\s+)?(?:${KIN})|about (?:his|her) own|oor (?:sy|haar) (?:eie\s+)?\p{L}+)))(?![\p{L}-])`;
const PERSON_NEWS_BREAK = new RegExp(
  String.raw`(?<!\b(?:if|unless|until|because|that|when|as|and|en|dat|tensy|totdat|omdat|wanneer|sodat|indien|of|van|vir|with|met|for|to|says|said|sê|told|vertel|mentioned))\s(?=${PERSON_NEWS})`,
  'giu',
);
// …also after 'and'/'en', where the news is joined on to what was said before it ('… terug ry | en sakkie se vrou het
// verlede week 'n nierklip gehad…'): the cut comes before the conjunction.
const PERSON_NEWS_AFTER_AND = new RegExp(String.raw`\s(?=(?:and|en)\s+${PERSON_NEWS})`, 'giu');
// …and someone's question put to the speaker, relayed ('… bring him in immediately | kyle was asking if we'd be
// watching the cricket', '… | pieter het gevra of ons saam kom'): a new thought, not part of the instruction before.
const RELAYED_QUESTION_BREAK = new RegExp(
  String.raw`(?<!\b(?:the|die|a|an|'n|my|his|her|our|your|their|sy|haar|ons|jou|hulle|this|that|hierdie|daardie|if|as|of))\s(?=\p{L}+\s+(?:was asking|were asking|asked me|asked us|wanted to know|het gevra|het my gevra|wou weet)\s+(?:if|whether|about|of|oor|wanneer|when)(?![\p{L}]))`,
  'giu',
);
const MIN_NEWS_LEAD_WORDS = 3;
// Someone addressed by title and name starts a new thought ('… by die veearts gelê | mevrou coetzee die kateter is in').
const ADDRESS_BREAK =
  /(?<!\b(?:to|for|with|and|by|from|of|vir|met|en|van|aan|told|tell|ask|asked|vra|sê|the|die|my|our|ons|his|her|sy|haar|jou|your|their|hulle))\s(?=(?:mrs|mr|ms|miss|mevrou|meneer|mnr|mev|juffrou|oom|tannie)\s+\p{L}{2,}\s+\p{L})/giu;
// An interjection that opens an aside inside one breath ('… nat kraal uit | jislaaik that wind last night…').
const INTERJECTION_BREAK =
  /\s(?=(?:jislaaik|jis|sjoe|yoh|eish|haai|gits|goodness|gosh|wow|jinne|magtig)(?![\p{L}]))/giu;
// The owner's question that closes a breath, addressed to the vet ('… die niere verder seer | hoe lank het sy nog
// dokter', '… twice a day | can she still go for walks doctor'): the owner speaks from the question word on.
const ADDRESSED_QUESTION_BREAK =
  /\s(?=(?:how|what|when|where|why|which|can|could|should|will|would|is|are|does|do|did|must|hoe|wat|wanneer|waar|hoekom|watter|kan|sal|moet|mag|is|het)\s+(?:[\p{L}'’-]+\s+){1,8}?(?:dokter|doctor|doc|dok)\s*$|(?:dokter|doctor|doc|dok)\s+(?:how|what|when|where|why|which|can|could|should|will|would|is|are|does|do|did|must|hoe|wat|wanneer|waar|hoekom|watter|kan|sal|moet|mag|het)\s)/giu;
const MIN_BEFORE_QUESTION_WORDS = 4;
const LONG_PIECE_WORDS = 25;
const SMALL_TALK_SPLIT_WORDS = 15;
const MIN_ASIDE_WORDS = 3;
const MIN_CLAUSE_WORDS = 8;

const wordCount = (text: string): number => text.trim().split(/\s+/).filter(Boolean).length;

/** Cuts [start, end) at the matches of `breaks`, never leaving a piece shorter than `minWords` before a cut. */
function cutAt(
  transcript: string,
  start: number,
  end: number,
  breaks: RegExp,
  minWords: number,
): Array<[number, number]> {
  const text = transcript.slice(start, end);
  const pieces: Array<[number, number]> = [];
  let pieceStart = 0;
  for (const match of text.matchAll(breaks)) {
    if (wordCount(text.slice(pieceStart, match.index)) < minWords) continue;
    pieces.push([start + pieceStart, start + match.index]);
    pieceStart = match.index + match[0].length;
  }
  pieces.push([start + pieceStart, end]);
  return pieces.filter(([s, e]) => transcript.slice(s, e).trim() !== '');
}

const ASIDE_OR_ANY_CLAUSE = new RegExp(
  `${ASIDE_BREAK.source}|${THOUGHT_BREAK.source}|${CLAUSE_BREAK.source}`,
  'giu',
);

/**
 * Cuts an unpunctuated run-on sentence (typical of speech recognisers) first at discourse markers, then,
 * where still long, where a new subject or measurement starts, so that an aside and a finding spoken in one
 * breath are classified separately.
 */
function splitRunOn(transcript: string, start: number, end: number): Array<[number, number]> {
  const words = wordCount(transcript.slice(start, end));
  // An aside inside a long breath must not take the clinical words around it down with it.
  const piece = transcript.slice(start, end);
  const left = leftOutLexicon();
  const aside =
    hasTerm(lexicon().smallTalk, piece) ||
    hasTerm(left.billing, piece) ||
    hasTerm(left.social, piece) ||
    hasTerm(left.scheduling, piece);
  if (words > SMALL_TALK_SPLIT_WORDS && aside) {
    return cutAt(transcript, start, end, ASIDE_OR_ANY_CLAUSE, MIN_ASIDE_WORDS).flatMap(([s, e]) =>
      capLength(transcript, s, e),
    );
  }
  if (words <= RUN_ON_WORDS) return [[start, end]];
  return cutAt(transcript, start, end, THOUGHT_BREAK, MIN_PIECE_WORDS)
    .flatMap(([s, e]) =>
      wordCount(transcript.slice(s, e)) > LONG_PIECE_WORDS
        ? cutAt(transcript, s, e, CLAUSE_BREAK, MIN_CLAUSE_WORDS)
        : [[s, e] as [number, number]],
    )
    .flatMap(([s, e]) => capLength(transcript, s, e));
}

const DOSE_UNIT_AHEAD =
  /^\s*(?:mg|ml|mcg|µg|iu|ie|units?|eenhede|milligram|millilit|tablets?|tablette?|%)(?![\p{L}])/iu;
/** [start, end) cut before each animal named by kind and tag ('… | bul 207, 3 jaar oud …'), never leaving a stub. */
function splitAtTaggedAnimals(transcript: string, start: number, end: number): Array<[number, number]> {
  const text = transcript.slice(start, end);
  const out: Array<[number, number]> = [];
  let pieceStart = start;
  for (const offset of taggedAnimalStarts(text)) {
    const cut = start + offset;
    if (wordCount(transcript.slice(pieceStart, cut)) < MIN_SENTENCE_WORDS) continue;
    out.push([pieceStart, cut]);
    pieceStart = cut;
  }
  out.push([pieceStart, end]);
  return withoutTrailingSpace(transcript, out);
}

/** A cut at `index` would part a drug from its dose ('…meloxicam | 0.2 mg/kg…') or a dose from its unit. */
export function splitsDrugFromDose(text: string, index: number): boolean {
  const ahead = text.slice(index, index + 16);
  const behind = text.slice(Math.max(0, index - 40), index);
  if (/\d\s*$/u.test(behind) && DOSE_UNIT_AHEAD.test(ahead)) return true;
  if (!/^\s*\d/u.test(ahead)) return false;
  const before = /([\p{L}-]+)\s*$/u.exec(behind)?.[1] ?? '';
  return before !== '' && hasTerm(lexicon().drugNames, before);
}

/** No bullet over this many words (speech-engine text runs on for a hundred words and more). */
export const MAX_UTTERANCE_WORDS = 35;
const ANY_BREAK = new RegExp(
  `${ASIDE_BREAK.source}|${THOUGHT_BREAK.source}|${CLAUSE_BREAK.source}|(?<=[,;:])\\s|\\s(?=(?:and|en|with|met|then|daarna|which|wat)\\b)`,
  'giu',
);

/**
 * Cuts a piece still longer than MAX_UTTERANCE_WORDS at the clause break nearest its middle (any break:
 * discourse marker, new subject, comma, 'and'), else at the middle word; repeats on the halves. Each level
 * scans its piece once, so the whole is O(n log n) at worst.
 */
function capLength(transcript: string, start: number, end: number): Array<[number, number]> {
  const text = transcript.slice(start, end);
  if (wordCount(text) <= MAX_UTTERANCE_WORDS) return [[start, end]];
  const middle = text.length / 2;
  let best = -1;
  let bestLength = 0;
  for (const match of text.matchAll(ANY_BREAK)) {
    if (splitsDrugFromDose(text, match.index)) continue;
    if (best < 0 || Math.abs(match.index - middle) < Math.abs(best - middle)) {
      best = match.index;
      bestLength = match[0].length;
    }
  }
  if (best <= 0 || best >= text.length - 1) {
    // No break at all: cut at the space nearest the middle (not between a drug and its dose).
    let space = text.indexOf(' ', Math.floor(middle));
    while (space > 0 && splitsDrugFromDose(text, space)) space = text.indexOf(' ', space + 1);
    if (space <= 0) return [[start, end]];
    best = space;
    bestLength = 1;
  }
  return [
    ...capLength(transcript, start, start + best),
    ...capLength(transcript, start + best + bestLength, end),
  ].filter(([s, e]) => transcript.slice(s, e).trim() !== '');
}

// A closing or greeting formula run into an instruction ('Have a lovely weekend, and phone us if…'): the formula
// is chat, the rest may be the Plan. Bounded words, linear.
const CLOSING_LEAD =
  /^(?:(?:okay|ok|right|so|well|goed)[\s,]+)?(?:thanks|thank you|many thanks|have a (?:lovely|good|nice|great|safe) (?:day|weekend|evening|week|trip)|enjoy (?:the|your) \p{L}+(?: \p{L}+)?|see you(?: \p{L}+)?|bye|cheers|take care|totsiens|sterkte|lekker (?:dag|naweek|aand)|get some (?:sleep|rest)|gaan slaap(?: 'n bietjie)?|gaan rus(?: 'n bietjie)?|drive safe(?:ly)?|ry veilig|look after yourself|pas jouself op|baie dankie|dankie|groete|hello|hallo|hi|good (?:morning|afternoon|evening)|goeie(?:môre|middag|naand)|môre|middag)(?:[\s,]+(?:\p{Lu}\p{Ll}+|doc|doctor|dokter|dok|meneer|mevrou|oom|tannie|mr|mrs|ms)){0,3}(?:[,;!]\s+(?:and\s+|en\s+)?|\s+(?:and|en)\s+)/iu;
const MIN_AFTER_CLOSING_WORDS = 4;

/** A sentence that is nothing but a closing or greeting formula ('Gaan slaap 'n bietjie', 'Drive safely, Mr Naidoo'). */
export function isClosingFormula(text: string): boolean {
  const core = text.replace(/[\s,.;:!]+$/u, '');
  const lead = CLOSING_LEAD.exec(`${core}, `);
  return lead !== null && lead[0].trimEnd().replace(/,$/u, '').length >= core.length;
}

/** [start, end) cut after a leading closing or greeting formula, when enough words follow it. */
function splitClosing(transcript: string, start: number, end: number): Array<[number, number]> {
  const lead = CLOSING_LEAD.exec(transcript.slice(start, end));
  if (!lead) return [[start, end]];
  const cut = start + lead[0].length;
  if (wordCount(transcript.slice(cut, end)) < MIN_AFTER_CLOSING_WORDS) return [[start, end]];
  const head = transcript.slice(start, cut);
  const headEnd = start + head.trimEnd().replace(/(?:\s*[,;!]|\s+(?:and|en))+$/iu, '').length;
  return [
    [start, headEnd],
    [cut, end],
  ];
}

const boundaryModel = boundaryJson as BoundaryModel;
/** A line with fewer sentence marks than one per this many words is speech-engine text. */
const UNPUNCTUATED_WORDS_PER_MARK = 40;
/** Shortest stretch the sentence-boundary model may cut off. */
const MIN_SENTENCE_WORDS = 3;
const BOUNDARY_PROBABILITY = 0.5;

function isUnpunctuated(line: string): boolean {
  const marks = line.match(/[.?!](?=\s|$)/gu)?.length ?? 0;
  return marks * UNPUNCTUATED_WORDS_PER_MARK < wordCount(line);
}

/** [start, end) cut where the sentence-boundary model hears a sentence end (one pass over its words). */
function modelSentences(transcript: string, start: number, end: number): Array<[number, number]> {
  const found = gapWords(transcript.slice(start, end));
  const words = found.map((w) => w.word);
  const out: Array<[number, number]> = [];
  let pieceStart = start;
  let since = 0;
  for (let i = 1; i < words.length; i++) {
    since++;
    if (since < MIN_SENTENCE_WORDS || words.length - i < MIN_SENTENCE_WORDS) continue;
    if (boundaryProbability(boundaryModel, words, i) < BOUNDARY_PROBABILITY) continue;
    const cut = start + (found[i]?.start ?? 0);
    // A drug and the dose after it are one instruction ('…for a month meloxicam 0.2 mg per kg…').
    if (splitsDrugFromDose(transcript, cut)) continue;
    out.push([pieceStart, cut]);
    pieceStart = cut;
    since = 0;
  }
  out.push([pieceStart, end]);
  return withoutTrailingSpace(transcript, out);
}

/** Pieces without the white space they end in; empty ones dropped. */
function withoutTrailingSpace(transcript: string, pieces: Array<[number, number]>): Array<[number, number]> {
  return pieces
    .map(([s, e]): [number, number] => [s, s + transcript.slice(s, e).trimEnd().length])
    .filter(([s, e]) => e > s);
}

// In speech-engine text a question runs into its answer ('when did you last deworm them in march with the
// ivermectin', 'wanneer is hulle laas gedip die dip was ses weke gelede'). A question about when, how long or how
// much is answered by a time or an amount: the answer starts there.
const TIME_QUESTION =
  /^(?:(?:okay|ok|so|and|en|reg|right)\s+)*(?:when|how long|how often|how much|how many|wanneer|hoe lank|hoe gereeld|hoeveel|any|enige)(?![\p{L}])/iu;
const MONTHS =
  'january|february|march|april|may|june|july|august|september|october|november|december|januarie|februarie|maart|mei|junie|julie|augustus|oktober|desember';
const COUNT = String.raw`(?:\d+|a|an|'n|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of|een|twee|drie|vier|vyf|ses|sewe|agt|nege|tien|'n paar)`;
const ANSWER_START = new RegExp(
  String.raw`\s(?=(?:(?:in|end of|early|middle of|begin|einde|middel) (?:${MONTHS})|last (?:night|week|month|year|spring|summer|autumn|winter)|laas (?:week|maand|jaar|nag)|(?:about|around|roughly|omtrent|ongeveer|sowat) ${COUNT}|${COUNT} (?:days?|weeks?|months?|years?|dae|weke|maande|jaar) (?:ago|gelede)|yesterday|gister|this morning|vanoggend|since|sedert|sinds|once|twice|${COUNT} times|(?:een|twee|drie|vier|vyf|'n paar) keer|(?:die|the) (?:\p{L}+ ){1,2}(?:was|is))(?![\p{L}]))`,
  'iu',
);
const ANY_QUESTION = /^(?:(?:okay|ok|so|and|en|reg|right)\s+)*(?:any|enige)(?![\p{L}])/iu;
/** Words of the question before its answer may start. */
const QUESTION_WORDS = 3;

/** [start, end) cut where a question about a time or an amount runs into its answer. */
function splitAnswerFromQuestion(transcript: string, start: number, end: number): Array<[number, number]> {
  const text = transcript.slice(start, end);
  if (!TIME_QUESTION.test(text)) return [[start, end]];
  // ('Any vomiting | twice yesterday': a yes/no question about a sign is two words long.)
  const from = gapWords(text)[ANY_QUESTION.test(text) ? 2 : QUESTION_WORDS]?.start;
  if (from === undefined) return [[start, end]];
  const answer = ANSWER_START.exec(text.slice(from - 1));
  if (!answer) return [[start, end]];
  const cut = start + from + answer.index;
  if (wordCount(transcript.slice(cut, end)) < 2) return [[start, end]];
  return [
    [start, start + transcript.slice(start, cut).trimEnd().length],
    [cut, end],
  ];
}

// The vet's confidence in what was just said ('… kankeroog ek is redelik seker maar…', '… 'n hoefabses daarvan is ek
// seker', "… heat stroke i'm very sure of it"): it ends the claim it qualifies, so no utterance starts inside it
// or at it. Forward confidence ('ek is taamlik seker dit is…') refers ahead and is left alone.
const CONFIDENCE_DEGREE = String.raw`(?:(?:baie|taamlik|redelik|nogal|heeltemal|very|quite|fairly|pretty|reasonably|absolutely)\s+)?`;
const CONFIDENCE_AFTER_CLAIM = new RegExp(
  String.raw`(?<![\p{L}'])(?:daarvan\s+is\s+ek\s+${CONFIDENCE_DEGREE}seker|(?:ek\s+is|i'm|i\s+am)\s+${CONFIDENCE_DEGREE}(?:seker|sure|certain|confident)(?:\s+(?:daarvan|daaroor|of\s+(?:it|that)|about\s+(?:it|that))(?![\p{L}])|(?=\s+(?:maar|but)(?![\p{L}])|\s*$)))`,
  'giu',
);

/** Moves each cut that falls at or inside a confidence-after-a-claim phrase to the phrase's end. */
function keepConfidenceWithClaim(
  transcript: string,
  pieces: Array<[number, number]>,
): Array<[number, number]> {
  if (pieces.length < 2) return pieces;
  const from = pieces[0]?.[0] ?? 0;
  const to = pieces[pieces.length - 1]?.[1] ?? from;
  const phrases = [...transcript.slice(from, to).matchAll(CONFIDENCE_AFTER_CLAIM)].map(
    (match): [number, number] => [from + match.index, from + match.index + match[0].length],
  );
  if (phrases.length === 0) return pieces;
  const out: Array<[number, number]> = [];
  for (const [start, end] of pieces) {
    const previous = out[out.length - 1];
    const phrase = phrases.find(([ps, pe]) => start >= ps && start < pe);
    if (!previous || !phrase || phrase[0] < previous[0]) {
      out.push([start, end]);
      continue;
    }
    previous[1] = Math.max(previous[1], Math.min(phrase[1], end));
    const rest = transcript.slice(previous[1], end);
    const restStart = previous[1] + (rest.length - rest.trimStart().length);
    if (restStart < end) out.push([restStart, end]);
  }
  return out;
}

// A condition and what then follows are one instruction ('… if the pcr is positive | dan moet hy uit', 'as sy nie
// eet nie | then phone us'): in speech-engine text a cut before 'then'/'dan' that closes an open condition is undone.
const CONDITION_OPENER = /(?<![\p{L}'])(?:if|unless|indien|as|tensy|sodra)(?![\p{L}'])/giu;
const CONSEQUENT_START = /^(?:then|dan)(?![\p{L}'])/iu;
const CONSEQUENT_END = /(?<![\p{L}'])(?:then|dan)\s*$/iu;
const CONSEQUENT_ANYWHERE = /(?<![\p{L}'])(?:then|dan)(?![\p{L}'])/giu;

function openCondition(text: string): boolean {
  let opener = -1;
  for (const match of text.matchAll(CONDITION_OPENER)) opener = match.index;
  if (opener < 0) return false;
  let consequent = -1;
  for (const match of text.matchAll(CONSEQUENT_ANYWHERE)) consequent = match.index;
  return consequent < opener;
}

/**
 * Joins a piece to the one before it when that one ends inside a condition and the piece opens on 'then'/'dan',
 * or when that one ends on the 'then'/'dan' that closes its condition.
 */
function keepConsequentWithCondition(
  transcript: string,
  pieces: Array<[number, number]>,
): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const [start, end] of pieces) {
    const previous = out[out.length - 1];
    const before = previous ? transcript.slice(previous[0], previous[1]) : '';
    const dangling = CONSEQUENT_END.exec(before);
    if (
      previous &&
      (CONSEQUENT_START.test(transcript.slice(start, end))
        ? openCondition(before)
        : dangling !== null && openCondition(before.slice(0, dangling.index))) &&
      wordCount(transcript.slice(previous[0], end)) <= MAX_UTTERANCE_WORDS
    ) {
      previous[1] = end;
      continue;
    }
    out.push([start, end]);
  }
  return out;
}

/** Utterances of a transcript, in order. */
export function splitUtterances(
  transcript: string,
  /**
   * Offsets where the speech engine ended a timed segment: pauses are sentence ends that unpunctuated
   * recogniser text does not show. Ignored inside a word.
   */
  pauses: readonly number[] = [],
): Utterance[] {
  const utterances: Utterance[] = [];
  const sortedPauses = [...pauses].sort((a, b) => a - b);
  let nextPause = 0;
  let turn = -1;
  let lineStart = 0;
  for (const line of transcript.split('\n')) {
    const lineOffset = lineStart;
    lineStart += line.length + 1;
    if (line.trim() === '') continue;
    const label = SPEAKER_LABEL.exec(line);
    const groups = label?.groups;
    const labelText = groups?.bracketed ?? groups?.plain;
    const speaker = speakerOf(labelText);
    // A label only counts when it names a speaker; '[inaudible]' stays part of the text.
    const bodyStart = label && (speaker !== 'unknown' || groups?.plain) ? label[0].length : 0;
    turn++;
    const speechEngineText = isUnpunctuated(line);
    for (const [sentenceStart, sentenceEnd] of sentenceRanges(
      line.slice(bodyStart),
      lineOffset + bodyStart,
    )) {
      // Cut at the recogniser's pauses inside this sentence (one forward pass over the sorted offsets).
      const pieces: Array<[number, number]> = [];
      let pieceStart = sentenceStart;
      while (nextPause < sortedPauses.length && (sortedPauses[nextPause] ?? 0) <= sentenceStart) nextPause++;
      while (nextPause < sortedPauses.length && (sortedPauses[nextPause] ?? 0) < sentenceEnd) {
        const at = sortedPauses[nextPause] ?? 0;
        nextPause++;
        const atWordEdge = /\s/u.test(transcript.charAt(at)) || /\s/u.test(transcript.charAt(at - 1));
        if (!atWordEdge || transcript.slice(pieceStart, at).trim() === '') continue;
        pieces.push([pieceStart, at]);
        pieceStart = at;
      }
      pieces.push([pieceStart, sentenceEnd]);
      const trimmed = pieces
        .map(([ps, pe]): [number, number] => {
          const slice = transcript.slice(ps, pe);
          return [
            ps + (slice.length - slice.trimStart().length),
            pe - (slice.length - slice.trimEnd().length),
          ];
        })
        .filter(([ps, pe]) => pe > ps);
      const closed = trimmed
        .flatMap(([ps, pe]) => cutAt(transcript, ps, pe, HEADER_BREAK, 1))
        .flatMap(([ps, pe]) => splitClosing(transcript, ps, pe));
      const clauses = closed.flatMap(([ps, pe]) => splitRunOn(transcript, ps, pe));
      // Speech-engine text marks no sentence ends: the boundary model finds them inside the clauses.
      const sentences = speechEngineText
        ? clauses
            .flatMap(([ps, pe]) => cutAt(transcript, ps, pe, PERSON_NEWS_BREAK, MIN_NEWS_LEAD_WORDS))
            .flatMap(([ps, pe]) => cutAt(transcript, ps, pe, PERSON_NEWS_AFTER_AND, MIN_NEWS_LEAD_WORDS))
            .flatMap(([ps, pe]) => cutAt(transcript, ps, pe, RELAYED_QUESTION_BREAK, MIN_NEWS_LEAD_WORDS))
            .flatMap(([ps, pe]) => cutAt(transcript, ps, pe, INTERJECTION_BREAK, MIN_NEWS_LEAD_WORDS))
            .flatMap(([ps, pe]) => cutAt(transcript, ps, pe, ADDRESS_BREAK, MIN_NEWS_LEAD_WORDS))
            .flatMap(([ps, pe]) =>
              cutAt(transcript, ps, pe, ADDRESSED_QUESTION_BREAK, MIN_BEFORE_QUESTION_WORDS),
            )
            .flatMap(([ps, pe]) => modelSentences(transcript, ps, pe))
            .flatMap(([ps, pe]) => splitAnswerFromQuestion(transcript, ps, pe))
            .flatMap(([ps, pe]) => splitAtTaggedAnimals(transcript, ps, pe))
        : clauses;
      const kept = speechEngineText
        ? keepConsequentWithCondition(transcript, keepConfidenceWithClaim(transcript, sentences))
        : sentences;
      for (const [start, end] of kept) {
        utterances.push({ turn, start, end, text: transcript.slice(start, end), labelledSpeaker: speaker });
      }
    }
  }
  return utterances;
}
