/**
 * The prompt-leak check of a whole recording (prompt-leak.ts says why prompt words need the audio's
 * support). Every piece read with the vocabulary prompt is checked once all pieces are read, so that
 * the prompt-less readings it needs are shared across pieces: the segments that hold an unconfirmed
 * prompt term are cut from their pieces (with a margin) and joined, several pieces' worth at a time,
 * into clips of at most one piece's length, each read once. Checked piece by piece, every piece that
 * named a new term cost a reading of its own: a fifth of an English consultation's compute (issue 18),
 * and on faster-whisper a 7-second clip costs two thirds of a 25-second piece, the encoder pass being
 * the same 30-second window.
 */

import type { TranscriptionOutput, TranscriptSegment } from '../providers/transcription/types.js';
import { SAMPLE_RATE } from '../audio/ffmpeg.js';
import { applyToSegments, dropPromptOnlyWords, termsIn, type TermReplacement } from './prompt-leak.js';

/** What the pieces of one recording share: the prompt's checkable words, and those the audio confirmed. */
export interface LeakState {
  terms: Set<string>;
  confirmed: Set<string>;
  /** Prompt terms replaced by the plain reading's word, in every piece: offered back as suggestions. */
  replaced: TermReplacement[];
}

/** One piece read with the prompt, waiting for the check. */
export interface LeakCandidate {
  /** The piece's audio, 16 kHz mono, that clips are cut from. */
  pcm: Int16Array;
  /** The prompted reading as the service has it so far. */
  reading: TranscriptionOutput;
  /** The language the piece was read in (clips are read in it too). */
  language: string | undefined;
  /** The piece's prompt-less reading, when another check (echo, loop) made one already. */
  plainPiece?: Promise<TranscriptionOutput> | undefined;
}

/** A prompt-less reading of some audio in a language (the service's provider call). */
export type PlainReader = (pcm: Int16Array, language: string | undefined) => Promise<TranscriptionOutput>;

/** Audio kept around each segment cut for the leak check: Whisper's segment times may clip a word's edge. */
const LEAK_CLIP_MARGIN_SECONDS = 0.3;
/** Silence between the cut segments, so the engine hears separate utterances, not one run of words. */
const LEAK_CLIP_GAP_SECONDS = 0.5;

const at = (seconds: number) => Math.round(seconds * SAMPLE_RATE);

/**
 * The segments' audio, each with a margin, joined by short silences into one clip for a prompt-less
 * reading; undefined when a segment's times do not fit the piece, or when the segments cover most of it
 * anyway (the whole piece is read then).
 */
export function leakClip(
  piecePcm: Int16Array,
  segments: ReadonlyArray<{ start: number; end: number }>,
): Int16Array | undefined {
  const ranges: Array<[number, number]> = [];
  for (const segment of segments) {
    const from = Math.max(0, at(segment.start - LEAK_CLIP_MARGIN_SECONDS));
    const to = Math.min(piecePcm.length, at(segment.end + LEAK_CLIP_MARGIN_SECONDS));
    if (!(to > from)) return undefined;
    const last = ranges.at(-1);
    // Neighbouring segments share their margins: one stretch of audio, not the same words twice.
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else ranges.push([from, to]);
  }
  const length = ranges.reduce((sum, [from, to]) => sum + (to - from), 0);
  if (length + at(LEAK_CLIP_GAP_SECONDS) * (ranges.length - 1) >= piecePcm.length * 0.8) return undefined;
  return joinWithGaps(ranges.map(([from, to]) => piecePcm.subarray(from, to)));
}

/** Audio parts one after another with LEAK_CLIP_GAP_SECONDS of silence between them. */
function joinWithGaps(parts: readonly Int16Array[]): Int16Array {
  const gap = at(LEAK_CLIP_GAP_SECONDS);
  const length = parts.reduce((sum, part) => sum + part.length, 0) + gap * Math.max(0, parts.length - 1);
  const joined = new Int16Array(length);
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length + gap;
  }
  return joined;
}

interface Held {
  piece: number;
  index: number;
  segment: TranscriptSegment;
}

/** A clip of one piece's flagged segments, and those segments. */
interface PieceClip {
  piece: number;
  language: string | undefined;
  audio: Int16Array;
  held: Held[];
}

/** For each term, the shortest segment holding it (in the segments' order, each segment once). */
function shortestPerTerm(held: Held[], termsOf: (text: string) => string[]): Held[] {
  const chosen = new Set<Held>();
  const terms = new Set(held.flatMap((h) => termsOf(h.segment.text)));
  for (const term of terms) {
    const holders = held.filter((h) => termsOf(h.segment.text).includes(term));
    chosen.add(
      holders.reduce((a, b) => (b.segment.end - b.segment.start < a.segment.end - a.segment.start ? b : a)),
    );
  }
  return held.filter((h) => chosen.has(h));
}

/**
 * Clips in recording order, packed into batches of one language whose joined audio stays within
 * `maxSeconds`: each batch is one reading.
 */
function packClips(clips: PieceClip[], maxSeconds: number): PieceClip[][] {
  const limit = at(maxSeconds);
  const gap = at(LEAK_CLIP_GAP_SECONDS);
  const batches: PieceClip[][] = [];
  const open = new Map<string, { batch: PieceClip[]; length: number }>();
  for (const clip of clips) {
    const key = clip.language ?? '';
    const current = open.get(key);
    if (current && current.length + gap + clip.audio.length <= limit) {
      current.batch.push(clip);
      current.length += gap + clip.audio.length;
      continue;
    }
    const batch = [clip];
    batches.push(batch);
    open.set(key, { batch, length: clip.audio.length });
  }
  return batches;
}

export const joinSegments = (segments: ReadonlyArray<{ text: string }>): string =>
  segments
    .map((s) => s.text)
    .filter(Boolean)
    .join(' ');

/**
 * Checks every candidate's prompt terms against prompt-less readings and returns the readings with the
 * unsupported ones replaced or dropped, in the candidates' order. Round 1 reads, for each unconfirmed
 * term, the shortest segment in the recording that has it: a term the vet really said (the usual case)
 * is confirmed for the whole recording by that one clip. Round 2, only for terms the audio did not
 * support, reads every segment still holding one. A piece without segment times, one whose flagged
 * segments fill most of it, or one already read without the prompt is compared as a whole.
 */
export async function checkPromptLeaks(
  candidates: readonly LeakCandidate[],
  state: LeakState,
  read: PlainReader,
  maxClipSeconds: number,
): Promise<TranscriptionOutput[]> {
  const current = candidates.map((c) => c.reading);
  const unconfirmedIn = (text: string) =>
    termsIn(text, state.terms).filter((term) => !state.confirmed.has(term));
  const whole = new Set(candidates.flatMap((c, i) => (c.plainPiece || !c.reading.segments ? [i] : [])));
  const learn = (check: ReturnType<typeof dropPromptOnlyWords>) => {
    for (const term of check.supported) state.confirmed.add(term);
    state.replaced.push(...check.replaced);
  };

  for (const round of ['shortest', 'all'] as const) {
    const held: Held[] = current.flatMap((reading, piece) =>
      whole.has(piece)
        ? []
        : (reading.segments ?? []).flatMap((segment, index) =>
            unconfirmedIn(segment.text).length > 0 ? [{ piece, index, segment }] : [],
          ),
    );
    if (held.length === 0) break;
    const flagged = round === 'shortest' ? shortestPerTerm(held, unconfirmedIn) : held;
    const clips: PieceClip[] = [];
    for (const piece of new Set(flagged.map((h) => h.piece))) {
      const own = flagged.filter((h) => h.piece === piece);
      const audio = leakClip(
        candidates[piece]!.pcm,
        own.map((h) => h.segment),
      );
      if (audio) clips.push({ piece, language: candidates[piece]!.language, audio, held: own });
      else whole.add(piece);
    }
    const batches = packClips(clips, maxClipSeconds);
    const readings = await Promise.all(
      batches.map((batch) => read(joinWithGaps(batch.map((clip) => clip.audio)), batch[0]!.language)),
    );
    batches.forEach((batch, b) => {
      const entries = batch.flatMap((clip) => clip.held);
      const check = dropPromptOnlyWords(
        joinSegments(entries.map((h) => h.segment)),
        readings[b]!.text,
        state.terms,
      );
      learn(check);
      if (check.dropped.length === 0) return;
      const rewritten = applyToSegments(
        entries.map((h) => h.segment),
        check,
      );
      if (!rewritten) return;
      entries.forEach((h, k) => {
        const segments = [...current[h.piece]!.segments!];
        segments[h.index] = rewritten[k]!;
        current[h.piece] = { ...current[h.piece]!, segments, text: joinSegments(segments) };
      });
    });
  }

  // What clips could not settle: the whole piece, read once without the prompt (or the reading made
  // already). One piece after another, so a term one of them confirms spares the others a reading.
  for (const [i, candidate] of candidates.entries()) {
    const reading = current[i]!;
    if (unconfirmedIn(reading.text).length === 0) continue;
    const plain = await (candidate.plainPiece ?? read(candidate.pcm, candidate.language));
    const check = dropPromptOnlyWords(reading.text, plain.text, state.terms);
    learn(check);
    if (check.dropped.length === 0) continue;
    const segments = reading.segments ? applyToSegments(reading.segments, check) : undefined;
    current[i] = { ...reading, text: check.text, segments };
  }
  return current;
}
