/**
 * Splits long audio into pieces a Whisper provider accepts, cutting inside pauses so no word is cut in two.
 *
 * Voice activity is judged from short-time energy against the recording's own noise floor: cheap, no model,
 * and robust for a vet's phone recordings where speech is far above the room noise. Pieces default to just
 * under Whisper's 30-second window, so each piece is one decoding window (no seek inside the provider) and
 * gets its own language detection, which is what lets a consultation that switches between Afrikaans and
 * English be transcribed in both.
 */

export interface SplitOptions {
  sampleRate: number;
  /** Longest piece in seconds. */
  maxPieceSeconds: number;
  /** Shortest piece before the end of the recording; keeps pauses from splitting into tiny pieces. */
  minPieceSeconds?: number;
  /** Frame length for the energy measure. */
  frameMs?: number;
  /** A pause must last this long to be a cut point. */
  minSilenceMs?: number;
  /** Overlap added when no pause exists and a piece must be cut mid-speech; stitching removes the repeat. */
  forcedOverlapSeconds?: number;
}

export interface AudioPiece {
  /** First sample (inclusive) and end sample (exclusive) in the whole recording. */
  start: number;
  end: number;
  /** Samples at the start of this piece that the previous piece also holds (a forced cut), else 0. */
  overlap: number;
  /** Whether the piece holds enough speech to send to a provider; silent pieces make Whisper invent text. */
  hasSpeech: boolean;
}

const DB_FLOOR = -100;

/** Short-time energy per frame, in dBFS. */
export function frameEnergies(pcm: Int16Array, frameSamples: number): Float32Array {
  const frames = Math.ceil(pcm.length / frameSamples);
  const energies = new Float32Array(frames);
  for (let f = 0; f < frames; f++) {
    const from = f * frameSamples;
    const to = Math.min(pcm.length, from + frameSamples);
    let sum = 0;
    for (let i = from; i < to; i++) {
      const v = (pcm[i] ?? 0) / 32768;
      sum += v * v;
    }
    const rms = Math.sqrt(sum / Math.max(1, to - from));
    energies[f] = rms > 0 ? Math.max(DB_FLOOR, 20 * Math.log10(rms)) : DB_FLOOR;
  }
  return energies;
}

function percentile(values: Float32Array, p: number): number {
  if (values.length === 0) return DB_FLOOR;
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(p * (sorted.length - 1)))] ?? DB_FLOOR;
}

/** Frames louder than the noise floor by a margin that scales with the recording's dynamic range. */
export function speechMask(energies: Float32Array): Uint8Array {
  const floor = percentile(energies, 0.1);
  const loud = percentile(energies, 0.9);
  // At least 6 dB over the floor; a quarter of the range when the recording is clean; never below -60 dBFS.
  const threshold = Math.max(-60, floor + Math.max(6, (loud - floor) * 0.25));
  const mask = new Uint8Array(energies.length);
  energies.forEach((e, i) => {
    mask[i] = e >= threshold ? 1 : 0;
  });
  return mask;
}

interface Pause {
  from: number; // first silent frame
  to: number; // one past the last silent frame
}

function findPauses(mask: Uint8Array, minFrames: number): Pause[] {
  const pauses: Pause[] = [];
  let start = -1;
  for (let f = 0; f <= mask.length; f++) {
    const silent = f < mask.length && mask[f] === 0;
    if (silent && start < 0) start = f;
    if (!silent && start >= 0) {
      if (f - start >= minFrames) pauses.push({ from: start, to: f });
      start = -1;
    }
  }
  return pauses;
}

export function splitAtSilences(pcm: Int16Array, options: SplitOptions): AudioPiece[] {
  const frameMs = options.frameMs ?? 20;
  const frameSamples = Math.round((options.sampleRate * frameMs) / 1000);
  const maxFrames = Math.max(1, Math.floor((options.maxPieceSeconds * 1000) / frameMs));
  const minFrames = Math.min(
    maxFrames,
    Math.floor(((options.minPieceSeconds ?? Math.min(8, options.maxPieceSeconds / 3)) * 1000) / frameMs),
  );
  const overlapFrames = Math.round(((options.forcedOverlapSeconds ?? 1) * 1000) / frameMs);
  const energies = frameEnergies(pcm, frameSamples);
  const mask = speechMask(energies);
  const pauses = findPauses(mask, Math.max(1, Math.round((options.minSilenceMs ?? 250) / frameMs)));
  const totalFrames = energies.length;

  const cuts: Array<{ at: number; overlap: number }> = [];
  let pos = 0;
  // Where the current piece really starts: before `pos` by the overlap of a forced cut.
  let pieceStart = 0;
  while (totalFrames - pieceStart > maxFrames) {
    const windowFrom = pieceStart + minFrames;
    const windowTo = pieceStart + maxFrames;
    // The longest pause whose middle falls in the window; a later one wins a tie so pieces stay long.
    let best: Pause | null = null;
    for (const pause of pauses) {
      const middle = Math.floor((pause.from + pause.to) / 2);
      if (middle <= windowFrom || middle >= windowTo) continue;
      if (!best || pause.to - pause.from >= best.to - best.from) best = pause;
    }
    if (best) {
      const at = Math.floor((best.from + best.to) / 2);
      cuts.push({ at, overlap: 0 });
      pos = at;
      pieceStart = at;
    } else {
      // No pause: cut at the quietest frame of the window's last third and overlap the next piece.
      let at = windowTo - 1;
      for (let f = Math.floor(pieceStart + maxFrames * 0.66); f < windowTo; f++) {
        if ((energies[f] ?? 0) < (energies[at] ?? 0)) at = f;
      }
      const overlap = Math.max(0, Math.min(overlapFrames, at - pos - 1, maxFrames - minFrames));
      cuts.push({ at, overlap });
      pos = at;
      pieceStart = at - overlap;
    }
  }

  const pieces: AudioPiece[] = [];
  let startFrame = 0;
  let overlapFrom = 0;
  for (const cut of [...cuts, { at: totalFrames, overlap: 0 }]) {
    const fromFrame = Math.max(0, startFrame - overlapFrom);
    let speechFrames = 0;
    for (let f = fromFrame; f < cut.at; f++) speechFrames += mask[f] ?? 0;
    pieces.push({
      start: fromFrame * frameSamples,
      end: Math.min(pcm.length, cut.at * frameSamples),
      overlap: (startFrame - fromFrame) * frameSamples,
      // A quarter second of sound is the least that can hold a word.
      hasSpeech: speechFrames * frameMs >= 250,
    });
    startFrame = cut.at;
    overlapFrom = cut.overlap;
  }
  return pieces.filter((piece) => piece.end > piece.start);
}
