/**
 * Turns classified utterances into clean note bullets: fillers and discourse markers removed, spoken
 * headers dropped, vital signs split out and normalised, doses normalised, duplicates merged. Every bullet
 * keeps the transcript offsets it came from.
 */
import type { Classified } from './classify';
import { cueScores, stripOpeners } from './classify';
import { lexicon, type SoapKey } from './lexicon';
import { extractVitals, normaliseDoses, type Language } from './normalise';
import glossaryJson from './lexicon/glossary.json' with { type: 'json' };
import { capitalise, contentTokens, hasTerm } from './text';

export interface SourceSpan {
  start: number;
  end: number;
}

export interface DraftBullet {
  section: SoapKey;
  text: string;
  spans: SourceSpan[];
  /** The whole utterance a part-bullet (a vital sign) was cut from: its context for support and identity. */
  context?: SourceSpan;
  /** The animal the bullet belongs to on a multi-animal visit ('Cow 812'). */
  animal?: string;
}

// An animal's tag on its own ('Cow 12', 'Oorplaatjie 318'): bounded words, linear.
const ANIMAL_TAG =
  /(?<![\p{L}\d])(?:\p{L}{2,12}\s{1,3})?(?:(?:number|nommer|nr\.?|no\.?)\s{0,3})?\d{1,6}(?![\d\p{L}])/giu;

// Words that name a part of the note, not a finding ('Summary: temperature 39.8' leaves 'Summary').
const SECTION_WORDS = new Set(
  'summary opsomming samevatting recap note notes findings bevindinge exam examination ondersoek vitals history plan'.split(
    ' ',
  ),
);

const CONDITIONAL =
  /(?<![\p{L}])(?:if|unless|only if|in case|should (?:he|she|it|they)|indien|tensy|sodra|wanneer|as (?:hy|sy|dit|hulle|die|jy|julle))(?![\p{L}])/iu;

const HEADER_PREFIX =
  /^(?:history|geskiedenis|assessment|assessering|diagnosis|diagnose|differentials?|plan|treatment(?: given)?|behandeling|on examination|on exam|by ondersoek|findings|bevindinge|impression|summary|in summary|opsomming|samevatting|recap)\s*[:,]\s*/iu;

/** A word as a repeat is compared: without the comma or trailing dots of the break, in lower case. */
const repeatKey = (word: string) => word.replace(/[,;]+$|(?:\.\.\.|…)$/u, '').toLowerCase();

/** How many words (three, two or one) from `items[at]` on say again the last ones kept, or 0; never numbers. */
function repeatedRun(
  kept: ReadonlyArray<{ word: string }>,
  items: ReadonlyArray<{ word: string }>,
  at: number,
): number {
  for (let n = Math.min(3, kept.length, items.length - at); n >= 1; n--) {
    const same = kept.slice(kept.length - n).every((item, k) => {
      const word = repeatKey(item.word);
      return (
        word !== '' &&
        /\p{L}/u.test(word) &&
        !/\d/u.test(word) &&
        word === repeatKey(items[at + k]?.word ?? '')
      );
    });
    if (same) return n;
  }
  return 0;
}

/**
 * Collapses stuttered repeats in one pass over the words: a word said twice ('I, i feel' → 'I feel', 'the, the,
 * the last year' → 'the last year') and a run of two or three words said again straight after, with or without
 * the comma of the break ('that's a, that's a hard thing' → 'that's a hard thing', 'do you do you have' → 'do you
 * have'). The earlier copy's words are kept with the later copy's punctuation; numbers are never collapsed ('2, 2
 * tablets' may be meant).
 */
export function collapseRepeats(text: string): string {
  const parts = text.split(/(\s+)/u);
  // Words with the whitespace after each; leading whitespace kept apart.
  const lead = parts[0] === '' ? (parts[1] ?? '') : '';
  const items: Array<{ word: string; space: string }> = [];
  for (let i = parts[0] === '' ? 2 : 0; i < parts.length; i += 2) {
    const word = parts[i] ?? '';
    if (word !== '') items.push({ word, space: parts[i + 1] ?? '' });
  }
  const out: typeof items = [];
  for (let i = 0; i < items.length;) {
    const n = repeatedRun(out, items, i);
    if (n === 0) {
      out.push(items[i]!);
      i++;
      continue;
    }
    const kept = out[out.length - 1]!;
    const last = items[i + n - 1]!;
    out[out.length - 1] = {
      word: kept.word.slice(0, repeatKey(kept.word).length) + last.word.slice(repeatKey(last.word).length),
      space: last.space,
    };
    i += n;
  }
  return lead + out.map((item) => item.word + item.space).join('');
}

/**
 * Drops a word the speaker broke off and said again ('we'll- we're going', 'a s-, an aluminium splint', 'I-i'd') —
 * only with the comma of the break or the same opening letter after it: 'pre- and post-op' keeps its 'pre-'.
 */
export function dropCutOffWords(text: string): string {
  return (
    text
      // 'you you're', 'i ... i'm': a pronoun said again with its verb.
      .replace(/(?<![\p{L}'’-])(\p{L}+)(?:\s*[,.…]+)?\s+(?=\1['’]\p{L})/giu, '')
      .replace(/(?<![\p{L}'’-])(\p{L})-(?=\1)/giu, '')
      .replace(
        /(?<![\p{L}'’-])([\p{L}'’]{1,12})-(,?)\s+(?=([\p{L}]))/giu,
        (cut: string, word: string, comma: string, next: string) =>
          comma !== '' || word.charAt(0).toLowerCase() === next.toLowerCase() ? '' : cut,
      )
  );
}

/** Removes fillers anywhere ('um', 'uh', 'you know') and tidies the spacing and punctuation left behind. */
export function removeFillers(text: string): string {
  const lex = lexicon();
  lex.fillers.lastIndex = 0;
  // (?<!\s): a whitespace run is tried once, from its start, not from each of its characters (linear).
  // Collapsed again once the fillers are gone: 'the, uh, the dog' is a stutter too.
  return collapseRepeats(
    collapseRepeats(dropCutOffWords(text))
      .replace(lex.fillers, ' ')
      .replace(/(?<!\s)\s+([,.;:!?])/gu, '$1')
      .replace(/([,;:])(?:\s*[,;:])+/gu, '$1')
      .replace(/^\s*[,;:.]\s*/u, '')
      .replace(/\s{2,}/gu, ' ')
      .trim(),
  );
}

// Built once from the lexicon (compiling them for every bullet was a measurable share of the extractor's time).
let intentPattern: RegExp | undefined;
let addresseePattern: RegExp | undefined;
function intentAtClauseStart(): RegExp {
  intentPattern ??= new RegExp(
    `(^|[,;:]\\s*|\\b(?:and|en|so|then|dan)\\s+)(?:${lexicon().intentPhrases.source})\\s*`,
    'giu',
  );
  intentPattern.lastIndex = 0;
  return intentPattern;
}
function addresseeAtClauseStart(): RegExp {
  addresseePattern ??= new RegExp(
    `(^|[,;:]\\s*|\\b(?:and|en|but|maar)\\s+)(?:${lexicon().addresseeClauseStart.source})\\s+`,
    'giu',
  );
  addresseePattern.lastIndex = 0;
  return addresseePattern;
}

/**
 * Removes hedges ('I think', 'you know', 'go ahead and') anywhere, and the speaker's announcement of intent
 * where a clause begins ('I'm going to give…' → 'give…'): notes state findings and actions, not the talk.
 */
export function removeHedges(text: string): string {
  const lex = lexicon();
  lex.hedges.lastIndex = 0;
  lex.intentPhrases.lastIndex = 0;
  return text
    .replace(/\b(gon|wan) na\b/giu, (_m, verb: string) =>
      verb.toLowerCase() === 'gon' ? 'going to' : 'want to',
    )
    .replace(lex.hedges, ' ')
    .replace(intentAtClauseStart(), '$1')
    .replace(/(?<!\s)\s+([,.;:!?])/gu, '$1')
    .replace(/\s{2,}/gu, ' ')
    .trim();
}

/** Drops recording instructions run into a sentence ('okay recording this is for Biscuit…', '… end of notes'). */
export function stripRecordingControl(text: string): string {
  const lex = lexicon();
  let out = text;
  for (let i = 0; i < 3; i++) {
    lex.recordingControl.lastIndex = 0;
    const match = lex.recordingControl.exec(out);
    if (!match) break;
    const atStart = out.slice(0, match.index).trim() === '';
    const atEnd = out.slice(match.index + match[0].length).replace(/[\s.,!?]+/gu, '') === '';
    if (!atStart && !atEnd) break;
    out = `${out.slice(0, match.index)} ${out.slice(match.index + match[0].length)}`
      .replace(/^[\s,.;:!-]+/u, '')
      .trim();
  }
  lex.recordingControl.lastIndex = 0;
  return out;
}

/**
 * Notes speak of the patient, not to the listener: 'your knee' → 'the knee', 'jou hond' → 'die hond', and
 * 'you have' opening a clause goes ('you have pain on flexion' → 'pain on flexion').
 */
export function impersonal(text: string): string {
  const lex = lexicon();
  const possessives = lex.vocabulary.addressee.possessives;
  lex.addresseePossessive.lastIndex = 0;
  return text
    .replace(lex.addresseePossessive, (word: string) => {
      const replacement = possessives[word.toLowerCase()] ?? word;
      return word.charAt(0) === word.charAt(0).toUpperCase() ? capitalise(replacement) : replacement;
    })
    .replace(addresseeAtClauseStart(), '$1');
}

// Uncertainty is part of the finding: 'I think it's mange' is 'Likely mange', never 'It's mange'. Each
// alternative is a fixed phrase followed by bounded optional words (linear).
const SUSPECT_PHRASE =
  /(?<![\p{L}])(?:i (?:strongly )?suspect|we suspect|ek vermoed|ons vermoed)(?: that| dat)?(?: (?:it's|it is|this is|dit is|dis))?(?![\p{L}'’])/giu;
const LIKELY_PHRASE =
  /(?<![\p{L}])(?:i think|i believe|i guess|i suppose|i'd say|i would say|it looks like|this looks like|looks like|seems like|it seems|ek dink|ek glo|dit lyk (?:vir my )?(?:na|of)|lyk my)(?: that| dat)?(?: (?:it's|it is|this is|that's|dit is|dis|this|it))?(?![\p{L}'’])/giu;
// Instructions to the owner, said as the vet's wish: kept as an instruction, never cut mid-sentence.
const OWNER_INSTRUCTION =
  /(?<![\p{L}])(?:i want you to|i'd like you to|i would like you to|i need you to|you need to|you'll need to|you must|you should|make sure you|i want the (?:owner|farmer|client) to|i'd like the (?:owner|farmer|client) to|the (?:owner|farmer|client) (?:needs|has|must) to)(?![\p{L}])/giu;
const OWNER_INSTRUCTION_AF =
  /(?<![\p{L}])(?:ek wil hê (?:jy|julle|u|die eienaar|die boer) (?:moet )?|ek wil hê dat (?:jy|julle|u) |(?:jy|julle|u) moet |maak seker (?:jy|julle|u) )/giu;

/** Hedges that carry uncertainty become the note's own words ('Likely …', 'Suspected …', 'Waarskynlik …'). */
export function keepUncertainty(text: string, language: Language = 'en', owner = false): string {
  const afrikaans = (phrase: string) => /^(?:ek|ons|dit|lyk)/iu.test(phrase) || language === 'af';
  // The owner's guess stays the owner's: 'Owner thinks he ate the bones', never 'Likely he ate the bones'.
  if (owner) {
    return text
      .replace(SUSPECT_PHRASE, (phrase: string) => (afrikaans(phrase) ? 'eienaar vermoed' : 'owner suspects'))
      .replace(LIKELY_PHRASE, (phrase: string) => (afrikaans(phrase) ? 'eienaar dink' : 'owner thinks'));
  }
  return (
    text
      .replace(SUSPECT_PHRASE, (phrase: string) => (afrikaans(phrase) ? 'vermoedelik' : 'suspected'))
      .replace(LIKELY_PHRASE, (phrase: string) => (afrikaans(phrase) ? 'waarskynlik' : 'likely'))
      // 'Suspected a lumbar strain' → 'Suspected lumbar strain'.
      .replace(/(?<![\p{L}])(suspected|likely|waarskynlik|vermoedelik) (?:a|an|'n)(?= )/giu, '$1')
  );
}

/** 'I want you to keep him in' → 'Owner to keep him in'; 'Ek wil hê jy moet hom dip' → 'Eienaar moet hom dip'. */
export function ownerInstructions(text: string): string {
  return text.replace(OWNER_INSTRUCTION, 'owner to').replace(OWNER_INSTRUCTION_AF, 'eienaar moet ');
}

// An acknowledgement opening or closing a bullet without a comma, as speech engines write it ('yeah it's been a
// week', 'ja hy eet nie', 'get that set up okay'); 'well' only before the subject ('well we…', never 'well hydrated').
const BARE_ACKNOWLEDGEMENT_START =
  /^(?:(?:yeah|yep|yup|okay|ok|alright|all right|mm-hmm|oukei|ja|nou ja)\s+|well\s+(?=(?:i|we|you|he|she|it|they|the|that|this|there|ek|ons|hy|sy|dit)(?![\p{L}'’])))+(?=[\p{L}'’]+\s+\p{L})/iu;
// The speaker's 'I know (that)' / 'I see (that)' before a clause only frames it ('I know that you've had the
// lobectomy' → 'You've had the lobectomy'; 'ek weet hy het…', not 'ek weet dat', whose clause ends on its verb);
// never before 'why' or a question word.
const KNOWING_FRAME =
  /^(?:(?:i know|i see)(?: that)?|ek weet|ek sien)\s+(?=(?:you|we|he|she|it|they|the|your|his|her|their|there|this|jy|julle|ons|hy|sy|dit|die|u|hulle)(?![\p{L}]))/iu;
// …and a tag asking for agreement at the end ('…, does that sound good', '…, right', 'reg so?').
const ACKNOWLEDGEMENT_TAG =
  /(?:[\s,]+(?:okay|ok|yeah|nè|does that (?:sound (?:good|okay|ok|fair|all right|alright)|make sense)|does that sound|is that (?:okay|ok|all right|alright)|sound good)|,\s*(?:right|reg|reg so))[\s?.!]*$/iu;
/** At least two words before the tag: alone it is the whole utterance ('Okay, right' stays). */
const TWO_WORDS_BEFORE = /\p{L}\s+\p{L}+$/u;

/**
 * The tag found first, the words before it checked apart: as one lookbehind of unbounded letters, the check
 * re-read the text before every position of it (a 199,000-letter word took 48 s; POST /api/extract).
 */
function dropAcknowledgementTag(text: string): string {
  const tag = ACKNOWLEDGEMENT_TAG.exec(text);
  return tag && TWO_WORDS_BEFORE.test(text.slice(0, tag.index)) ? text.slice(0, tag.index) : text;
}

const DANGLING_END =
  /(?:[\s,;:]+(?:and|but|or|the|a|an|of|with|because|as|when|if|that|en|maar|die|van|met|dat|want|omdat|wanneer))+[\s,;:]*$/iu;

/** A sentence as a bullet: no fillers, hedges, openers or header, canonical doses, capitalised, no final full stop. */
export function cleanBulletText(text: string, language: Language = 'en', owner = false): string {
  let out = impersonal(
    removeHedges(ownerInstructions(keepUncertainty(removeFillers(text), language, owner))),
  );
  out = stripOpeners(out);
  out = stripRecordingControl(out);
  out = out.replace(HEADER_PREFIX, '');
  out = stripOpeners(out);
  out = stripOpeners(dropAcknowledgementTag(out.replace(BARE_ACKNOWLEDGEMENT_START, '')));
  out = out.replace(KNOWING_FRAME, '');
  out = normaliseDoses(out);
  out = dropAcknowledgementTag(out)
    // A clause cut off mid-breath leaves a dangling conjunction or article ('…a light bulb, and'): no content.
    .replace(DANGLING_END, '')
    // '…the same clothes, so': a 'so' after a comma or an 'and' at the end leads nowhere ('I think so' keeps it).
    .replace(/(?:,\s*|\s+and\s+)so$/iu, '')
    .replace(/(?<![\s,;:])[\s,;:]+$/u, '')
    .replace(/(?<!\.)\.+$/u, '')
    .trim();
  return capitalise(out);
}

function hasEnoughContent(text: string): boolean {
  const tokens = contentTokens(text);
  return tokens.length >= 2 || (tokens.length === 1 && /\d/.test(text));
}

// Words that, beside a measurement, only qualify it ('Temperature 38.9, normal', 'gewig 230 kg, geskat', 'ek skat
// 5 %'): they go with the value in brackets instead of standing as a bullet of their own.
const ESTIMATE_WORDS = new Set(
  'estimated estimate geskat geskatte skat approximately ongeveer omtrent sowat'.split(' '),
);
const QUALIFIER_WORDS = new Set([
  ...'normal normaal low laag high hoog slightly effe effens bietjie very baie raised verhoog elevated borderline weak swak strong sterk irregular onreëlmatig regular reëlmatig'.split(
    ' ',
  ),
  ...ESTIMATE_WORDS,
]);
// Words that, left beside a measurement, say nothing ('Haar gewig is 55 kg' leaves 'Haar'; 'today', 'ek', 'and').
const RESIDUE_WORDS = new Set(
  'haar hom his her hers him its their hulle hy sy die the and maar but ook also today vandag now nou currently tans this that dit'.split(
    ' ',
  ),
);

interface Residue<Cut> {
  /** Clinical clauses left beside the vital signs. */
  clauses: string[];
  /** Qualifying words of each vital sign's cut ('normaal', 'geskat'). */
  qualifiers: Map<Cut, string>;
}

/**
 * Clauses of a sentence left after its vital signs are cut out, kept only if still clinical; a clause that only
 * qualifies a value goes with it in brackets: an estimate with the value after it, a judgement with the one before.
 */
function residualClauses<Cut extends { start: number; end: number }>(
  text: string,
  cuts: readonly Cut[],
  language: Language,
): Residue<Cut> {
  const ordered = [...cuts].sort((a, b) => a.start - b.start);
  const segments: string[] = [];
  let from = 0;
  for (const cut of ordered) {
    segments.push(text.slice(from, cut.start));
    from = cut.end;
  }
  segments.push(text.slice(from));
  const clauses: string[] = [];
  const qualifiers = new Map<Cut, string>();
  segments.forEach((segment, index) => {
    // Same cuts as /\s*(?:…)\s*/, but a whitespace run is tried once, from its start (linear in long runs).
    for (const raw of segment.split(/(?<!\s)\s+(?:;|,|\.(?!\d))\s*|(?:;|,|\.(?!\d))\s*/u)) {
      const clause = stripOpeners(raw.trim());
      const tokens = contentTokens(clause).filter((t) => !RESIDUE_WORDS.has(t));
      if (tokens.length === 0) continue;
      if (tokens.length <= 3 && tokens.every((t) => QUALIFIER_WORDS.has(t))) {
        // An estimate is said before its value ('estimated weight 230 kg'), a judgement after it ('38.9, normaal').
        // An estimate with no value after it in this sentence belongs to the next one's value: it is dropped here.
        const estimate = tokens.every((t) => ESTIMATE_WORDS.has(t));
        if (estimate && index >= ordered.length) continue;
        const vital = ordered[estimate ? index : Math.max(0, index - 1)];
        const words = clause
          .toLowerCase()
          .split(/\s+/u)
          .map((w) => w.replace(/[^\p{L}]/gu, ''))
          .filter((w) => QUALIFIER_WORDS.has(w))
          .join(' ');
        if (vital) qualifiers.set(vital, [qualifiers.get(vital), words].filter(Boolean).join(', '));
        continue;
      }
      if (keepsResidue(clause, language)) clauses.push(clause);
    }
  });
  return { clauses, qualifiers };
}

function keepsResidue(clause: string, language: Language): boolean {
  // What is left beside a vital sign is usually another finding ('…, sound', '…, nie warm nie').
  if (hasEnoughContent(clause)) {
    const scores = cueScores(clause, language);
    if (scores.S + scores.O + scores.A + scores.P >= 2) return true;
  }
  // …but not the animal's own tag ('Cow 12: temperature 40.5' leaves 'Cow 12').
  const rest = clause.replace(ANIMAL_TAG, ' ');
  return (
    contentTokens(rest).filter((t) => !SECTION_WORDS.has(t) && !RESIDUE_WORDS.has(t)).length > 0 &&
    contentTokens(clause).length <= 3 &&
    !hasTerm(lexicon().smallTalk, clause)
  );
}

// A short judgement of the value said just before ("That's high.", 'Dis effe laag.'), or a relative clause cut
// from it ('Which is down from 2.1 kg at his last visit', 'wat te stadig is vir 'n kat').
const VALUE_JUDGEMENT =
  /^(?:(?:and|en|so)\s+)?(?:that's|that is|which is|it's|it is|dis|dit is|wat)\s+(?:(?:very|quite|a bit|slightly|too|baie|effe|effens|bietjie|te)\s+)?(?:high|low|normal|raised|elevated|hoog|laag|normaal|verhoog)(?:\s+(?:for (?:him|her|a \p{L}+)|vir (?:hom|haar)))?$|^(?:which|wat)\s+(?:\S+\s+){0,12}\S+$/iu;

/**
 * A judgement of the value in the bullet before it ('The fructosamine came back at 540 µmol/L' · "That's high")
 * joins that bullet, so it is not a line that says nothing on its own.
 */
export function attachValueJudgements(drafts: DraftBullet[]): DraftBullet[] {
  const out: DraftBullet[] = [];
  for (const draft of drafts) {
    const previous = out.at(-1);
    if (previous && /\d/u.test(previous.text) && VALUE_JUDGEMENT.test(draft.text)) {
      const judgement = draft.text.charAt(0).toLowerCase() + draft.text.slice(1);
      out[out.length - 1] = {
        ...previous,
        text: `${previous.text}; ${judgement}`,
        spans: [...previous.spans, ...draft.spans],
      };
      continue;
    }
    out.push(draft);
  }
  return out;
}

/** Draft bullets of one classified utterance. */
export function bulletsOf(item: Classified): DraftBullet[] {
  if (!item.section) return [];
  const { utterance, language, section } = item;
  if (item.composedText) {
    const spans = [...(item.extraSpans ?? []), { start: utterance.start, end: utterance.end }];
    return [{ section, text: capitalise(item.composedText), spans }];
  }
  const whole: SourceSpan = { start: utterance.start, end: utterance.end };
  // A condition is not a measurement: 'treat if the temperature goes over 39.5' states no temperature.
  const vitals = CONDITIONAL.test(utterance.text) ? [] : extractVitals(utterance.text, language);
  const drafts: DraftBullet[] = [];
  if (vitals.length > 0 && (section === 'O' || vitals.length >= 2)) {
    const rest = residualClauses(utterance.text, vitals, language);
    for (const vital of vitals) {
      const qualifier = rest.qualifiers.get(vital);
      drafts.push({
        section: 'O',
        text: qualifier ? `${vital.text} (${qualifier})` : vital.text,
        spans: [{ start: utterance.start + vital.start, end: utterance.start + vital.end }],
        context: whole,
      });
    }
    if (rest.clauses.length > 0) {
      const text = cleanBulletText(rest.clauses.join(', '), language);
      if (contentTokens(text).length > 0) drafts.push({ section, text, spans: [whole] });
    }
    return drafts;
  }
  const text = cleanBulletText(utterance.text, language, item.speaker === 'client');
  return contentTokens(text).length > 0 ? [{ section, text, spans: [whole] }] : [];
}

const GLOSSARY: Record<string, string> = glossaryJson.pairs;

/** Content words in a language-free form: Afrikaans clinical words as their English pair ('hoes' → 'cough'). */
function canonicalTokens(text: string): string[] {
  return contentTokens(text).map((t) => GLOSSARY[t] ?? t);
}

/** Share of a's content words that b also has, either language counting as the same word. */
function containment(a: string, b: string): number {
  const tokensA = canonicalTokens(a);
  if (tokensA.length === 0) return 1;
  const tokensB = new Set(canonicalTokens(b));
  return tokensA.filter((t) => tokensB.has(t)).length / tokensA.length;
}

/**
 * The language-free identity of a short measured fact: its numbers and units ('Weight: 12.4 kg' and
 * 'Gewig: 12.4 kg' are one fact). Undefined for bullets that are more than a measurement.
 */
// A canonical vital-sign bullet ('Weight: 12.4 kg', 'Hartklop: 96 slae/min', 'FAMACHA: 4'): bounded, linear.
const MEASUREMENT_BULLET =
  /^[\p{L} ]{2,40}: [<>]?\s?[\d.,/ ]{1,12}\s?(?:°C|kg|bpm|slae\/min|breaths\/min|\/min|%|s)?$/u;

function measurementKey(section: string, text: string): string | undefined {
  if (!MEASUREMENT_BULLET.test(text)) return undefined;
  const tokens = contentTokens(text);
  const numbers = tokens.filter((t) => /\d/u.test(t));
  if (numbers.length === 0) return undefined;
  const unit = /(kg|°c|bpm|slae\/min|breaths\/min|\/min|%|s\b|\/\d)/u.exec(text.toLowerCase())?.[1] ?? '';
  const normalisedUnit = unit === 'slae/min' ? 'bpm' : unit === 'breaths/min' ? '/min' : unit;
  return `${section}|${numbers.join(' ')}|${normalisedUnit}`;
}

const MERGE_SHARE = 0.85;
const CROSS_SECTION_MIN_WORDS = 3;
/** Tokens on more earlier bullets than this are too common to look candidates up by. */
const COMMON_TOKEN_POSTINGS = 32;

/**
 * Merges repeated facts (a dictated summary repeats the vitals; an Afrikaans closing summary repeats an English
 * consultation): a bullet whose content is at least 85 % inside an earlier bullet of the same section, or that
 * states the same measurement in the other language, only adds its evidence to it. Candidates are looked up
 * through an index of content words, so the merge is near-linear in the number of bullets.
 */
export function mergeDuplicates(drafts: DraftBullet[]): DraftBullet[] {
  const kept: DraftBullet[] = [];
  // Postings per animal (not per section): a closing summary may file a repeated fact under another heading.
  const byToken = new Map<string, number[]>();
  const byMeasurement = new Map<string, number>();
  for (const draft of drafts) {
    const animal = draft.animal ?? '';
    const key = measurementKey(`${draft.section}|${animal}`, draft.text);
    let twinIndex = key !== undefined ? byMeasurement.get(key) : undefined;
    const tokens = [...new Set(canonicalTokens(draft.text))];
    if (twinIndex === undefined && tokens.length > 0) {
      const counts = new Map<number, number>();
      let common = 0;
      for (const token of tokens) {
        const postings = byToken.get(`${animal}|${token}`);
        if (!postings) continue;
        if (postings.length > COMMON_TOKEN_POSTINGS) {
          common++;
          continue;
        }
        for (const i of postings) counts.set(i, (counts.get(i) ?? 0) + 1);
      }
      for (const [i, shared] of counts) {
        const candidate = kept[i];
        if (!candidate || shared + common < MERGE_SHARE * tokens.length) continue;
        // In another section only a fact of some substance counts as the same ('No' is not 'No fever').
        if (candidate.section !== draft.section && tokens.length < CROSS_SECTION_MIN_WORDS) continue;
        if (containment(draft.text, candidate.text) >= MERGE_SHARE) {
          twinIndex = i;
          break;
        }
      }
    }
    const twin = twinIndex !== undefined ? kept[twinIndex] : undefined;
    if (twin) {
      twin.spans.push(...draft.spans);
      continue;
    }
    const index = kept.length;
    kept.push({ ...draft, spans: [...draft.spans] });
    if (key !== undefined) byMeasurement.set(key, index);
    for (const token of tokens) {
      const postingKey = `${animal}|${token}`;
      const postings = byToken.get(postingKey);
      if (postings) postings.push(index);
      else byToken.set(postingKey, [index]);
    }
  }
  return kept;
}
