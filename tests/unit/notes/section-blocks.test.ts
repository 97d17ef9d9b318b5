import { describe, expect, it } from 'vitest';
import { classifyUtterances, splitUtterances } from '#shared/notes/index.js';

/** Section (or 'left') of every utterance, keyed by its text. */
function sections(transcript: string): Record<string, string> {
  return Object.fromEntries(
    classifyUtterances(splitUtterances(transcript)).map((c) => [c.utterance.text, c.section ?? 'left']),
  );
}

describe('notes come in blocks', () => {
  it("a plain description among the vet's measured findings is a finding too", () => {
    const result = sections(
      'Vet: Sy temperatuur is 40.2 grade en die hartklop is 96. Hy staan met sy rug gekrom en sy kop laag. Die longe klink rof aan albei kante.',
    );
    expect(result['Hy staan met sy rug gekrom en sy kop laag.']).toBe('O');
  });
  it('the pull of the block never outweighs a judgement, an instruction or the owner', () => {
    const result = sections(
      [
        'Client: He has been coughing for a week and stopped eating yesterday.',
        'Vet: His temperature is 40.4 and his breathing is fast. I think this is pneumonia. Give him the tablets twice a day for a week.',
      ].join('\n'),
    );
    expect(result['He has been coughing for a week and stopped eating yesterday.']).toBe('S');
    expect(result['I think this is pneumonia.']).toBe('A');
    expect(result['Give him the tablets twice a day for a week.']).toBe('P');
  });
});
