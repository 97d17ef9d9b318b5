import { describe, it } from 'vitest';
import { isQuestion } from '#shared/notes/classify.js';
import { expectPhrasing } from './classified';

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
