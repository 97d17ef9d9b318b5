import { describe, expect, it } from 'vitest';
import { normalizeClinicalText } from '../../../api/transcription/clinical-text.js';

describe('normalizeClinicalText', () => {
  it.each([
    ['Temperatuur 39,2 grade.', 'Temperatuur 39.2 grade.'],
    ['Temperature 39 point 2, weight 5 komma 4 kg', 'Temperature 39.2, weight 5.4 kg'],
    ['Meloxicam 0.1mg/kg once daily', 'Meloxicam 0.1 mg/kg once daily'],
    ['give 15 milligrams per kilogram twice daily', 'give 15 mg/kg twice daily'],
    ['draw up 2.5ml', 'draw up 2.5 ml'],
    ['Gee 5 milliliter', 'Gee 5 ml'],
    ['She weighs 480 kilograms', 'She weighs 480 kg'],
    ['about 5 percent dehydrated', 'about 5% dehydrated'],
    ['ongeveer 5 persent gedehidreer', 'ongeveer 5% gedehidreer'],
    ['1.1 mg / kg flunixin', '1.1 mg/kg flunixin'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeClinicalText(input)).toBe(expected);
  });

  it('leaves thousands, lists, times and plain words alone', () => {
    expect(normalizeClinicalText('The herd of 1,500 head')).toBe('The herd of 1,500 head');
    expect(normalizeClinicalText('cows 214, 187, 305')).toBe('cows 214, 187, 305');
    expect(normalizeClinicalText('a few kilograms of feed at 10:30')).toBe(
      'a few kilograms of feed at 10:30',
    );
    expect(normalizeClinicalText('the point is, the comma')).toBe('the point is, the comma');
  });
});
