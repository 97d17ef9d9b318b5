import { describe, expect, it } from 'vitest';
import type {
  TranscriptionInput,
  TranscriptionOutput,
  TranscriptionProvider,
} from '../../../api/providers/transcription/types.js';
import { englishShare, isConfidentIn } from '../../../api/transcription/language-stretch.js';
import { burstService, toneBurstsWav } from './tone-bursts.js';

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
  return burstService(provider, { languages });
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

/** An engine that reports confidence: `sure` decides each reading's mean log-probability. */
class ConfidenceProvider implements TranscriptionProvider {
  readonly id = 'confidence';
  readonly maxPieceSeconds = 600;
  readonly calls: Array<string | undefined> = [];
  constructor(
    private readonly spoken: string[],
    private readonly texts: Record<string, string> = { en: 'the dog has a fever', af: 'die hond het koors' },
  ) {}
  transcribe(input: TranscriptionInput): Promise<TranscriptionOutput> {
    const piece = Math.floor(input.pcm.length > 0 ? this.pieceOf(input) : 0);
    this.calls.push(input.language);
    const said = this.spoken[piece]!;
    const language = input.language ?? said;
    const matches = language === said;
    return Promise.resolve({
      text: this.texts[language] ?? 'woorde',
      language,
      avgLogprob: matches ? -0.2 : -1.1,
    });
  }
  private pieceIndex = -1;
  private lastPcm: Int16Array | undefined;
  private pieceOf(input: TranscriptionInput): number {
    if (
      input.pcm !== this.lastPcm &&
      (this.lastPcm === undefined || input.pcm.byteOffset !== this.lastPcm.byteOffset)
    ) {
      this.pieceIndex++;
      this.lastPcm = input.pcm;
    }
    return this.pieceIndex;
  }
}

describe('a confident piece carries its language to the next one', () => {
  it('reads an English stretch in English after two confident pieces, without detecting each piece', async () => {
    const provider = new ConfidenceProvider(['en', 'en', 'en', 'en']);
    const result = await service(provider, ['af', 'en']).transcribe({ audio: toneBurstsWav(3) });
    expect(result.pieces).toBe(4);
    expect(provider.calls).toEqual([undefined, undefined, 'en', 'en']);
    expect(result.transcriptLanguage).toBe('en');
  });

  it('detects again when the engine is unsure of the carried language (the speaker switched)', async () => {
    const provider = new ConfidenceProvider(['en', 'en', 'af', 'af']);
    const result = await service(provider, ['af', 'en']).transcribe({ audio: toneBurstsWav(3) });
    // Piece 3: English tried, unsure, detected (af); piece 4: one Afrikaans piece is no stretch yet.
    expect(result.pieces).toBe(4);
    expect(provider.calls).toEqual([undefined, undefined, 'en', undefined, undefined]);
    expect(result.transcript).toBe(
      'the dog has a fever the dog has a fever die hond het koors die hond het koors',
    );
  });

  it('does not start a stretch on one confident piece amid another language', async () => {
    const provider = new ConfidenceProvider(['af', 'en', 'af', 'af']);
    await service(provider, ['af', 'en']).transcribe({ audio: toneBurstsWav(3) });
    expect(provider.calls).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('does not keep a confident English reading whose words are not English', async () => {
    const provider = new ConfidenceProvider(['en', 'en', 'en', 'en'], {
      en: 'temperatineer in vertaxkomen',
    });
    await service(provider, ['af', 'en']).transcribe({ audio: toneBurstsWav(3) });
    expect(provider.calls).toEqual([undefined, undefined, undefined, undefined]);
  });

  it("never carries the fallback's guess: a piece heard as Latin and read in Afrikaans leaves the next to detection", async () => {
    const provider = new ScriptedProvider((call) => (call === 1 ? 'la' : 'en'));
    await service(provider, ['af', 'en']).transcribe({ audio: toneBurstsWav(2) });
    expect(provider.calls).toEqual([undefined, 'af', undefined]);
  });

  it('carries nothing for an engine that reports no confidence', async () => {
    const provider = new ScriptedProvider(() => 'en');
    const result = await service(provider, ['af', 'en']).transcribe({ audio: toneBurstsWav(3) });
    expect(provider.calls).toEqual(Array<undefined>(result.pieces).fill(undefined));
  });
});

describe('isConfidentIn', () => {
  it('needs a log-probability at or above the bar and, for English, mostly English words', () => {
    expect(isConfidentIn({ text: 'the cow is lame', avgLogprob: -0.3 }, 'en')).toBe(true);
    expect(isConfidentIn({ text: 'the cow is lame', avgLogprob: -0.9 }, 'en')).toBe(false);
    expect(isConfidentIn({ text: 'the cow is lame', avgLogprob: -0.7 }, 'en')).toBe(false);
    expect(isConfidentIn({ text: 'moro kaptein vertaxkomen', avgLogprob: -0.2 }, 'en')).toBe(false);
    expect(isConfidentIn({ text: 'die koei is mank', avgLogprob: -0.3 }, 'af')).toBe(true);
    expect(isConfidentIn({ text: '  ', avgLogprob: -0.1 }, 'af')).toBe(false);
    expect(englishShare('Heart rate 120, meloxicam given.')).toBeGreaterThanOrEqual(0.6);
  });
  it('judges a reading without log-probabilities (whisper.cpp) by its words alone', () => {
    const english =
      'She has been drinking a lot and the vomiting started on Monday, so we checked her kidneys.';
    const afrikaans = 'Sy drink baie en die opgooi het Maandag begin, so ons het haar niere nagegaan.';
    expect(isConfidentIn({ text: english }, 'en')).toBe(true);
    expect(isConfidentIn({ text: afrikaans }, 'af')).toBe(true);
    // Afrikaans audio forced into English, and English words read as Afrikaans: not confident.
    expect(isConfidentIn({ text: afrikaans }, 'en')).toBe(false);
    expect(isConfidentIn({ text: english }, 'af')).toBe(false);
    expect(isConfidentIn({ text: 'Temperatineer in vertaxkomen met die koei' }, 'en')).toBe(false);
    // Too few words to lean either way.
    expect(isConfidentIn({ text: 'Okay.' }, 'en')).toBe(false);
    expect(isConfidentIn({ text: 'hallo' }, 'nl')).toBe(false);
  });
});
