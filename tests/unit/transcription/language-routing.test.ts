import { describe, expect, it } from 'vitest';
import type {
  TranscriptionInput,
  TranscriptionOutput,
  TranscriptionProvider,
} from '../../../api/providers/transcription/types.js';
import { TranscriptionService } from '../../../api/services/transcription-service.js';
import { toneBurstsWav } from './tone-bursts.js';

/**
 * How the service asks for languages, piece by piece. The provider here is a recorder of calls (what is
 * under test is the service's routing, not an engine); the audio is real WAV decoded by ffmpeg.
 */
class ScriptedProvider implements TranscriptionProvider {
  readonly id = 'scripted';
  readonly maxPieceSeconds = 600;
  readonly calls: Array<string | undefined> = [];
  constructor(private readonly heard: (call: number, forced: string | undefined) => string) {}
  transcribe(input: TranscriptionInput): Promise<TranscriptionOutput> {
    this.calls.push(input.language);
    const language = input.language ?? this.heard(this.calls.length, input.language);
    return Promise.resolve({ text: `woorde in ${language}`, language });
  }
}

function service(provider: TranscriptionProvider, languages: string[]) {
  return new TranscriptionService(provider, {
    maxAudioBytes: 10_000_000,
    maxAudioSeconds: 600,
    pieceSeconds: 5,
    concurrency: 1,
    languages,
  });
}

describe('TranscriptionService language routing', () => {
  it('lets the engine detect each piece when the practice speaks both languages', async () => {
    const provider = new ScriptedProvider((call) => (call === 1 ? 'af' : 'en'));
    const result = await service(provider, ['af', 'en']).transcribe({ audio: toneBurstsWav(2) });
    expect(provider.calls).toEqual([undefined, undefined]);
    expect(result.pieces).toBe(2);
    expect(result.transcriptLanguage).toBe('mixed');
  });

  it('retries a piece heard as another language (Latin, Dutch) in Afrikaans', async () => {
    const provider = new ScriptedProvider((call) => (call === 1 ? 'la' : 'en'));
    const result = await service(provider, ['af', 'en']).transcribe({ audio: toneBurstsWav(2) });
    expect(provider.calls).toEqual([undefined, 'af', undefined]);
    expect(result.transcript).toBe('woorde in af woorde in en');
  });

  it('tells the engine the language outright when the practice consults in one only', async () => {
    const provider = new ScriptedProvider(() => 'en');
    const result = await service(provider, ['af']).transcribe({ audio: toneBurstsWav(2) });
    expect(provider.calls).toEqual(['af', 'af']);
    expect(result.transcriptLanguage).toBe('af');
  });
});
