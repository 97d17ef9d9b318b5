import { describe, expect, it } from 'vitest';
import { splitUtterances } from '#shared/notes/index.js';
import { classified, sectionOf } from './classified.js';

describe('news of a person inside one breath of speech-engine text', () => {
  const lines = [
    [
      "we'll take bloods for a full count and a liver panel today her brother is in hospital in george with his heart again",
      'her brother is in hospital',
    ],
    [
      'ek gee vir hom vandag die eerste inspuiting pieter het vertel sy suster trou volgende maand in die kaap',
      'pieter het vertel sy suster',
    ],
    [
      'recheck the wound on thursday mrs naidoo told me about her own knee replacement at the weekend',
      'mrs naidoo told me about her own',
    ],
  ] as const;
  it('starts a new utterance where the person becomes the subject', () => {
    for (const [line, news] of lines) {
      const texts = splitUtterances(line).map((u) => u.text);
      expect(
        texts.some((t) => t.startsWith(news)),
        `${line} → ${texts.join(' | ')}`,
      ).toBe(true);
    }
  });
  it('leaves the news out and keeps the clinical part', () => {
    for (const [line, news] of lines) {
      const result = classified(line);
      expect(sectionOf(result, news), line).toBe('left');
      expect(sectionOf(result, line.slice(0, 15)), line).toBe('P');
    }
  });
  it('does not cut a report of what the animal did', () => {
    const texts = splitUtterances(
      'and then yesterday evening he started limping my husband says he yelped',
    ).map((u) => u.text);
    expect(texts.join(' | ')).not.toMatch(/\| he yelped/u);
  });
});
