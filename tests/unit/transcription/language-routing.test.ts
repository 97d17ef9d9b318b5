import { describe, expect, it } from 'vitest';
import type {
  TranscriptionInput,
  TranscriptionOutput,
  TranscriptionProvider,
} from '../../../api/providers/transcription/types.js';
import {
  englishShare,
  heldInFallback,
  isConfidentIn,
  readsAsFallback,
} from '../../../api/transcription/language-stretch.js';
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

/**
 * Whisper base on a two-language consultation: Afrikaans pieces are detected as Latin (read in Afrikaans
 * only when asked), English ones as English. Forced into Afrikaans, an English piece comes out as
 * `englishAsAfrikaans` (by default with its English words kept). Records the language of every call.
 */
class BaseLikeProvider implements TranscriptionProvider {
  readonly id = 'base-like';
  readonly maxPieceSeconds = 600;
  readonly calls: Array<string | undefined> = [];
  private readonly offsets: number[] = [];
  constructor(
    private readonly spoken: Array<'af' | 'en'>,
    private readonly englishAsAfrikaans = 'the cow has had a fever since Monday and she is not eating',
  ) {}
  transcribe(input: TranscriptionInput): Promise<TranscriptionOutput> {
    if (!this.offsets.includes(input.pcm.byteOffset)) this.offsets.push(input.pcm.byteOffset);
    const said = this.spoken[this.offsets.indexOf(input.pcm.byteOffset)]!;
    this.calls.push(input.language);
    const texts = {
      // Base's Afrikaans: few of its function words, so no reading of it is confident (isConfidentIn).
      af: 'Morum, oen koos, uu, ongek, actin, fenolone, kibriën, ja',
      en: 'she has been coughing since yesterday',
    };
    if (!input.language) return Promise.resolve({ text: texts[said], language: said === 'af' ? 'la' : 'en' });
    const text =
      input.language === said ? texts[said] : said === 'en' ? this.englishAsAfrikaans : 'sie hes gesta bigin';
    return Promise.resolve({ text, language: input.language });
  }
}

describe('a consultation held in Afrikaans reads its pieces in Afrikaans without detecting each', () => {
  it('once two pieces were heard as another language and read in Afrikaans', async () => {
    const provider = new BaseLikeProvider(['af', 'af', 'af', 'af']);
    const result = await service(provider, ['af', 'en']).transcribe({ audio: toneBurstsWav(3) });
    expect(result.pieces).toBe(4);
    expect(provider.calls).toEqual([undefined, 'af', undefined, 'af', 'af', 'af']);
    expect(result.transcriptLanguage).toBe('af');
  });

  it('detects an English piece among them as before: its forced reading keeps English words', async () => {
    const provider = new BaseLikeProvider(['af', 'af', 'en', 'af']);
    const result = await service(provider, ['af', 'en']).transcribe({ audio: toneBurstsWav(3) });
    // Piece 3: Afrikaans tried, English words, detected (en); piece 4: 2 of 3 pieces are no longer "held".
    expect(provider.calls).toEqual([undefined, 'af', undefined, 'af', 'af', undefined, undefined, 'af']);
    expect(result.transcript).toContain('she has been coughing since yesterday');
  });

  it('keeps the forced reading when detection lands on Afrikaans again (no third reading)', async () => {
    const provider = new BaseLikeProvider(['af', 'af', 'af', 'af']);
    // An Afrikaans piece whose forced reading happens to look English: detected as Latin, so it stands.
    let forcedAfrikaans = 0;
    const looksEnglish: TranscriptionProvider = {
      id: 'looks-english',
      maxPieceSeconds: 600,
      async transcribe(input) {
        const out = await provider.transcribe(input);
        if (input.language === 'af' && ++forcedAfrikaans === 3)
          return { ...out, text: 'the dog is in the house and she has a cough' };
        return out;
      },
    };
    const result = await service(looksEnglish, ['af', 'en']).transcribe({ audio: toneBurstsWav(3) });
    expect(provider.calls).toEqual([undefined, 'af', undefined, 'af', 'af', undefined, 'af']);
    expect(result.transcript).toContain('the dog is in the house and she has a cough');
  });

  it('reads a mixed consultation with detection until three in four pieces ended in Afrikaans', async () => {
    const provider = new BaseLikeProvider(['af', 'en', 'af', 'af', 'af', 'en']);
    await service(provider, ['af', 'en']).transcribe({ audio: toneBurstsWav(4) });
    // Pieces 2–4 detected; piece 5 (3 of the 4 before it in Afrikaans) read in Afrikaans straight away;
    // piece 6 is tried in Afrikaans, shows its English words and is detected.
    expect(provider.calls).toEqual([
      undefined,
      'af',
      undefined,
      undefined,
      'af',
      undefined,
      'af',
      'af',
      'af',
      undefined,
    ]);
  });

  it('never does so for a practice that consults in one language (it is told that language anyway)', async () => {
    const provider = new BaseLikeProvider(['af', 'af']);
    await service(provider, ['af']).transcribe({ audio: toneBurstsWav(2) });
    expect(provider.calls).toEqual(['af', 'af']);
  });
});

describe('readsAsFallback and heldInFallback', () => {
  it("takes base's Afrikaans, not a loop or English words", () => {
    expect(readsAsFallback({ text: 'Ja, ons in het lat vers lup, dan de start 3,5 in 5' }, 'af')).toBe(true);
    expect(readsAsFallback({ text: 'Morum, oen koos, uu, ongek, actin, fenolone, kibriën, ja' }, 'af')).toBe(
      true,
    );
    expect(readsAsFallback({ text: `Kom ons kake, ${"h'e ".repeat(30)}` }, 'af')).toBe(false);
    expect(
      readsAsFallback(
        {
          text: "So that's clinical mastitis in the right hand quarter, and the cow has a fever but she eats",
        },
        'af',
      ),
    ).toBe(false);
    expect(readsAsFallback({ text: '  ' }, 'af')).toBe(false);
    expect(readsAsFallback({ text: 'she has been coughing since yesterday' }, 'en')).toBe(true);
  });

  it('holds a consultation in the fallback language from two such pieces, while they are three in four', () => {
    expect(heldInFallback({ fallback: 1, other: 0, lastInFallback: true })).toBe(false);
    expect(heldInFallback({ fallback: 2, other: 0, lastInFallback: true })).toBe(true);
    expect(heldInFallback({ fallback: 3, other: 1, lastInFallback: true })).toBe(true);
    expect(heldInFallback({ fallback: 2, other: 1, lastInFallback: true })).toBe(false);
    expect(heldInFallback({ fallback: 5, other: 0, lastInFallback: false })).toBe(false);
  });
});
