/**
 * Whisper servers name languages two ways: ISO codes (whisper.cpp, faster-whisper) or English names
 * (OpenAI's verbose_json: "afrikaans"). Everything inside the product uses ISO 639-1 codes.
 */
const NAMES: Record<string, string> = {
  afrikaans: 'af',
  english: 'en',
  dutch: 'nl',
  flemish: 'nl',
  german: 'de',
  latin: 'la',
  zulu: 'zu',
  xhosa: 'xh',
  sotho: 'st',
  tswana: 'tn',
  french: 'fr',
  portuguese: 'pt',
};

export function toLanguageCode(value: string | undefined | null): string | undefined {
  if (!value) return undefined;
  const lower = value.trim().toLowerCase();
  if (/^[a-z]{2,3}$/.test(lower)) return lower;
  return NAMES[lower] ?? lower;
}

/**
 * transcriptLanguage of a whole recording from its pieces' languages, weighted by how much each piece says.
 * (Counting English the model was unsure of for the practice's other language was tried in issue 18: it
 * fixed an Afrikaans file labelled 'mixed' but labelled a mixed contract file 'af' — the same evidence
 * points both ways on base Whisper, so the engine's own word stands.)
 */
export function summarizeLanguages(
  pieces: Array<{ language?: string | undefined; words: number }>,
): string | undefined {
  const totals = new Map<string, number>();
  for (const piece of pieces) {
    if (!piece.language || piece.words === 0) continue;
    totals.set(piece.language, (totals.get(piece.language) ?? 0) + piece.words);
  }
  const all = [...totals.values()].reduce((a, b) => a + b, 0);
  if (all === 0) return undefined;
  const ranked = [...totals.entries()].sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  // 'mixed' when a second language carries at least 15% of the words: a real code-switched consultation,
  // not one misheard piece.
  if (second && second[1] / all >= 0.15) return 'mixed';
  return first?.[0];
}

/**
 * Function words only one of the two languages has ('the', 'she' / 'die', 'nie'): which language a
 * reading's words are in, whatever the engine said it heard.
 */
const AFRIKAANS_ONLY = new Set([
  'die',
  'het',
  'nie',
  'ek',
  'ons',
  'jy',
  'vir',
  'moet',
  'gaan',
  'haar',
  'hom',
  'daar',
  'wat',
  'ook',
  'maar',
  'sal',
  'baie',
  'dit',
  "'n",
  'nog',
  'toe',
  'en',
  'sy',
  'hy',
  'van',
  'met',
  'kan',
  'om',
  'te',
  'na',
]);
const ENGLISH_ONLY = new Set([
  'the',
  'and',
  'she',
  'he',
  'with',
  'what',
  'was',
  'you',
  'this',
  'that',
  'have',
  'has',
  'her',
  'him',
  'there',
  'also',
  'but',
  'will',
  'can',
  'to',
  'of',
  'it',
  'at',
  'for',
  'not',
]);

/** 'en' or 'af' when a text's function words clearly lean one way (at least three more of one), else undefined. */
export function leansTo(text: string): 'af' | 'en' | undefined {
  let af = 0;
  let en = 0;
  for (const word of text.toLowerCase().match(/[\p{L}']+/gu) ?? []) {
    if (AFRIKAANS_ONLY.has(word) && !ENGLISH_ONLY.has(word)) af++;
    else if (ENGLISH_ONLY.has(word) && !AFRIKAANS_ONLY.has(word)) en++;
  }
  if (en >= af + 3 && en > 2 * af) return 'en';
  if (af >= en + 3 && af > 2 * en) return 'af';
  return undefined;
}
