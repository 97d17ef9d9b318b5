import { deflateSync } from 'node:zlib';

/**
 * Whisper's own remedy for a decoding loop: a reading whose text compresses too well (the same words
 * over and over) is decoded again at a higher temperature, which lets the decoder leave the loop. OpenAI's
 * API and whisper.cpp do this inside one call; a self-hosted server asked for temperature 0 (as the
 * product asks, for repeatable transcripts) does not, so the service does it for every provider alike.
 * The threshold is Whisper's (compression_ratio_threshold = 2.4, zlib over the UTF-8 text).
 */
export const COMPRESSION_RATIO_THRESHOLD = 2.4;

/**
 * Temperatures tried after the greedy reading, in order. Whisper climbs 0.2 at a time to 1.0; three
 * steps bound the extra compute on two cores to three more readings of a looping piece.
 */
export const FALLBACK_TEMPERATURES = [0.2, 0.6, 1.0] as const;

/** Below this many characters a ratio says nothing (short texts barely compress at all). */
const MIN_CHARACTERS = 40;

export function compressionRatio(text: string): number {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length === 0) return 0;
  return bytes.length / deflateSync(bytes).length;
}

export function isDecodingLoop(text: string): boolean {
  return text.length >= MIN_CHARACTERS && compressionRatio(text) > COMPRESSION_RATIO_THRESHOLD;
}

/**
 * Reads a piece again at rising temperatures while the reading loops; the first reading that does not
 * loop wins, else the least repetitive of them all (the service then cuts what loop is left).
 */
export async function withTemperatureFallback<T extends { text: string }>(
  first: T,
  readAt: (temperature: number) => Promise<T>,
): Promise<T> {
  if (!isDecodingLoop(first.text)) return first;
  let best = first;
  for (const temperature of FALLBACK_TEMPERATURES) {
    const reading = await readAt(temperature);
    if (!isDecodingLoop(reading.text)) return reading;
    if (compressionRatio(reading.text) < compressionRatio(best.text)) best = reading;
  }
  return best;
}
