import { describe, expect, it } from 'vitest';
import { isQuestion } from '#shared/notes/classify.js';
import { expectPhrasing, sectionInTranscript } from './classified';

describe('questions without a question mark (speech-engine text)', () => {
  it("reads 'is that…', 'anything…', 'tell me what…' and a question after a filler as questions", () => {
    expectPhrasing(
      isQuestion,
      [
        'is that sore when I press here',
        'does this bother him',
        'anything else you have noticed',
        'anyone else in the house unwell',
        'tell me what happened this morning',
        'can you tell me when it started',
        'vertel my wat het gebeur',
        'i mean did she eat anything strange',
        'yeah and has he been drinking more',
      ],
      [
        'that is sore when I press here',
        'this bothers him',
        // Asking to be told of an event is the plan, not a question.
        'tell me if he vomits again',
        'vertel my of hy weer braak',
        'i mean she ate something strange',
        'yeah he has been drinking more',
        'well hydrated',
      ],
    );
  });
});

describe("an unmarked question in a speaker's own turn", () => {
  it('is a question up to twice the run-on length, whatever clinical words it carries', () => {
    const transcript =
      '[vet] and has she had any vomiting or diarrhoea or coughing since the lameness in the hind leg started\n' +
      "[owner] no she's been fine apart from the limp\n";
    expect(sectionInTranscript(transcript, 'has she had any vomiting')).toBe('left');
  });
  it('still opens a long run-on stretch that goes on to findings or plans', () => {
    const transcript =
      '[vet] and do you want to keep him on the same food for now because his weight is creeping up again and the ' +
      'joints are stiff so we start him on a light diet with joint support and recheck his weight and his hips next month\n';
    expect(sectionInTranscript(transcript, 'light diet')).not.toBe('left');
  });
});
