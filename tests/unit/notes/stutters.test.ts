import { describe, expect, it } from 'vitest';
import { cleanBulletText, collapseRepeats, dropCutOffWords } from '#shared/notes/bullets.js';

describe('stutters and self-repairs', () => {
  it('collapses a word or a short run said again after the speaker broke off', () => {
    expect(collapseRepeats('She was, she was limping on it')).toBe('She was limping on it');
    expect(collapseRepeats('the left, the left hind leg')).toBe('the left hind leg');
    expect(collapseRepeats('Hy het, hy het gisteraand gebraak')).toBe('Hy het gisteraand gebraak');
    expect(collapseRepeats('My, my dog')).toBe('My dog');
    // Speech-engine text has no comma at the break.
    expect(collapseRepeats('is she is she still eating')).toBe('is she still eating');
    expect(collapseRepeats('die koei die koei het gekalf')).toBe('die koei het gekalf');
  });
  it('collapses a stutter that a filler sat in', () => {
    expect(cleanBulletText('The wound, uh, the wound looks clean')).toBe('The wound looks clean');
    expect(cleanBulletText('Die, ag, die oog is rooi', 'af')).toBe('Die oog is rooi');
  });
  it('keeps numbers, lists and runs that are not broken off', () => {
    expect(collapseRepeats('give 2, 2 tablets')).toBe('give 2, 2 tablets');
    expect(collapseRepeats('twice a day 2 ml 2 ml')).toBe('twice a day 2 ml 2 ml');
    expect(collapseRepeats('left side, right side')).toBe('left side, right side');
    expect(collapseRepeats('no pain and no pain on flexion')).toBe('no pain and no pain on flexion');
  });
});

describe("an acknowledgement at a bullet's edges, without a comma (speech-engine text)", () => {
  it('goes, at the start and at the end', () => {
    expect(cleanBulletText('yeah she has been scratching at the ear')).toBe(
      'She has been scratching at the ear',
    );
    expect(cleanBulletText('okay yeah so the swelling went down')).toBe('The swelling went down');
    expect(cleanBulletText('ja sy het gisteraand gebraak', 'af')).toBe('Sy het gisteraand gebraak');
    expect(cleanBulletText('bring him back on friday okay')).toBe('Bring him back on friday');
    expect(cleanBulletText("we'll clip and clean the ear, does that sound good?")).toBe(
      'Clip and clean the ear',
    );
    expect(cleanBulletText('the skin is healing well, right?')).toBe('The skin is healing well');
    expect(cleanBulletText('she only eats the wet food, so')).toBe('She only eats the wet food');
  });
  it("keeps 'well' that says how", () => {
    expect(cleanBulletText('well hydrated and alert')).toBe('Well hydrated and alert');
    expect(cleanBulletText('well we checked the urine')).toBe('We checked the urine');
    expect(cleanBulletText('the lump is on the right')).toBe('The lump is on the right');
    expect(cleanBulletText('the owner thinks so')).toBe('The owner thinks so');
  });
});

describe("the speaker's 'I know that' / 'I see that' before a clause", () => {
  it('goes, leaving the clause', () => {
    expect(cleanBulletText('I know that she has been off her food since Sunday')).toBe(
      'She has been off her food since Sunday',
    );
    expect(cleanBulletText('I see the swelling has gone down')).toBe('The swelling has gone down');
    expect(cleanBulletText('Ek weet hy het gister gebraak', 'af')).toBe('Hy het gister gebraak');
  });
  it('stays where it is not a frame', () => {
    expect(cleanBulletText("I don't know that he ate it")).toBe("I don't know that he ate it");
    expect(cleanBulletText('I know why he limps')).toBe('I know why he limps');
    // (An Afrikaans 'dat' clause ends on its verb: without its frame it would not read as a sentence.)
    expect(cleanBulletText('Ek weet dat hy gister gebraak het', 'af')).toBe(
      'Ek weet dat hy gister gebraak het',
    );
  });
});

describe('a word broken off and said again', () => {
  it('goes, with the comma of the break or before the same opening letter', () => {
    expect(dropCutOffWords('he wa- was eating again')).toBe('he was eating again');
    expect(cleanBulletText('give him a c-, a course of antibiotics')).toBe(
      'Give him a course of antibiotics',
    );
    expect(dropCutOffWords('W-wanneer het dit begin')).toBe('wanneer het dit begin');
    expect(dropCutOffWords("he ... he's been off his food")).toBe("he's been off his food");
  });
  it('keeps a prefix shared by two words and hyphenated words', () => {
    expect(dropCutOffWords('pre- and post-op pain')).toBe('pre- and post-op pain');
    expect(dropCutOffWords('an x-ray of the left fore-limb')).toBe('an x-ray of the left fore-limb');
    expect(dropCutOffWords('a well-known side-effect')).toBe('a well-known side-effect');
    expect(dropCutOffWords("that's what's wrong")).toBe("that's what's wrong");
  });
});
