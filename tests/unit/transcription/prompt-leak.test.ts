import { describe, expect, it } from 'vitest';
import {
  applyToSegments,
  dropPromptOnlyWords,
  promptTerms,
  termHints,
  termsIn,
  transcriptSuggestions,
} from '../../../api/transcription/prompt-leak.js';
import type {
  TranscriptionInput,
  TranscriptionOutput,
  TranscriptionProvider,
} from '../../../api/providers/transcription/types.js';
import { buildVocabularyPrompt } from '../../../api/transcription/vocabulary.js';
import { checkPromptLeaks, leakClip, type LeakCandidate } from '../../../api/transcription/leak-check.js';
import { burstService, toneBurstsWav } from './tone-bursts.js';

// The prompt the product used when the unseen set was measured (issue 18).
const OLD_PROMPT =
  'Veterinary consultation, in English and Afrikaans. Meloxicam 0.1 mg/kg, oxytetracycline. Patient: Koei 52 (Cattle). Client: Pieter Joubert.';

describe('prompt-only words', () => {
  it('takes "African" from the plain reading where the prompt wrote "Afrikaans horse sickness" (seen 3 times on unseen audio)', () => {
    const check = dropPromptOnlyWords(
      'Suspect Afrikaans horse sickness, it is notifiable.',
      'Suspect African horse sickness, it is notifiable.',
      promptTerms(OLD_PROMPT),
    );
    expect(check.text).toBe('Suspect African horse sickness, it is notifiable.');
    expect(check.dropped).toEqual(['Afrikaans']);
  });

  it("drops a client's name the prompt put into speech where it was never said", () => {
    const check = dropPromptOnlyWords(
      'Joubert die koei het koors, Joubert, en sy eet nie.',
      'Die koei het koors, en sy eet nie.',
      promptTerms(OLD_PROMPT),
    );
    expect(check.text).toBe('die koei het koors, en sy eet nie.');
    expect(check.dropped).toEqual(['Joubert', 'Joubert,']);
  });

  it('keeps prompt words the plain reading supports: the same word anywhere, or a spelling variant in place', () => {
    const terms = promptTerms(OLD_PROMPT);
    expect(
      dropPromptOnlyWords('Meloxicam for Koei 52, Pieter.', 'Meloxicum for koei 52, Pieter.', terms).text,
    ).toBe('Meloxicam for Koei 52, Pieter.');
    expect(
      dropPromptOnlyWords('Pieter gave oxytetracycline', 'gave oxytetracycline yesterday, said Pieter', terms)
        .dropped,
    ).toEqual([]);
  });

  it('keeps a name only as often as the plain reading has it (a name said once, written twice; seen on dev-04 in CI)', () => {
    const check = dropPromptOnlyWords(
      "This is for Biscuit, Lerato Mokoena's rabbit. Lerato Mokoena's head stopped eating his pellets.",
      "This is for Biscuit, Lerato Mokoena's rabbit. The owner says he stopped eating his pellets.",
      promptTerms('Biscuit, Lerato Mokoena.'),
    );
    expect(check.text).toMatch(
      /^This is for Biscuit, Lerato Mokoena's rabbit\. [^A-Z]*stopped eating his pellets\.$/,
    );
    expect(check.dropped).toEqual(['Lerato', "Mokoena's"]);
    expect(check.supported.sort()).toEqual(['biscuit', 'lerato', 'mokoena']);
  });

  it('pairs a drug with its spelling in the plain reading even when a neighbour would align as well (dev-04)', () => {
    const check = dropPromptOnlyWords(
      'Plan, meloxicam, at 0.5 mg per kilogram by mouth, once a day for 5 days, for pain.',
      'Plan, Meloxica Matt 0.5mg per kilogram by mouth, once a day for 5 days, for pain.',
      promptTerms('meloxicam, metoclopramide, Biscuit, Lerato Mokoena.'),
    );
    expect(check.text).toBe(
      'Plan, meloxicam, at 0.5 mg per kilogram by mouth, once a day for 5 days, for pain.',
    );
    expect(check.dropped).toEqual([]);
    expect(check.supported).toEqual(['meloxicam']);
  });

  it('keeps a drug the plain reading heard as a near sound at its place (dev-01, dev-02), not one it never heard', () => {
    const terms = promptTerms(buildVocabularyPrompt({ patientName: 'Max', clientName: 'Thandi Nkosi' }));
    const maropitant = dropPromptOnlyWords(
      'an injection of maropitant at 1 mg per kilogram under the skin',
      'an injection of maribit and at 1 milligram per kilogram under the skin',
      terms,
    );
    expect(maropitant.dropped).toEqual([]);
    expect(maropitant.text).toContain('maropitant at 1 mg');
    const flunixin = dropPromptOnlyWords(
      "I'm also giving flunixin meglumine at 1.1 mg per kilogram IV for the pain.",
      "I'm also giving phoenixin medumite at 1.1 milligrams per kilogram IV for the pain.",
      terms,
    );
    expect(flunixin.dropped).toEqual([]);
    const unheard = dropPromptOnlyWords(
      'Give him ketamine now, please.',
      'Give him a cuddle now, please.',
      terms,
    );
    expect(unheard.text).not.toMatch(/ketamine/);
    expect(unheard.dropped).toEqual(['ketamine']);
  });

  it("does not treat the number style's units as terms ('120 bpm' is style, not a word to check)", () => {
    const terms = promptTerms(buildVocabularyPrompt());
    expect(terms.has('bpm')).toBe(false);
    expect(terms.has('weeks')).toBe(false);
    const check = dropPromptOnlyWords(
      'heart rate is 120 bpm, and',
      'heart rate is 120 beats per minute, and',
      terms,
    );
    expect(check.text).toBe('heart rate is 120 bpm, and');
  });

  it('keeps the prompt spelling of a name the plain reading spells another way but sounds the same', () => {
    const check = dropPromptOnlyWords(
      'Morning, Thandi. Come in.',
      'Morning, Tandy. Come in.',
      promptTerms('Max, Thandi Nkosi.'),
    );
    expect(check.text).toBe('Morning, Thandi. Come in.');
    expect(check.supported).toEqual(['thandi']);
  });

  it('counts only content words of the prompt as terms (no numbers, units, name particles)', () => {
    const terms = promptTerms('meloxicam, 15 mg/kg, 39.2, Koos van der Merwe.');
    expect([...terms].sort()).toEqual(['koos', 'meloxicam', 'merwe']);
    expect(termsIn('Koos gave Meloxicam and meloxicam.', terms)).toEqual(['koos', 'meloxicam']);
  });

  it('changes the same words inside the segments', () => {
    const check = dropPromptOnlyWords(
      'Joubert se koei het koors. Sy eet nie.',
      'Die koei het koors. Sy eet nie.',
      promptTerms(OLD_PROMPT),
    );
    const segments = applyToSegments(
      [
        { start: 0, end: 2, text: 'Joubert se koei het koors.' },
        { start: 2, end: 4, text: 'Sy eet nie.' },
      ],
      check,
    );
    expect(segments?.map((s) => s.text)).toEqual(['se koei het koors.', 'Sy eet nie.']);
    expect(applyToSegments([{ start: 0, end: 4, text: 'other words' }], check)).toBeUndefined();
  });
});

describe('a prompt term the plain reading heard as another word', () => {
  it('is replaced by the plain word, and the term is offered back wherever that word stands', () => {
    const check = dropPromptOnlyWords(
      'Give her penicillin 10 mg/kg.',
      'Give her a cylinder 10 mg/kg.',
      promptTerms('penicillin, meloxicam'),
    );
    expect(check.text).toBe('Give her cylinder 10 mg/kg.');
    expect(check.replaced).toEqual([{ heard: 'cylinder', term: 'penicillin' }]);
    const hints = termHints(check.replaced);
    expect(hints).toEqual([{ heard: 'cylinder', suggestion: 'penicillin' }]);
    const transcript = `${check.text} The cylinder was empty. Cylinder.`;
    expect(transcriptSuggestions(transcript, hints)).toEqual([
      { start: 9, end: 17, heard: 'cylinder', suggestion: 'penicillin' },
      { start: 32, end: 40, heard: 'cylinder', suggestion: 'penicillin' },
      { start: 52, end: 60, heard: 'Cylinder', suggestion: 'penicillin' },
    ]);
  });
  it('gives no hint for a dropped word or a spelling, and never two suggestions for one word', () => {
    const dropped = dropPromptOnlyWords('Joubert, die koei.', 'die koei.', promptTerms('Pieter Joubert'));
    expect(termHints(dropped.replaced)).toEqual([]);
    expect(termHints([{ heard: 'Meloxicum,', term: 'meloxicum' }])).toEqual([]);
    // 'methodonate' is the lexicon pass's (→ methadone); a hint for the same word does not add a second.
    const both = transcriptSuggestions('Give methodonate now.', [
      { heard: 'methodonate', suggestion: 'morphine' },
    ]);
    expect(both).toHaveLength(1);
    expect(both[0]?.suggestion).toBe('methadone');
  });
});

describe('the vocabulary prompt is terms only', () => {
  it('has no sentence naming the languages (the source of "Afrikaans horse sickness")', () => {
    const prompt = buildVocabularyPrompt({ clientName: 'Pieter Joubert', patientName: 'Koei 52' });
    expect(prompt).not.toMatch(/afrikaans|english|consultation/i);
    expect(prompt).not.toMatch(/Patient:|Client:/);
  });
});

describe('the prompt per piece', () => {
  it('gives the first spoken piece the names-first prompt and every later piece the names-last one', async () => {
    const prompts: Array<string | undefined> = [];
    const provider: TranscriptionProvider = {
      id: 'prompts',
      maxPieceSeconds: 600,
      transcribe(input) {
        if (input.prompt) prompts.push(input.prompt); // plain readings (the leak check) aside
        return Promise.resolve({ text: 'Die koei het koors.', language: 'af' });
      },
    };
    const service = burstService(provider);
    const hints = { clientName: 'Pieter Joubert', patientName: 'Koei 52' };
    await service.transcribe({ audio: toneBurstsWav(3), preConsultation: hints });
    expect(prompts.length).toBeGreaterThan(2);
    const [first, ...later] = prompts;
    expect(first).toBe(buildVocabularyPrompt(hints, null, { opening: true }));
    for (const prompt of later) expect(prompt).toBe(buildVocabularyPrompt(hints));
    expect(prompts[0]!.startsWith('Koei 52, Pieter Joubert, ')).toBe(true);
  });
});

/** The pieces of a recording by their audio: the n-th distinct piece heard (its own stretch of samples). */
function pieceIndexer() {
  const offsets: number[] = [];
  return (pcm: Int16Array): number => {
    if (!offsets.includes(pcm.byteOffset)) offsets.push(pcm.byteOffset);
    return offsets.indexOf(pcm.byteOffset);
  };
}

/** Pieces saying `said`; the engine writes the client's name into every prompted reading, never into a plain one. */
class LeakingProvider implements TranscriptionProvider {
  readonly id = 'leaking';
  readonly maxPieceSeconds = 600;
  readonly calls: Array<{ prompted: boolean; temperature: number | undefined }> = [];
  private readonly pieceOf = pieceIndexer();
  constructor(private readonly said: string[]) {}
  transcribe(input: TranscriptionInput): Promise<TranscriptionOutput> {
    this.calls.push({ prompted: Boolean(input.prompt), temperature: input.temperature });
    const said = this.said[Math.min(this.said.length - 1, this.pieceOf(input.pcm))]!;
    return Promise.resolve({ text: input.prompt ? `Joubert, ${said}` : said, language: 'af' });
  }
}

describe('TranscriptionService with a prompt that leaks a name', () => {
  it('keeps the name out of every piece where the audio does not have it', async () => {
    const provider = new LeakingProvider(['Die koei het koors.', 'Sy eet nie.']);
    const service = burstService(provider);
    const result = await service.transcribe({
      audio: toneBurstsWav(2),
      preConsultation: { clientName: 'Pieter Joubert', patientName: 'Koei 52' },
    });
    expect(result.transcript).toBe('Die koei het koors. Sy eet nie.');
    expect(result.transcript).not.toMatch(/Joubert/);
    // Every piece is read first; then one prompt-less reading per piece that still has an unconfirmed term.
    expect(provider.calls.map((c) => c.prompted)).toEqual([true, true, false, false]);
  });

  it('reads a piece once when its prompt terms were confirmed by another piece of the recording', async () => {
    const reads: boolean[] = [];
    const provider: TranscriptionProvider = {
      id: 'said',
      maxPieceSeconds: 600,
      transcribe(input) {
        reads.push(Boolean(input.prompt));
        return Promise.resolve({ text: 'Pieter Joubert se koei het koors.', language: 'af' });
      },
    };
    const service = burstService(provider);
    const result = await service.transcribe({
      audio: toneBurstsWav(3),
      preConsultation: { clientName: 'Pieter Joubert' },
    });
    expect(result.transcript).toContain('Pieter Joubert se koei');
    expect(reads.filter((prompted) => prompted).length).toBeGreaterThanOrEqual(3);
    expect(reads.filter((prompted) => !prompted)).toHaveLength(1);
  });
});

/** An Afrikaans reading of three segments: 0–0.8 s, 1.2–2.2 s (the one the tests flag) and 2.6–3.2 s. */
function threeSegments(...texts: [string, string, string]): TranscriptionOutput {
  const times = [
    [0, 0.8],
    [1.2, 2.2],
    [2.6, 3.2],
  ] as const;
  return {
    text: texts.join(' '),
    language: 'af',
    segments: texts.map((text, i) => ({ start: times[i]![0], end: times[i]![1], text })),
  };
}

describe('the leak check of a whole recording', () => {
  it("reads the flagged segments of several pieces as one clip and rewrites each piece's own words", async () => {
    const plainCalls: number[] = [];
    const pieceOf = pieceIndexer();
    const prompted = [
      threeSegments('Goeiemôre.', 'Joubert, die koei het koors.', 'Sy eet nie.'),
      threeSegments('Goed.', 'Gee vir haar penicillin.', 'Totsiens.'),
    ];
    const provider: TranscriptionProvider = {
      id: 'two-pieces',
      maxPieceSeconds: 600,
      transcribe(input) {
        if (input.prompt) return Promise.resolve(prompted[pieceOf(input.pcm)]!);
        plainCalls.push(input.pcm.length);
        return Promise.resolve({ text: 'die koei het koors. gee vir haar cylinder.', language: 'af' });
      },
    };
    const service = burstService(provider, { languages: ['af'] });
    const result = await service.transcribe({
      audio: toneBurstsWav(2),
      preConsultation: { clientName: 'Pieter Joubert' },
      vocabulary: 'penicillin',
    });
    // Both segments (1.0 s each, 0.3 s margin each side) in one reading, half a second apart.
    expect(plainCalls).toEqual([2 * Math.round(1.6 * 16_000) + 8_000]);
    expect(result.transcript).toBe(
      'Goeiemôre. die koei het koors. Sy eet nie. Goed. Gee vir haar cylinder. Totsiens.',
    );
    expect(result.segments.map((s) => s.text)).toEqual([
      'Goeiemôre.',
      'die koei het koors.',
      'Sy eet nie.',
      'Goed.',
      'Gee vir haar cylinder.',
      'Totsiens.',
    ]);
    expect(result.suggestions.some((s) => s.suggestion === 'penicillin')).toBe(true);
  });

  it('packs clips of one language into readings of at most one piece length', async () => {
    const piece = (term: string, language: string): LeakCandidate => ({
      pcm: new Int16Array(16_000 * 20),
      language,
      reading: {
        text: `Goed. ${term} het gebel.`,
        language,
        segments: [
          { start: 0, end: 1, text: 'Goed.' },
          { start: 2, end: 10, text: `${term} het gebel.` },
        ],
      },
    });
    const candidates = [piece('Joubert', 'af'), piece('Mokoena', 'af'), piece('Naidoo', 'en')];
    const read = async (maxSeconds: number) => {
      const reads: Array<{ seconds: number; language: string | undefined }> = [];
      const state = {
        terms: new Set(['joubert', 'mokoena', 'naidoo']),
        confirmed: new Set<string>(),
        replaced: [],
      };
      await checkPromptLeaks(
        candidates,
        state,
        (pcm, language) => {
          reads.push({ seconds: pcm.length / 16_000, language });
          return Promise.resolve({ text: 'Joubert Mokoena Naidoo het gebel.' });
        },
        maxSeconds,
      );
      expect([...state.confirmed].sort()).toEqual(['joubert', 'mokoena', 'naidoo']);
      return reads;
    };
    // Each clip: the 8-second segment and 0.3 s either side.
    expect(await read(20)).toEqual([
      { seconds: 8.6 + 0.5 + 8.6, language: 'af' },
      { seconds: 8.6, language: 'en' },
    ]);
    expect(await read(12)).toEqual([
      { seconds: 8.6, language: 'af' },
      { seconds: 8.6, language: 'af' },
      { seconds: 8.6, language: 'en' },
    ]);
  });
});

/**
 * A one-piece Afrikaans recording whose prompted reading is `prompted` (with segment times) and whose
 * plain readings all say `plain`; records the length of every plain reading's audio.
 */
async function readWithSegments(prompted: TranscriptionOutput, plain: string, practiceTerm?: string) {
  const plainCalls: number[] = [];
  const pieceSamples: number[] = [];
  const provider: TranscriptionProvider = {
    id: 'segments',
    maxPieceSeconds: 600,
    transcribe(input) {
      (input.prompt ? pieceSamples : plainCalls).push(input.pcm.length);
      return Promise.resolve(input.prompt ? prompted : { text: plain, language: 'af' });
    },
  };
  const service = burstService(provider, { languages: ['af'] });
  const result = await service.transcribe({
    audio: toneBurstsWav(1),
    preConsultation: { clientName: 'Pieter Joubert' },
    ...(practiceTerm ? { vocabulary: practiceTerm } : {}),
  });
  return { result, plainCalls, pieceSamples };
}

describe('the leak check reads only the segments that hold an unconfirmed prompt term', () => {
  it('sends those segments (with a margin) as one short clip and rewrites only them', async () => {
    const { result, plainCalls, pieceSamples } = await readWithSegments(
      threeSegments('Goeiemôre.', 'Joubert, die koei het koors.', 'Sy eet nie.'),
      'die koei het koors.',
    );
    expect(result.transcript).toBe('Goeiemôre. die koei het koors. Sy eet nie.');
    expect(result.segments.map((s) => s.text)).toEqual(['Goeiemôre.', 'die koei het koors.', 'Sy eet nie.']);
    // One plain reading, of the flagged segment only: 1.0 s plus 0.3 s each side.
    expect(plainCalls).toEqual([Math.round(1.6 * 16_000)]);
    expect(plainCalls[0]).toBeLessThan(pieceSamples[0]! / 2);
  });

  it("offers the prompt's term as a suggestion where the leak check put the plain reading's word", async () => {
    const { result } = await readWithSegments(
      threeSegments('Goeiemôre.', 'Gee vir haar penicillin.', 'Sy eet nie.'),
      'gee vir haar cylinder.',
      'penicillin',
    );
    expect(result.transcript).toBe('Goeiemôre. Gee vir haar cylinder. Sy eet nie.');
    const offered = result.suggestions.find((s) => s.suggestion === 'penicillin');
    expect(offered).toBeDefined();
    expect(result.transcript.slice(offered!.start, offered!.end)).toBe('cylinder');
  });

  it('confirms a name said in several segments with one reading of the shortest of them', async () => {
    const { result, plainCalls } = await readWithSegments(
      {
        text: 'Pieter, die koei het koors. Sy eet nie, Pieter.',
        language: 'af',
        segments: [
          { start: 0, end: 1.6, text: 'Pieter, die koei het koors.' },
          { start: 2.4, end: 3.0, text: 'Sy eet nie, Pieter.' },
        ],
      },
      'Sy eet nie, Pieter.',
    );
    expect(result.transcript).toBe('Pieter, die koei het koors. Sy eet nie, Pieter.');
    expect(plainCalls).toEqual([Math.round(1.2 * 16_000)]);
  });

  it('joins neighbouring segments into one stretch and separates the others by a pause', () => {
    const pcm = new Int16Array(30 * 16_000).map((_, i) => (i % 100) + 1);
    const clip = leakClip(pcm, [
      { start: 1, end: 2 },
      { start: 2.4, end: 3 },
      { start: 10, end: 11 },
    ])!;
    // [0.7, 3.3] and [9.7, 11.3] with 0.5 s of silence between them.
    expect(clip.length).toBe(Math.round((2.6 + 0.5 + 1.6) * 16_000));
    expect(clip[Math.round(2.6 * 16_000) + 10]).toBe(0);
    expect(clip[0]).toBe(pcm[Math.round(0.7 * 16_000)]);
  });

  it('gives up (the whole piece is read) when the segments cover most of it or fall outside it', () => {
    const pcm = new Int16Array(10 * 16_000);
    expect(leakClip(pcm, [{ start: 0, end: 9 }])).toBeUndefined();
    expect(leakClip(pcm, [{ start: 12, end: 14 }])).toBeUndefined();
  });
});

describe('TRANSCRIPTION_PROMPT=off', () => {
  it('reads every piece without the vocabulary prompt, so nothing is re-read for leaks', async () => {
    const prompts: Array<string | undefined> = [];
    const provider: TranscriptionProvider = {
      id: 'no-prompt',
      maxPieceSeconds: 600,
      transcribe(input) {
        prompts.push(input.prompt);
        return Promise.resolve({ text: 'Pieter Joubert se koei het koors.', language: 'af' });
      },
    };
    const service = burstService(provider, { languages: ['af'], prompt: false });
    const result = await service.transcribe({
      audio: toneBurstsWav(2),
      preConsultation: { clientName: 'Pieter Joubert' },
    });
    expect(result.pieces).toBe(2);
    expect(prompts).toEqual([undefined, undefined]);
  });
});
