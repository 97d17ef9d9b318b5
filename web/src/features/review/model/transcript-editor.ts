/**
 * The Full Transcript editor (spec section 4: unchanged → dirty → update pending). Pure so the enabling
 * rule of 'Update Clinical Notes' is tested without a browser.
 */

export const TRANSCRIPT_UPDATE_FAILED = 'Failed to update clinical notes. Please try again.';

export type TranscriptEditorState = 'unchanged' | 'dirty' | 'updating';

export function transcriptEditorState(
  original: string,
  draft: string,
  updating: boolean,
): TranscriptEditorState {
  if (updating) return 'updating';
  return draft === original ? 'unchanged' : 'dirty';
}

/** Enabled only when the text differs from the original and no update is running (spec section 2). */
export function canUpdateTranscript(original: string, draft: string, updating: boolean): boolean {
  return transcriptEditorState(original, draft, updating) === 'dirty';
}

/** The server's error text when it gave one, else the spec's fallback (spec section 8). */
export function transcriptUpdateError(serverError: string | undefined | null): string {
  return serverError && serverError.trim() !== '' ? serverError : TRANSCRIPT_UPDATE_FAILED;
}
