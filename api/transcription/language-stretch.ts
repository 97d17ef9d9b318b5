import { isEnglishWord } from './english-words.js';
import { leansTo } from './languages.js';
import { isDecodingLoop } from './temperature-fallback.js';

/**
 * A consultation stays in one language for stretches of several pieces; asking the engine to detect the
 * language of every 28-second piece cost a third of the compute on English consultations (an extra
 * encoder pass per piece on faster-whisper). Pieces the engine read confidently in one language set the
 * language of the next: that piece is read in it directly and kept only if the engine is as sure of it;
 * otherwise it is read again with detection, as every piece used to be (a wasted reading, so a single
 * confident piece amid another language does not start a stretch). Reading a stretch in a language the
 * detector had missed (the fallback's Afrikaans) cost WER on mixed consultations, so only a confident
 * reading carries its language forward, never a fallback's guess.
 */

/**
 * Confident pieces in a row, in one language, before the next piece is read in it without detection:
 * a stretch, not one English sentence in an Afrikaans consultation.
 */
export const CARRY_AFTER_PIECES = 2;

/**
 * Mean token log-probability a reading needs to carry its language to the next piece, and that a forced
 * reading of the next piece needs to be kept. English pieces read in English score −0.1 to −0.5 with
 * Whisper base; Afrikaans audio forced into English scores −0.8 to −1.5.
 */
export const CONFIDENT_LOGPROB = -0.6;

/**
 * Share of dictionary English words an English reading needs: Afrikaans audio forced into English now and
 * then scores well while writing Afrikaans-looking words ('Temperatineer in vertaxkomen'); real English
 * pieces, clinical terms included, are ≥ 0.77 in the dev audio.
 */
export const MIN_ENGLISH_SHARE = 0.6;

export function englishShare(text: string): number {
  const words = text.toLowerCase().match(/[a-zà-ÿ']+/g) ?? [];
  if (words.length === 0) return 0;
  return words.filter((word) => isEnglishWord(word)).length / words.length;
}

/**
 * Whether `reading` is a confident reading in `language`: confident enough to carry it or to keep it.
 * An engine that reports no log-probabilities (whisper.cpp through its Node bindings) is judged by its words
 * alone: the language's own function words must clearly outnumber the other's, and an English reading must
 * still be mostly dictionary English. Without this the local engine detected the language of every piece,
 * an extra encoder pass each (issue 18: 3.1× the peer's compute on English against 2.0× with it given).
 */
export function isConfidentIn(
  reading: { text: string; avgLogprob?: number | undefined },
  language: string,
): boolean {
  if (reading.text.trim() === '') return false;
  const sure =
    reading.avgLogprob === undefined
      ? leansTo(reading.text) === language
      : reading.avgLogprob >= CONFIDENT_LOGPROB;
  return sure && (language !== 'en' || englishShare(reading.text) >= MIN_ENGLISH_SHARE);
}

/**
 * Whisper base hears nearly every Afrikaans piece as Dutch, Latin or Welsh, so each was read twice: once
 * with detection (a whole decoding in the wrong language, thrown away) and once in Afrikaans — half an
 * Afrikaans consultation's compute (issue 18: 15 readings for 7 pieces). In a consultation held in the
 * fallback language, the next piece is read in it straight away and kept when it reads as that language
 * (readsAsFallback); a piece that does not is read with detection as before, and the forced reading is
 * reused if detection lands on the fallback again.
 *
 * Only in a consultation held in it: English audio forced into Afrikaans often comes out as Dutch-looking
 * words that no text check can tell from base's Afrikaans ('At mark, beletselskoon' for "At Mark, he let
 * himself go"): when every piece after an Afrikaans one was read so, three English pieces of a mixed dev
 * recording were kept as Afrikaans. A consultation is held in the fallback language once this many pieces
 * ended in it…
 */
export const FALLBACK_CARRY_AFTER_PIECES = 2;
/** …and they are at least this share of the pieces so far, the last one among them. */
export const FALLBACK_CARRY_SHARE = 0.75;

/** Pieces of one recording so far: how many ended in the fallback language, how many in another. */
export interface LanguageTally {
  fallback: number;
  other: number;
  lastInFallback: boolean;
}

export function heldInFallback(tally: LanguageTally): boolean {
  const pieces = tally.fallback + tally.other;
  return (
    tally.lastInFallback &&
    tally.fallback >= FALLBACK_CARRY_AFTER_PIECES &&
    tally.fallback >= FALLBACK_CARRY_SHARE * pieces
  );
}

/**
 * Whether a reading forced into the fallback language reads as it: no loop (English audio forced into
 * Afrikaans mostly loops), and its function words do not lean English. The share of dictionary English
 * words says nothing here: base's Afrikaans ('Ja, ons in het lat vers lup, dan de start') is 0.9 English
 * by the word list.
 */
export function readsAsFallback(reading: { text: string }, language: string): boolean {
  const text = reading.text.trim();
  if (text === '' || isDecodingLoop(text)) return false;
  if (language === 'en') return englishShare(text) >= MIN_ENGLISH_SHARE;
  return leansTo(text) !== 'en';
}
