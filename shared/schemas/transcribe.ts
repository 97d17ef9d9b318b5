import { z } from 'zod';
import { TranscriptSegmentSchema } from './clinical.js';
import { LexiconSuggestionSchema, TermHintSchema } from './transcript-suggestions.js';

/** A timed piece of the transcript as POST /api/transcribe returns it: with the language it was heard in. */
export const TranscribedSegmentSchema = TranscriptSegmentSchema.extend({
  /** ISO 639-1 code of the piece, when the engine said. */
  language: z.string().optional(),
});
export type TranscribedSegment = z.infer<typeof TranscribedSegmentSchema>;

/** 200 of POST /api/transcribe, and the `result` of its progress once an async job is done. */
export const TranscribeResponseSchema = z.object({
  transcript: z.string(),
  /** 'af', 'en', 'mixed' (both languages carry real parts), or another code; null when nothing was said. */
  transcriptLanguage: z.string().nullable(),
  durationSeconds: z.number(),
  pieces: z.number(),
  segments: z.array(TranscribedSegmentSchema),
  /** Likely mishearings of clinical terms (issue 18), shown in the transcript editor; never applied. */
  suggestions: z.array(LexiconSuggestionSchema),
  /** Prompt terms the audio did not confirm, with the word heard in their place: sent back with edits. */
  termHints: z.array(TermHintSchema),
  /** 'Powered by …' name of the engine. */
  provider: z.string(),
});
export type TranscribeResponse = z.infer<typeof TranscribeResponseSchema>;

/** 202 of POST /api/transcribe with `Prefer: respond-async`: follow progressUrl for the result. */
export const TranscribeAcceptedSchema = z.object({
  id: z.string(),
  stage: z.string(),
  progressUrl: z.string(),
});
export type TranscribeAccepted = z.infer<typeof TranscribeAcceptedSchema>;
