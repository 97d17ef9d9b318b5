import { describe, expect, it } from 'vitest';
import type {
  TranscriptionInput,
  TranscriptionOutput,
  TranscriptionProvider,
} from '../../../api/providers/transcription/types.js';
import { burstService, toneBurstsWav } from './tone-bursts.js';

/** An engine that times its last segment past the end of the piece, as Whisper's 30-second window lets it. */
class OverrunningEngine implements TranscriptionProvider {
  readonly id = 'overrunning';
  readonly maxPieceSeconds = 600;
  transcribe(input: TranscriptionInput): Promise<TranscriptionOutput> {
    const seconds = input.pcm.length / input.sampleRate;
    return Promise.resolve({
      text: 'heart rate one hundred. weight twelve kilograms.',
      language: 'en',
      segments: [
        { start: -0.4, end: seconds / 2, text: 'heart rate one hundred.' },
        { start: seconds / 2, end: seconds + 11.5, text: 'weight twelve kilograms.' },
      ],
    });
  }
}

describe('segment times on the recording’s timeline', () => {
  it('stay within the piece they were heard in, so never past the recording’s end', async () => {
    const service = burstService(new OverrunningEngine(), { languages: ['en'] });
    const result = await service.transcribe({ audio: toneBurstsWav(3) });
    expect(result.segments.length).toBe(2 * result.pieces);
    expect(result.segments[0]!.start).toBe(0);
    for (const [i, segment] of result.segments.entries()) {
      expect(segment.start).toBeGreaterThanOrEqual(0);
      expect(segment.end).toBeGreaterThanOrEqual(segment.start);
      expect(segment.end).toBeLessThanOrEqual(result.durationSeconds);
      if (i > 0) expect(segment.start).toBeGreaterThanOrEqual(result.segments[i - 1]!.start);
    }
  });
});
