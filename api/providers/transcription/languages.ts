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
 * Below this mean token log-probability a segment the engine calls English is not English it followed:
 * base Whisper reads English at about -0.1 to -0.6, and writes English-sounding words for Afrikaans it
 * cannot follow ('Who comes so say thirdly at the Arthur Marek hit?') at -0.8 to -1.1.
 */
export const UNSURE_ENGLISH_LOGPROB = -0.8;

export interface LanguagePiece {
  language?: string | undefined;
  words: number;
  /** The piece's segments with their words and, where the engine reports it, its confidence. */
  segments?: Array<{ words: number; avgLogprob?: number | undefined }> | undefined;
}

/**
 * transcriptLanguage of a whole recording from its pieces' languages, weighted by how much each piece
 * says. In a practice that consults in English and another language (`unsureAs`, Afrikaans), a
 * segment called English with low confidence counts for the other language: that is what the model
 * turned into English-sounding words (an Afrikaans file was labelled 'mixed' for such a piece, and a
 * mixed one 'en' because its short Afrikaans turns came out that way).
 */
export function summarizeLanguages(pieces: LanguagePiece[], unsureAs?: string): string | undefined {
  const totals = new Map<string, number>();
  const add = (language: string, words: number) => totals.set(language, (totals.get(language) ?? 0) + words);
  for (const piece of pieces) {
    if (!piece.language || piece.words === 0) continue;
    const scored = piece.segments?.filter((segment) => typeof segment.avgLogprob === 'number') ?? [];
    if (
      !unsureAs ||
      piece.language !== 'en' ||
      scored.length === 0 ||
      scored.length !== piece.segments?.length
    ) {
      add(piece.language, piece.words);
      continue;
    }
    for (const segment of scored)
      add(segment.avgLogprob! < UNSURE_ENGLISH_LOGPROB ? unsureAs : piece.language, segment.words);
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
