/**
 * What recording search compares: patient, client and species, case-folded the same way on SQLite and
 * PostgreSQL (issue 19 / issue 14: SQLite's lower() folds only ASCII, so `Ü` never met `ü` in Afrikaans
 * names). The folding happens here, in JavaScript, once per write and once per query, and the databases
 * only compare folded text: the same answer on both, and an index (FTS5 trigram / pg_trgm) can serve it.
 */

/** Between fields, so a term cannot match across two of them. Not a character a search term may hold. */
export const SEARCH_FIELD_SEPARATOR = '\u001f';

/**
 * Unicode case folding as far as JavaScript offers it: canonical composition first (a decomposed `u` +
 * diaeresis equals a precomposed `ü`), then full lower-casing. Accents stay significant (`muller` does not
 * find `Müller`), as in a plain case-insensitive contains.
 */
export function foldForSearch(text: string): string {
  return text.normalize('NFC').toLowerCase();
}

export interface SearchableFields {
  patientName?: string | null | undefined;
  clientName?: string | null | undefined;
  species?: string | null | undefined;
  /** A herd animal's ear tag (issue 20): History finds an animal by its tag even after it was renamed. */
  animalTag?: string | null | undefined;
}

/** The stored `searchText` column of a recording. */
export function searchTextOf(fields: SearchableFields): string {
  const base = [fields.patientName, fields.clientName, fields.species];
  // Rows without a tag keep the three fields exactly as 0006 wrote them.
  return (fields.animalTag ? [...base, fields.animalTag] : base)
    .map((value) => foldForSearch(value ?? ''))
    .join(SEARCH_FIELD_SEPARATOR);
}
