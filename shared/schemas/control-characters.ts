/**
 * C0 control characters other than tab, line feed and carriage return. None belongs in anything a vet or a
 * client types; NUL in particular broke PostgreSQL (500) and made SQLite's search match every recording.
 * The API refuses them in every JSON body (api/http/control-characters.ts); query and path fields that
 * reach the database refine with `withoutControlCharacters`.
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

export const controlCharacterMessage = (field: string, character?: string) =>
  `${field.length > 80 ? `${field.slice(0, 80)}…` : field} must not contain control characters${
    character === undefined
      ? ''
      : ` (U+${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')})`
  }`;

/** A zod refinement: `z.string().refine(...withoutControlCharacters('q'))`. */
export const withoutControlCharacters = (field: string) =>
  [(value: string) => !CONTROL_CHARACTERS.test(value), { error: controlCharacterMessage(field) }] as const;
