import { describe, expect, it } from 'vitest';
import { cleanBulletText } from '#shared/notes/bullets.js';
import { extractClinicalNotes } from '#shared/notes/index.js';

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

describe('what is left beside a measured value', () => {
  const objective = (transcript: string) =>
    extractClinicalNotes({ transcript }).clinicalData.objective.split('\n');

  it('keeps a qualifier with its value instead of a bullet of its own', () => {
    expect(objective('Sy temperatuur is 37,4, effe laag. Die hartklop is 150 en hy hyg nie.')).toContain(
      'Temperatuur: 37.4 °C (effe laag)',
    );
    expect(objective('Temperature 38.9, normal, heart rate 88.')).toContain('Temperature: 38.9 °C (normal)');
    expect(objective('Heart rate 90, estimated weight 230 kg.')).toContain('Weight: 230 kg (estimated)');
    expect(objective('Die koei lyk swak. Geskatte gewig 480 kg, en haar temperatuur is 39,1.')).toContain(
      'Gewig: 480 kg (geskatte)',
    );
  });
  it('drops a pronoun or a time word left alone, and an estimate whose value is in the next sentence', () => {
    const bullets = objective('Haar gewig is 55 kg vandag. Asemhaling 52 per minuut, geskatte. Gewig 60 kg.');
    expect(bullets).not.toContain('Haar');
    expect(bullets).not.toContain('Vandag');
    expect(bullets.some((text) => /^Ge?skat/iu.test(text))).toBe(false);
    expect(bullets.find((text) => text.includes('52'))).not.toMatch(/geskat/u);
  });
  it("joins a judgement of the value said just before to that value's bullet", () => {
    const bullets = objective(
      "The fructosamine came back at 540 micromoles per litre. That's high. Weight 1.8 kg, which is down from 2.1 kg in May. Heart rate 150, weak.",
    );
    expect(bullets).toContain("The fructosamine came back at 540 micromoles per litre; that's high");
    expect(bullets).toContain('Weight: 1.8 kg; which is down from 2.1 kg in May');
    expect(bullets).toContain('Heart rate: 150 bpm (weak)');
  });
  it('drops a line that only says which animal comes next: its group already names it', () => {
    const bullets = objective(
      "Let's look. Ewe 204 first. Her eyelids are very pale and she has bottle jaw. FAMACHA 4. Next, ewe 377. FAMACHA 3, condition 2.5 out of 5.",
    );
    expect(bullets).toEqual([
      'Ewe 204 — Her eyelids are very pale and she has bottle jaw; FAMACHA: 4',
      'Ewe 377 — FAMACHA: 3; condition 2.5 out of 5',
    ]);
  });
});
