import { describe, expect, it } from 'vitest';
import { isEnglishWord } from '../../../api/transcription/english-words.js';
import { acceptSuggestion, findMishearings, soundKey } from '#shared/transcript/lexicon-check.js';

const check = (text: string) =>
  findMishearings(text, { isWord: isEnglishWord }).map((s) => [s.heard, s.suggestion]);

describe('clinical-lexicon pass', () => {
  it('marks the mishearings seen on unseen consultations, with the term (issue 18)', () => {
    expect(check('She is on methodonate 0.2 mg/kg.')).toEqual([['methodonate', 'methadone']]);
    expect(check('Newcastle membranes are pink and moist.')).toEqual([
      ['Newcastle membranes', 'mucous membranes'],
    ]);
    expect(check('We gave polymalantant in venom, two vials.')).toEqual([
      ['polymalantant in venom', 'polyvalent antivenom'],
    ]);
    expect(check('Heart rate 166 to beat per minute.')).toEqual([['beat per minute', 'beats per minute']]);
  });

  it('works on Afrikaans: split words, spellings of the same sounds', () => {
    expect(check('Die slym vliese is bleek.')).toEqual([['slym vliese', 'slymvliese']]);
    expect(check('Sy kry metadoon vir die pyn.')).toEqual([['metadoon', 'methadone']]);
    expect(check('Die koei se temperativer is 39.5.')).toEqual([['temperativer', 'temperatuur']]);
  });

  it('leaves terms, trade names, ordinary words and phrases of function words alone', () => {
    for (const text of [
      'I gave meloxicam and Metacam, and the mucous membranes are pink.',
      'The method is fine; the dental and rectal exams were normal, the kitten is swollen.',
      'Met die koei is dit klaar, Dokter; die prognose is goed.',
      'Heart rate 120 beats per minute, dehydration mild.',
    ]) {
      expect(check(text), text).toEqual([]);
    }
  });

  it('gives offsets into the text, and accepting replaces exactly those words', () => {
    const text = 'Start methodonate now. Newcastle membranes pale.';
    const found = findMishearings(text, { isWord: isEnglishWord });
    expect(found.map((s) => text.slice(s.start, s.end))).toEqual(['methodonate', 'Newcastle membranes']);
    const once = acceptSuggestion(text, found[1]!);
    expect(once).toBe('Start methodonate now. mucous membranes pale.');
    expect(acceptSuggestion(once, findMishearings(once, { isWord: isEnglishWord })[0]!)).toBe(
      'Start methadone now. mucous membranes pale.',
    );
  });

  it('keys sounds the same across spellings', () => {
    expect(soundKey('methadone')).toBe(soundKey('metadoon'));
    expect(soundKey('phenylbutazone')).toBe(soundKey('fenylbutasone'));
  });
});
