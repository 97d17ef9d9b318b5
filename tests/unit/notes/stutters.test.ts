import { describe, expect, it } from 'vitest';
import { cleanBulletText, collapseRepeats } from '#shared/notes/bullets.js';

describe('stutters and self-repairs', () => {
  it('collapses a word or a short run said again after the speaker broke off', () => {
    expect(collapseRepeats('She was, she was limping on it')).toBe('She was limping on it');
    expect(collapseRepeats('the left, the left hind leg')).toBe('the left hind leg');
    expect(collapseRepeats('Hy het, hy het gisteraand gebraak')).toBe('Hy het gisteraand gebraak');
    expect(collapseRepeats('My, my dog')).toBe('My dog');
  });
  it('collapses a stutter that a filler sat in', () => {
    expect(cleanBulletText('The wound, uh, the wound looks clean')).toBe('The wound looks clean');
    expect(cleanBulletText('Die, ag, die oog is rooi', 'af')).toBe('Die oog is rooi');
  });
  it('keeps numbers, lists and runs that are not broken off', () => {
    expect(collapseRepeats('give 2, 2 tablets')).toBe('give 2, 2 tablets');
    expect(collapseRepeats('left side, right side')).toBe('left side, right side');
    expect(collapseRepeats('no pain and no pain on flexion')).toBe('no pain and no pain on flexion');
  });
});
