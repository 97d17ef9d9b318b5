import {
  ExtractRequestSchema,
  MAX_TRANSCRIPT_CHARS,
  type ExtractRequest,
  type ExtractResponse,
} from '#shared/schemas/clinical.js';
import type { Config } from '../config.js';
import { describeZodError, HttpError } from '../http/errors.js';
import { currentLogger } from '../logging/logger.js';
import { ExtractorBusyError } from '../providers/notes/embedded.js';
import type { HerdVisitNotes } from '#shared/schemas/herd.js';
import {
  createNotesExtractor,
  EmbeddedNotesExtractor,
  FALLBACK_WARNING,
  type NotesExtractor,
} from '../providers/notes/index.js';

export const TRANSCRIPT_REQUIRED = 'Transcript is required';
export const transcriptTooLong = (limit: number) =>
  `Transcript is too long (limit ${limit.toLocaleString('en-ZA')} characters)`;

/**
 * POST /api/extract behind the route: validates the request, runs the configured extractor, and never lets a
 * provider failure become a 500 (the embedded extractor answers instead, with a warning).
 */
export class NotesService {
  constructor(
    readonly extractor: NotesExtractor,
    /** The one fallback (the extractor itself when NOTES_PROVIDER=embedded). */
    readonly embedded: EmbeddedNotesExtractor = new EmbeddedNotesExtractor(),
    readonly maxTranscriptChars = MAX_TRANSCRIPT_CHARS,
  ) {}

  /** The request as the extractor needs it; HttpError 400/413 with the message the client shows. */
  parse(body: unknown): ExtractRequest {
    const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const transcript = record.transcript;
    if (typeof transcript !== 'string' || transcript.trim() === '')
      throw new HttpError(400, TRANSCRIPT_REQUIRED);
    if (transcript.length > this.maxTranscriptChars)
      throw new HttpError(413, transcriptTooLong(this.maxTranscriptChars));
    // The client omits preConsultationData when empty (spec §7); an explicit null means the same.
    const cleaned = Object.fromEntries(Object.entries(record).filter(([, value]) => value !== null));
    const parsed = ExtractRequestSchema.safeParse(cleaned);
    if (!parsed.success) throw new HttpError(400, describeZodError(parsed.error));
    return parsed.data;
  }

  async extract(request: ExtractRequest, signal?: AbortSignal): Promise<ExtractResponse> {
    try {
      return await this.extractor.extract(request, signal);
    } catch (error) {
      if (signal?.aborted) throw error;
      // The embedded extractor's queue is full: falling back to it would only queue again.
      if (error instanceof ExtractorBusyError)
        throw new HttpError(503, error.message, { 'Retry-After': '5' });
      // The embedded extractor failing has nothing behind it to fall back to.
      if (this.extractor === this.embedded) throw error;
      currentLogger({ component: 'notes' }).warn(
        { extractor: this.extractor.id, reason: error instanceof Error ? error.message : String(error) },
        'extractor failed; using the embedded one',
      );
      const fallback = await this.embedded.extract(request);
      return { ...fallback, warnings: [FALLBACK_WARNING, ...(fallback.warnings ?? [])] };
    }
  }

  /** A herd visit split per animal, off the event loop; 503 + Retry-After when the notes thread is full. */
  async splitHerdVisit(request: ExtractRequest): Promise<HerdVisitNotes> {
    try {
      return await this.embedded.splitHerdVisit(request);
    } catch (error) {
      if (error instanceof ExtractorBusyError)
        throw new HttpError(503, error.message, { 'Retry-After': '5' });
      throw error;
    }
  }
}

export function createNotesService(config: Config): NotesService {
  const embedded = new EmbeddedNotesExtractor();
  return new NotesService(createNotesExtractor(config, embedded), embedded);
}
