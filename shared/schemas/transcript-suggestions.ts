import { z } from 'zod';

/** The longest transcript the suggestion pass reads (the notes extractor's own limit). */
export const SUGGESTIONS_MAX_CHARACTERS = 200_000;

/**
 * A word the transcription heard where the vocabulary prompt had written a term the audio did not confirm
 * ('cylinder' where the prompt wrote 'penicillin'): the term is offered wherever the word stands.
 */
export const TermHintSchema = z.strictObject({
  heard: z.string().trim().min(1).max(60),
  suggestion: z.string().trim().min(1).max(60),
});
export type TermHint = z.infer<typeof TermHintSchema>;

/** POST /api/transcript/suggestions: the transcript text as it stands in the editor. */
export const TranscriptSuggestionsRequestSchema = z.strictObject({
  text: z
    .string()
    .max(SUGGESTIONS_MAX_CHARACTERS, `The transcript is limited to ${SUGGESTIONS_MAX_CHARACTERS} characters`),
  /** The term hints POST /api/transcribe returned for this recording. */
  hints: z.array(TermHintSchema).max(100, 'At most 100 hints').optional(),
});

/** A likely mishearing of a clinical term: [start, end) character offsets in the text, and the term. */
export const LexiconSuggestionSchema = z.object({
  start: z.number().int(),
  end: z.number().int(),
  heard: z.string(),
  suggestion: z.string(),
});

export const TranscriptSuggestionsResponseSchema = z.object({
  suggestions: z.array(LexiconSuggestionSchema),
});
export type TranscriptSuggestionsResponse = z.infer<typeof TranscriptSuggestionsResponseSchema>;
