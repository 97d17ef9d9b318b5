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

/** transcriptLanguage of a whole recording from its pieces' languages, weighted by how much each piece says. */
export function summarizeLanguages(pieces: Array<{ language?: string | undefined; words: number }>): string | undefined {
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
