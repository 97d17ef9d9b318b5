import { describe, expect, it } from 'vitest';
import {
  foreignCharacters,
  hasForeignScript,
  markForeignScript,
  markForeignWords,
  unclearMarker,
} from '../../../api/transcription/script-filter.js';
import type {
  TranscriptionInput,
  TranscriptionOutput,
  TranscriptionProvider,
} from '../../../api/providers/transcription/types.js';
import { burstService, toneBurstsWav } from './tone-bursts.js';

describe('script filter', () => {
  it('finds Cyrillic, CJK and U+FFFD, and leaves Afrikaans and English letters alone', () => {
    for (const text of ['Die koei крас- het koors', 'herла', 'temperature 39 度', 'die � kalf'])
      expect(hasForeignScript(text), text).toBe(true);
    for (const text of [
      "Die ooi se môre-temperatuur is 39.2 °C, sy is só moeg; 'n kalf",
      'Café, naïve, 15 mg/kg, 5%',
    ]) {
      expect(hasForeignScript(text), text).toBe(false);
    }
    expect(foreignCharacters('крас- herла')).toBe(6);
  });

  it('marks each run of foreign words once, with its time', () => {
    expect(unclearMarker(67.9)).toBe('[unclear 1:07]');
    expect(markForeignWords('Die koei крас- herла het koors �', 42)).toBe(
      'Die koei [unclear 0:42] het koors [unclear 0:42]',
    );
  });

  it('marks per segment at the segment start in the recording', () => {
    const marked = markForeignScript(
      {
        text: 'Die ooi het koors. Sy крас- vandag.',
        segments: [
          { start: 0, end: 3, text: 'Die ooi het koors.' },
          { start: 3, end: 6, text: 'Sy крас- vandag.' },
        ],
      },
      60,
    );
    expect(marked.text).toBe('Die ooi het koors. Sy [unclear 1:03] vandag.');
    expect(marked.segments?.[1]?.text).toBe('Sy [unclear 1:03] vandag.');
  });
});

/** Writes Cyrillic into every greedy reading; a sampled re-reading is clean only when `cleanOnRetry`. */
class CyrillicProvider implements TranscriptionProvider {
  readonly id = 'cyrillic';
  readonly maxPieceSeconds = 600;
  readonly temperatures: Array<number | undefined> = [];
  constructor(private readonly cleanOnRetry: boolean) {}
  transcribe(input: TranscriptionInput): Promise<TranscriptionOutput> {
    this.temperatures.push(input.temperature);
    const clean = this.cleanOnRetry && (input.temperature ?? 0) > 0;
    return Promise.resolve({
      text: clean ? 'Die ooi het koors.' : 'Die ooi крас- het koors.',
      language: 'af',
    });
  }
}

function service(provider: TranscriptionProvider) {
  return burstService(provider);
}

describe('TranscriptionService on a piece that decodes to another script', () => {
  it('reads it once more and keeps the clean reading', async () => {
    const provider = new CyrillicProvider(true);
    const result = await service(provider).transcribe({ audio: toneBurstsWav(1) });
    expect(result.transcript).toBe('Die ooi het koors.');
    expect(provider.temperatures).toEqual([undefined, 0.4]);
  });

  it('marks what stays foreign as unclear, with its time, in the transcript and the segments', async () => {
    const provider = new CyrillicProvider(false);
    const result = await service(provider).transcribe({ audio: toneBurstsWav(2) });
    expect(result.transcript).not.toMatch(/\p{Script=Cyrillic}/u);
    expect(result.transcript).toMatch(
      /^Die ooi \[unclear 0:0\d\] het koors\. Die ooi \[unclear 0:0\d\] het koors\.$/,
    );
    const times = [...result.transcript.matchAll(/unclear 0:0(\d)/g)].map((m) => Number(m[1]));
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(4); // the second piece starts ~5 s later
    for (const segment of result.segments) expect(segment.text).not.toMatch(/\p{Script=Cyrillic}/u);
  });
});
