import type { Config } from '../../config.js';
import { EmbeddedNotesExtractor } from './embedded.js';
import { OpenAiNotesExtractor } from './openai.js';
import type { NotesExtractor } from './types.js';

export type { NotesExtractor } from './types.js';
export { EmbeddedNotesExtractor } from './embedded.js';
export { OpenAiNotesExtractor, FALLBACK_WARNING, NotesProviderError } from './openai.js';

/** The notes extractor NOTES_PROVIDER selects (NotesService keeps the embedded one behind it). */
export function createNotesExtractor(config: Config, embedded: EmbeddedNotesExtractor): NotesExtractor {
  if (config.NOTES_PROVIDER === 'embedded') return embedded;
  return new OpenAiNotesExtractor({
    baseURL: config.OPENAI_BASE_URL,
    apiKey: config.OPENAI_API_KEY,
    model: config.NOTES_OPENAI_MODEL,
    timeoutMs: config.NOTES_OPENAI_TIMEOUT_SECONDS * 1000,
  });
}
