import { describe, expect, it } from 'vitest';
import { echoesPrompt, longestPromptRun } from '../../../api/transcription/prompt-echo.js';
import type {
  TranscriptionInput,
  TranscriptionOutput,
  TranscriptionProvider,
} from '../../../api/providers/transcription/types.js';
import { buildVocabularyPrompt } from '../../../api/transcription/vocabulary.js';
import { burstService, toneBurstsWav } from './tone-bursts.js';

// The prompt these echoes were seen with (before issue 18 made it terms only); the detector is generic.
const prompt =
  'Veterinary consultation, in English and Afrikaans. Temperature 39.2, heart rate 120 beats per minute, weight 7.2 kg, about 5% dehydrated. ' +
  'Meloxicam 0.1 mg/kg, amoxicillin-clavulanate 15 mg/kg, oxytetracycline, flunixin 1.1 mg/kg, butorphanol, detomidine, ivermectin, calcium borogluconate 50 ml. ' +
  'Die koei is dragtig en die ooi het koors; ons gee vir die vers en die kalf elk 5 ml. Patient: Bella (Dog). Client: Mrs van der Merwe.';

describe('prompt echo', () => {
  it('finds the prompt written back in place of speech (seen from faster-whisper base on a 22 s piece)', () => {
    const echoed =
      'Die koei is dragtig en die kalf elk 5 ml, ooi het koors, ooi het koors, ooi het koors, ooi het';
    expect(longestPromptRun(echoed, prompt)).toBe(6);
    expect(echoesPrompt(echoed, prompt)).toBe(true);
    expect(
      echoesPrompt(
        'Meloxicam 0.1 mg/kg, amoxicillin-clavulanate 15 mg/kg, oxytetracycline, flunixin 1.1 mg/kg.',
        prompt,
      ),
    ).toBe(true);
  });

  it('ignores case and punctuation when comparing words', () => {
    expect(longestPromptRun('DIE KOEI IS DRAGTIG; EN DIE OOI', prompt)).toBe(7);
  });

  it('leaves ordinary clinical speech alone, including prompt words said in a different order', () => {
    const said = [
      'Temperature 39.4, heart rate 96, she is about 5% dehydrated.',
      'I gave meloxicam 0.2 mg/kg and amoxicillin-clavulanate, recheck on Thursday.',
      'Die koei het koors en ons gee vir haar oxytetracycline.',
      'Bella the dog is eating again, says Mrs van der Merwe.',
    ];
    for (const text of said) expect(echoesPrompt(text, prompt), text).toBe(false);
  });

  it('needs a prompt and words to compare', () => {
    expect(echoesPrompt('Die koei is dragtig en die ooi het koors', undefined)).toBe(false);
    expect(echoesPrompt('', prompt)).toBe(false);
    expect(longestPromptRun('Die koei is dragtig', '')).toBe(0);
  });
});

/** One piece of audio; the engine answers from a script keyed on whether it was given the prompt. */
class PromptSensitiveProvider implements TranscriptionProvider {
  readonly id = 'prompt-sensitive';
  readonly maxPieceSeconds = 600;
  readonly calls: Array<{ language: string | undefined; prompted: boolean }> = [];
  constructor(private readonly reading: { prompted: string; plain: string }) {}
  transcribe(input: TranscriptionInput): Promise<TranscriptionOutput> {
    this.calls.push({ language: input.language, prompted: Boolean(input.prompt) });
    return Promise.resolve({
      text: input.prompt ? this.reading.prompted : this.reading.plain,
      language: input.language ?? 'en',
    });
  }
}

async function transcribeOnePiece(reading: { prompted: string; plain: string }, languages = ['af', 'en']) {
  const provider = new PromptSensitiveProvider(reading);
  const service = burstService(provider, { languages });
  const result = await service.transcribe({ audio: toneBurstsWav(1) });
  return { transcript: result.transcript, calls: provider.calls };
}

describe('TranscriptionService with a reading that echoes the prompt', () => {
  // The product's own prompt written back (six of its drug names, in order).
  const echo = buildVocabularyPrompt().split(', ').slice(3, 9).join(', ');
  const speech = 'The owner must offer lots of fresh hay and greens. Recheck in two days.';

  it('transcribes the piece again without the prompt, in the language heard, and keeps the plain reading', async () => {
    const { transcript, calls } = await transcribeOnePiece({ prompted: echo, plain: speech });
    expect(calls).toEqual([
      { language: undefined, prompted: true },
      { language: 'en', prompted: false },
    ]);
    expect(transcript).toBe(speech);
  });

  it('keeps the prompted reading when the vet really said those words', async () => {
    const said = `${echo} today.`;
    const { transcript, calls } = await transcribeOnePiece({
      prompted: said,
      plain: said.replace(/meloxicam/i, 'Meloxicum'),
    });
    expect(calls).toHaveLength(2);
    expect(transcript).toBe(said);
  });

  it('asks once when nothing is echoed', async () => {
    const { transcript, calls } = await transcribeOnePiece({ prompted: speech, plain: 'never asked' });
    expect(calls).toEqual([{ language: undefined, prompted: true }]);
    expect(transcript).toBe(speech);
  });
});
