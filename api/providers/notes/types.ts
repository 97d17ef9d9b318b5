import type { ExtractRequest, ExtractResponse } from '#shared/schemas/clinical.js';

/** Turns a transcript into SOAP notes. Implementations never throw for bad model output; they fall back. */
export interface NotesExtractor {
  readonly id: 'embedded' | 'openai';
  extract(request: ExtractRequest, signal?: AbortSignal): Promise<ExtractResponse>;
}
