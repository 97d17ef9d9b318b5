import { describe, expect, it } from 'vitest';
import { splitAtSilences } from '../../../api/audio/split.js';
import { stitchTexts } from '../../../api/audio/stitch.js';

const RATE = 16_000;

/** A synthetic recording: 'speech' as a loud tone with syllable-like amplitude, silence as faint noise. */
function recording(plan: Array<['speech' | 'pause', number]>): Int16Array {
  const total = plan.reduce((sum, [, seconds]) => sum + Math.round(seconds * RATE), 0);
  const pcm = new Int16Array(total);
  let at = 0;
  let seed = 1;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed / 0x7fffffff - 0.5) * 60;
  };
  for (const [kind, seconds] of plan) {
    const n = Math.round(seconds * RATE);
    for (let i = 0; i < n; i++) {
      const t = (at + i) / RATE;
      const envelope = 0.6 + 0.4 * Math.sin(2 * Math.PI * 4 * t);
      pcm[at + i] =
        kind === 'speech'
          ? Math.round(9000 * envelope * Math.sin(2 * Math.PI * 220 * t))
          : Math.round(noise());
    }
    at += n;
  }
  return pcm;
}

const seconds = (samples: number) => samples / RATE;

describe('splitAtSilences', () => {
  it('keeps a short recording whole', () => {
    const pieces = splitAtSilences(recording([['speech', 10]]), { sampleRate: RATE, maxPieceSeconds: 28 });
    expect(pieces).toHaveLength(1);
    expect(pieces[0]).toMatchObject({ start: 0, overlap: 0, hasSpeech: true });
  });

  it('cuts long audio inside pauses, never inside speech, with every piece under the limit and no gap', () => {
    const plan: Array<['speech' | 'pause', number]> = [];
    for (let i = 0; i < 12; i++) plan.push(['speech', 6 + (i % 3)], ['pause', 0.8]);
    const pcm = recording(plan);
    const pieces = splitAtSilences(pcm, { sampleRate: RATE, maxPieceSeconds: 28 });
    expect(pieces.length).toBeGreaterThan(2);
    // Contiguous, covering everything exactly once.
    expect(pieces[0]!.start).toBe(0);
    expect(pieces.at(-1)!.end).toBe(pcm.length);
    for (let i = 1; i < pieces.length; i++) expect(pieces[i]!.start).toBe(pieces[i - 1]!.end);
    // Each cut lies in a pause: the samples around it are quiet.
    for (const piece of pieces.slice(1)) {
      const around = pcm.subarray(piece.start - 800, piece.start + 800);
      expect(Math.max(...Array.from(around, Math.abs))).toBeLessThan(100);
      expect(piece.overlap).toBe(0);
    }
    for (const piece of pieces) expect(seconds(piece.end - piece.start)).toBeLessThanOrEqual(28);
  });

  it('forces a cut with an overlap when nobody pauses, and stitching removes the repeated words', () => {
    const pcm = recording([['speech', 70]]);
    const pieces = splitAtSilences(pcm, { sampleRate: RATE, maxPieceSeconds: 28, forcedOverlapSeconds: 1 });
    expect(pieces.length).toBeGreaterThanOrEqual(3);
    expect(pieces.length).toBeLessThanOrEqual(4);
    for (const piece of pieces.slice(1)) expect(seconds(piece.overlap)).toBeCloseTo(1, 1);
    for (const piece of pieces) expect(seconds(piece.end - piece.start)).toBeLessThanOrEqual(28);
    const text = stitchTexts([
      { text: 'the cow is dragtig and the', overlapsPrevious: false },
      { text: 'and the temperature is 39.2', overlapsPrevious: true },
    ]);
    expect(text).toBe('the cow is dragtig and the temperature is 39.2');
  });

  it('marks silent stretches so they are not sent (Whisper invents text for silence)', () => {
    const pcm = recording([
      ['speech', 20],
      ['pause', 40],
      ['speech', 10],
    ]);
    const pieces = splitAtSilences(pcm, { sampleRate: RATE, maxPieceSeconds: 28 });
    expect(pieces.some((p) => !p.hasSpeech)).toBe(true);
    const spoken = pieces.filter((p) => p.hasSpeech).reduce((sum, p) => sum + p.end - p.start, 0);
    expect(seconds(spoken)).toBeGreaterThanOrEqual(30);
    expect(seconds(spoken)).toBeLessThan(60);
  });

  it('treats digital silence and empty input sanely', () => {
    expect(splitAtSilences(new Int16Array(RATE * 5), { sampleRate: RATE, maxPieceSeconds: 28 })).toEqual([
      { start: 0, end: RATE * 5, overlap: 0, hasSpeech: false },
    ]);
    expect(splitAtSilences(new Int16Array(0), { sampleRate: RATE, maxPieceSeconds: 28 })).toEqual([]);
  });
});

describe('stitchTexts', () => {
  it('joins pieces cut in pauses as they are, even when words happen to repeat', () => {
    expect(
      stitchTexts([
        { text: ' Give meloxicam.', overlapsPrevious: false },
        { text: '', overlapsPrevious: false },
        { text: 'Give meloxicam. ', overlapsPrevious: false },
      ]),
    ).toBe('Give meloxicam. Give meloxicam.');
  });

  it('drops only the overlap, comparing words without case or punctuation', () => {
    expect(
      stitchTexts([
        { text: 'Weight 5.4 kg, temperature', overlapsPrevious: false },
        { text: 'Temperature 40.1.', overlapsPrevious: true },
      ]),
    ).toBe('Weight 5.4 kg, temperature 40.1.');
    expect(
      stitchTexts([
        { text: 'a b c', overlapsPrevious: false },
        { text: 'd e', overlapsPrevious: true },
      ]),
    ).toBe('a b c d e');
  });
});
