import type { ExtractRequest, ExtractResponse } from '../../../shared/schemas/clinical.js';
import { extractClinicalNotes } from '../../../shared/notes/index.js';
import type { NotesExtractor } from './types.js';

/** The built-in deterministic bilingual extractor: no model, no network, same code as the browser runs. */
export class EmbeddedNotesExtractor implements NotesExtractor {
  readonly id = 'embedded' as const;

  extract(request: ExtractRequest): Promise<ExtractResponse> {
    return Promise.resolve(extractClinicalNotes(request));
  }
}
