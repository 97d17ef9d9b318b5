import { describe, expect, it } from 'vitest';
import { cleanBulletText } from '#shared/notes/bullets.js';

describe('bullet endings', () => {
  it('drops the conjunction or article a clause cut mid-breath leaves dangling', () => {
    expect(cleanBulletText('I was trying to change a light bulb, and')).toBe(
      'I was trying to change a light bulb',
    );
    expect(cleanBulletText('There is tenderness when I flex the')).toBe('There is tenderness when I flex');
    expect(cleanBulletText('Sy eet minder maar', 'af')).toBe('Sy eet minder');
  });
  it('keeps a negation, a particle or a number at the end', () => {
    expect(cleanBulletText('Hy eet nie', 'af')).toBe('Hy eet nie');
    expect(cleanBulletText('Bring him in')).toBe('Bring him in');
    expect(cleanBulletText('Heart rate 140')).toBe('Heart rate 140');
  });
});
