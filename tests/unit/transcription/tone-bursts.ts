import { encodeWav } from '../../../api/audio/wav.js';
import type { TranscriptionProvider } from '../../../api/providers/transcription/types.js';
import {
  TranscriptionService,
  type TranscriptionSettings,
} from '../../../api/services/transcription-service.js';

/**
 * `count` 3-second tone bursts, each followed by a 2-second pause (faint noise, as a room has): with
 * pieces of at most 5 s, the service splits it into `count` pieces with speech.
 */
export function toneBurstsWav(count: number): Buffer {
  const rate = 16_000;
  const pcm = new Int16Array(rate * (count * 5 - 1));
  for (let i = 0; i < pcm.length; i++) {
    const t = i / rate;
    const inCycle = t % 5;
    const voiced = inCycle >= 0.5 && inCycle < 3.5;
    pcm[i] = Math.round((voiced ? 9000 * Math.sin(2 * Math.PI * 220 * t) : 0) + (((i * 7919) % 61) - 30));
  }
  return encodeWav(pcm, rate);
}

/**
 * The service as the tone-burst tests use it: pieces of at most 5 s (one burst each), one worker, Afrikaans
 * and English; `settings` overrides any of that.
 */
export function burstService(
  provider: TranscriptionProvider,
  settings: Partial<TranscriptionSettings> = {},
): TranscriptionService {
  return new TranscriptionService(provider, {
    maxAudioBytes: 10_000_000,
    maxAudioSeconds: 600,
    pieceSeconds: 5,
    concurrency: 1,
    languages: ['af', 'en'],
    ...settings,
  });
}
