/**
 * Turns classified utterances into clean note bullets: fillers and discourse markers removed, spoken
 * headers dropped, vital signs split out and normalised, doses normalised, duplicates merged. Every bullet
 * keeps the transcript offsets it came from.
 */
import type { Classified } from './classify';
import { cueScores, stripOpeners } from './classify';
import { lexicon, type SoapKey } from './lexicon';
import { extractVitals, normaliseDoses, type Language } from './normalise';
import { capitalise, contentTokens } from './text';

export interface SourceSpan {
  start: number;
  end: number;
}

export interface DraftBullet {
  section: SoapKey;
  text: string;
  spans: SourceSpan[];
}

const HEADER_PREFIX =
  /^(?:history|geskiedenis|assessment|assessering|diagnosis|diagnose|differentials?|plan|treatment(?: given)?|behandeling|on examination|on exam|by ondersoek|findings|bevindinge|impression)\s*[:,]\s*/iu;

/** Removes fillers anywhere ('um', 'uh', 'you know') and tidies the spacing and punctuation left behind. */
export function removeFillers(text: string): string {
  const lex = lexicon();
  lex.fillers.lastIndex = 0;
  // (?<!\s): a whitespace run is tried once, from its start, not from each of its characters (linear).
  return text
    .replace(lex.fillers, ' ')
    .replace(/(?<!\s)\s+([,.;:!?])/gu, '$1')
    .replace(/([,;:])(?:\s*[,;:])+/gu, '$1')
    .replace(/^\s*[,;:.]\s*/u, '')
    .replace(/\s{2,}/gu, ' ')
    .trim();
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
    .replace(
      new RegExp(`(^|[,;:]\\s*|\\b(?:and|en|so|then|dan)\\s+)(?:${lex.intentPhrases.source})\\s*`, 'giu'),
      '$1',
    )
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
    .replace(
      new RegExp(`(^|[,;:]\\s*|\\b(?:and|en|but|maar)\\s+)(?:${lex.addresseeClauseStart.source})\\s+`, 'giu'),
      '$1',
    );
}

/** A sentence as a bullet: no fillers, hedges, openers or header, canonical doses, capitalised, no final full stop. */
export function cleanBulletText(text: string): string {
  let out = impersonal(removeHedges(removeFillers(text)));
  out = stripOpeners(out);
  out = stripRecordingControl(out);
  out = out.replace(HEADER_PREFIX, '');
  out = stripOpeners(out);
  out = normaliseDoses(out);
  out = out
    .replace(/(?<![\s,;:])[\s,;:]+$/u, '')
    .replace(/(?<!\.)\.+$/u, '')
    .trim();
  return capitalise(out);
}

function hasEnoughContent(text: string): boolean {
  const tokens = contentTokens(text);
  return tokens.length >= 2 || (tokens.length === 1 && /\d/.test(text));
}

/** Clauses of a sentence left after its vital signs are cut out, kept only if still clinical. */
function residualClauses(
  text: string,
  cuts: Array<{ start: number; end: number }>,
  language: Language,
): string[] {
  let masked = text;
  for (const cut of [...cuts].sort((a, b) => b.start - a.start)) {
    masked = `${masked.slice(0, cut.start)}|${masked.slice(cut.end)}`;
  }
  // Same cuts as /\s*(?:…)\s*/, but a whitespace run is tried once, from its start (linear in long runs).
  return masked
    .split(/(?<!\s)\s+(?:\||;|,|\.(?!\d))\s*|(?:\||;|,|\.(?!\d))\s*/u)
    .map((clause) => stripOpeners(clause.trim()))
    .filter((clause) => {
      if (!hasEnoughContent(clause)) return false;
      const scores = cueScores(clause, language);
      return scores.S + scores.O + scores.A + scores.P >= 2;
    });
}

/** Draft bullets of one classified utterance. */
export function bulletsOf(item: Classified): DraftBullet[] {
  if (!item.section) return [];
  const { utterance, language, section } = item;
  const whole: SourceSpan = { start: utterance.start, end: utterance.end };
  const vitals = extractVitals(utterance.text, language);
  const drafts: DraftBullet[] = [];
  if (vitals.length > 0 && (section === 'O' || vitals.length >= 2)) {
    for (const vital of vitals) {
      drafts.push({
        section: 'O',
        text: vital.text,
        spans: [{ start: utterance.start + vital.start, end: utterance.start + vital.end }],
      });
    }
    const rest = residualClauses(utterance.text, vitals, language);
    if (rest.length > 0) {
      const text = cleanBulletText(rest.join(', '));
      if (hasEnoughContent(text)) drafts.push({ section, text, spans: [whole] });
    }
    return drafts;
  }
  const text = cleanBulletText(utterance.text);
  return hasEnoughContent(text) ? [{ section, text, spans: [whole] }] : [];
}

/** Share of a's content tokens that b also has. */
function containment(a: string, b: string): number {
  const tokensA = contentTokens(a);
  if (tokensA.length === 0) return 1;
  const tokensB = new Set(contentTokens(b));
  return tokensA.filter((t) => tokensB.has(t)).length / tokensA.length;
}

/**
 * The language-free identity of a short measured fact: its numbers and units ('Weight: 12.4 kg' and
 * 'Gewig: 12.4 kg' are one fact). Undefined for bullets that are more than a measurement.
 */
function measurementKey(section: SoapKey, text: string): string | undefined {
  const tokens = contentTokens(text);
  if (tokens.length > 6) return undefined;
  const numbers = tokens.filter((t) => /\d/u.test(t));
  if (numbers.length === 0) return undefined;
  const unit = /(kg|°c|bpm|slae\/min|breaths\/min|\/min|%|s\b|\/\d)/u.exec(text.toLowerCase())?.[1] ?? '';
  const normalisedUnit = unit === 'slae/min' ? 'bpm' : unit === 'breaths/min' ? '/min' : unit;
  return `${section}|${numbers.join(' ')}|${normalisedUnit}`;
}

const MERGE_SHARE = 0.85;
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
  const byToken = new Map<string, number[]>();
  const byMeasurement = new Map<string, number>();
  for (const draft of drafts) {
    const key = measurementKey(draft.section, draft.text);
    let twinIndex = key !== undefined ? byMeasurement.get(key) : undefined;
    const tokens = [...new Set(contentTokens(draft.text))];
    if (twinIndex === undefined && tokens.length > 0) {
      const counts = new Map<number, number>();
      let common = 0;
      for (const token of tokens) {
        const postings = byToken.get(`${draft.section}|${token}`);
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
      const postingKey = `${draft.section}|${token}`;
      const postings = byToken.get(postingKey);
      if (postings) postings.push(index);
      else byToken.set(postingKey, [index]);
    }
  }
  return kept;
}
