/**
 * Afrikaans spells international drug names by its own rules — 'penisillien', 'gentamisien', 'oksitetrasiklien',
 * 'deksametasoon', 'furosemied', 'prokaïen' — so a formulary in English spelling misses what an Afrikaans
 * transcript writes. These are the regular correspondences, applied to each word of a name; irregular spellings
 * stay in the formulary's aliases.
 */

const ENDINGS: Array<[RegExp, string]> = [
  [/aine$/u, 'aïen'],
  [/ine$/u, 'ien'],
  [/in$/u, 'ien'],
  [/one$/u, 'oon'],
  [/ole$/u, 'ool'],
  [/ide$/u, 'ied'],
  [/ate$/u, 'aat'],
  [/ene$/u, 'een'],
  [/tal$/u, 'taal'],
];

/** One word in Afrikaans spelling ('gentamicin' → 'gentamisien'), or the word itself when nothing applies. */
function afrikaansWord(word: string): string {
  let out = word
    .replace(/ph/gu, 'f')
    .replace(/th/gu, 't')
    .replace(/ck/gu, 'k')
    .replace(/x/gu, 'ks')
    .replace(/qu/gu, 'kw')
    .replace(/z/gu, 's')
    .replace(/c(?=[eiy])/gu, 's')
    .replace(/c/gu, 'k')
    .replace(/y/gu, 'i');
  for (const [ending, replacement] of ENDINGS) {
    if (ending.test(out)) {
      out = out.replace(ending, replacement);
      break;
    }
  }
  return out;
}

/** The Afrikaans spellings of a drug name that differ from it: words joined by a space and by a hyphen. */
export function afrikaansSpellings(name: string): string[] {
  const words = name
    .toLowerCase()
    .split(/[\s-]+/u)
    .filter(Boolean);
  // Short words and brand-like names (digits) are left alone: 'b12', 'iv', 'la'.
  const spelled = words.map((word) => (word.length < 5 || /\d/u.test(word) ? word : afrikaansWord(word)));
  const spaced = spelled.join(' ');
  if (spaced === words.join(' ')) return [];
  return spelled.length > 1 ? [spaced, spelled.join('-')] : [spaced];
}
