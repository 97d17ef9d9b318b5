import fs from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The English word list (an-array-of-english-words, ~275,000 words) for the clinical-lexicon pass: an
 * ordinary word ('dental', 'kitten') is never marked as a misheard drug name. Loaded on first use and
 * kept; about 3 MB, so it stays on the server (the review page asks the API for its suggestions).
 */
let words: Set<string> | undefined;

export function isEnglishWord(word: string): boolean {
  if (!words) {
    const file = createRequire(import.meta.url).resolve('an-array-of-english-words/index.json');
    words = new Set(JSON.parse(fs.readFileSync(file, 'utf8')) as string[]);
  }
  return words.has(word.toLowerCase());
}
