import { describe, expect, it } from 'vitest';
import {
  compressionRatio,
  FALLBACK_TEMPERATURES,
  isDecodingLoop,
  withTemperatureFallback,
} from '../../../api/transcription/temperature-fallback.js';
import type {
  TranscriptionInput,
  TranscriptionOutput,
  TranscriptionProvider,
} from '../../../api/providers/transcription/types.js';
import { burstService, toneBurstsWav } from './tone-bursts.js';

const LOOP = `Dunkie dokter, het ${'mei '.repeat(40)}`.trim();
const SPEECH =
  'Sy temperatuur is 38.6 grade, dis normaal. Sy hartklop is 90 slae per minuut en hy weeg 52 kg.';

describe('decoding-loop detection', () => {
  it("flags text that compresses like Whisper's loops, not ordinary speech", () => {
    expect(compressionRatio(LOOP)).toBeGreaterThan(2.4);
    expect(isDecodingLoop(LOOP)).toBe(true);
    expect(compressionRatio(SPEECH)).toBeLessThan(2.4);
    expect(isDecodingLoop(SPEECH)).toBe(false);
  });

  it('does not judge short texts or empty ones', () => {
    expect(isDecodingLoop('ja ja ja ja ja')).toBe(false);
    expect(isDecodingLoop('')).toBe(false);
    expect(compressionRatio('')).toBe(0);
  });
});

describe('withTemperatureFallback', () => {
  it('keeps a reading that does not loop without reading again', async () => {
    const temperatures: number[] = [];
    const kept = await withTemperatureFallback({ text: SPEECH }, (t) => {
      temperatures.push(t);
      return Promise.resolve({ text: SPEECH });
    });
    expect(kept.text).toBe(SPEECH);
    expect(temperatures).toEqual([]);
  });

  it('climbs the temperatures until a reading stops looping', async () => {
    const temperatures: number[] = [];
    const kept = await withTemperatureFallback({ text: LOOP }, (t) => {
      temperatures.push(t);
      return Promise.resolve({ text: t >= 0.6 ? SPEECH : LOOP });
    });
    expect(temperatures).toEqual([0.2, 0.6]);
    expect(kept.text).toBe(SPEECH);
  });

  it('keeps the least repetitive reading when every temperature loops', async () => {
    const lesser = `Dunkie dokter, het ${'mei '.repeat(20)} en die res`;
    const kept = await withTemperatureFallback({ text: LOOP }, (t) =>
      Promise.resolve({ text: t === 0.6 ? lesser : LOOP }),
    );
    expect(isDecodingLoop(lesser)).toBe(true);
    expect(kept.text).toBe(lesser);
  });
});

/** Loops at temperature 0, speaks at 0.2 and up; records what the service asked. */
class LoopingProvider implements TranscriptionProvider {
  readonly id = 'looping';
  readonly maxPieceSeconds = 600;
  readonly calls: Array<Pick<TranscriptionInput, 'language' | 'temperature' | 'prompt'>> = [];
  transcribe(input: TranscriptionInput): Promise<TranscriptionOutput> {
    this.calls.push({ language: input.language, temperature: input.temperature, prompt: input.prompt });
    return Promise.resolve({ text: (input.temperature ?? 0) > 0 ? SPEECH : LOOP, language: 'af' });
  }
}

describe('TranscriptionService and decoding loops', () => {
  it('reads a looping piece again, warmer, in the language it heard and with the same prompt', async () => {
    const provider = new LoopingProvider();
    const service = burstService(provider);
    const result = await service.transcribe({
      audio: toneBurstsWav(1),
      preConsultation: { patientName: 'Bruno' },
    });
    expect(result.transcript).toBe(SPEECH);
    expect(provider.calls.map((c) => [c.language, c.temperature])).toEqual([
      [undefined, undefined],
      ['af', FALLBACK_TEMPERATURES[0]],
    ]);
    expect(provider.calls[1]!.prompt).toBe(provider.calls[0]!.prompt);
    expect(provider.calls[0]!.prompt).toContain('Bruno');
  });
});
