import { describe, expect, it } from 'vitest';
import type {
  TranscriptionInput,
  TranscriptionOutput,
  TranscriptionProvider,
} from '../../../api/providers/transcription/types.js';
import { TranscriptionProviderError } from '../../../api/providers/transcription/types.js';
import { burstService, toneBurstsWav } from './tone-bursts.js';

/** An engine whose second piece fails; it counts how many pieces it was asked for. */
class FailingSecondPiece implements TranscriptionProvider {
  readonly id = 'failing';
  readonly maxPieceSeconds = 600;
  started = 0;
  async transcribe(_input: TranscriptionInput): Promise<TranscriptionOutput> {
    const call = ++this.started;
    await new Promise((resolve) => setTimeout(resolve, call === 2 ? 5 : 40));
    if (call === 2) throw new TranscriptionProviderError('the engine fell over', 502);
    return { text: `piece ${call}`, language: 'en' };
  }
}

describe('TranscriptionService when a piece fails', () => {
  it('fails the job with the engine’s reason and starts no further pieces', async () => {
    const provider = new FailingSecondPiece();
    const service = burstService(provider, { concurrency: 2, languages: ['en'] });
    await expect(service.transcribe({ audio: toneBurstsWav(8) })).rejects.toThrow('the engine fell over');
    // Two workers: pieces 1 and 2 start together and piece 2 fails at once. Worker 1 finishes piece 1
    // after the job has already failed; it must then stop, not go on through the rest.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(provider.started).toBe(2);
  });
});
