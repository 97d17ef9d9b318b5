import { describe, expect, it } from 'vitest';
import { extractClinicalNotes } from '#shared/notes/index.js';
import { talksAboutTheTalk } from '#shared/notes/talk.js';
import { expectPhrasing, sectionInTranscript } from './classified';

describe('talk about the talk', () => {
  it('reads an announcement of what will be said or looked at next, or a bare acknowledgement, as talk', () => {
    expectPhrasing(
      talksAboutTheTalk,
      [
        "Right, let's go over what I found.",
        'Let me have a look at his paws, okay?',
        "Now I'm going to listen to her chest.",
        'Kom ons praat oor die resultate.',
        'Laat ek kyk na sy tande.',
        'Sounds good.',
        'Okay, that makes sense.',
        'Ek verstaan.',
        "Okay, that's good.",
        'Excellent.',
        'Dis goed.',
      ],
      [
        "Let's start him on meloxicam.",
        "I'm going to order a CBC and a urinalysis.",
        "We'll recheck her in two weeks.",
        "Let's look at his ears, they're inflamed.",
        'Let me have a look at the wound again tomorrow.',
        "Let's talk about changing his food.",
        'Kom ons kyk volgende week weer na die wond.',
        'No, that makes it worse.',
        "That's good news about the biopsy.",
        'Excellent body condition.',
      ],
    );
  });

  it('leaves the talk out of the notes and keeps the findings and plans around it', () => {
    const transcript =
      "Vet: Let's have a quick look at his eyes. The left eye is red and weeping. " +
      "Owner: Sounds good. Vet: Let's talk about the plan. I'm going to give him chloramphenicol drops three times a day, and we'll recheck in a week.";
    expect(sectionInTranscript(transcript, 'quick look at his eyes')).toBe('left');
    expect(sectionInTranscript(transcript, 'Sounds good')).toBe('left');
    expect(sectionInTranscript(transcript, 'talk about the plan')).toBe('left');
    expect(sectionInTranscript(transcript, 'left eye is red')).toBe('O');
    expect(sectionInTranscript(transcript, 'chloramphenicol')).toBe('P');
    const response = extractClinicalNotes({ transcript });
    expect(response.leftOut?.map((line) => line.text).join(' ')).toContain('talk about the plan');
  });
});
