import type OpenAI from 'openai';
import { loadOpenAiSdk } from '../openai-sdk.js';
import { z } from 'zod';
import { alignNotes, completeResponse } from '#shared/notes/index.js';
import type { ExtractRequest, ExtractResponse } from '#shared/schemas/clinical.js';
import { NOTES_PROMPT_VERSION, NOTES_SYSTEM_PROMPT, notesUserMessage } from './prompt.js';
import type { NotesExtractor } from './types.js';

/** What the model must return: the four SOAP texts, nothing else. */
export const ModelNotesSchema = z.object({
  subjective: z.string(),
  objective: z.string(),
  assessment: z.string(),
  plan: z.string(),
});
type ModelNotes = z.infer<typeof ModelNotesSchema>;

/** The JSON schema sent as response_format, derived from the zod schema so the two cannot drift. */
export function modelNotesJsonSchema(): Record<string, unknown> {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(ModelNotesSchema) as Record<string, unknown>;
  return schema;
}

export interface OpenAiNotesOptions {
  /** Unset: OpenAI itself; else any OpenAI-compatible chat server. */
  baseURL?: string | undefined;
  apiKey?: string | undefined;
  model: string;
  timeoutMs: number;
}

export const FALLBACK_WARNING =
  'The AI notes service did not return usable notes; these notes were written by the built-in extractor.';

class UnusableOutputError extends Error {}

/** The model gave no usable notes (off-schema twice, or an API failure); NotesService falls back to the embedded extractor. */
export class NotesProviderError extends Error {}

/**
 * Notes from a chat model (chat.completions with a json_schema response format), validated with zod.
 * Malformed or off-schema output is retried once; then, as on any API error, it throws NotesProviderError and
 * NotesService lets the embedded extractor answer, with a warning. Model bullets get the same evidence alignment and safety pass as embedded ones, and a bullet
 * the transcript does not support is dropped.
 */
export class OpenAiNotesExtractor implements NotesExtractor {
  readonly id = 'openai' as const;
  private client: Promise<OpenAI> | undefined;

  constructor(private readonly options: OpenAiNotesOptions) {}

  private connect(): Promise<OpenAI> {
    this.client ??= loadOpenAiSdk().then(
      ({ default: OpenAI }) =>
        new OpenAI({
          apiKey: this.options.apiKey ?? 'not-needed',
          baseURL: this.options.baseURL,
          timeout: this.options.timeoutMs,
          // Transport retries would double the wait before the fallback; the one retry below is for bad output.
          maxRetries: 0,
        }),
    );
    return this.client;
  }

  async extract(request: ExtractRequest, signal?: AbortSignal): Promise<ExtractResponse> {
    let lastProblem = '';
    for (let attempt = 1; attempt <= 2; attempt++) {
      try {
        const notes = await this.ask(request, signal);
        return this.toResponse(request, notes);
      } catch (error) {
        if (signal?.aborted) throw error;
        lastProblem = error instanceof Error ? error.message : String(error);
        // Only unusable output is worth a second try; an API failure will not mend itself in milliseconds.
        if (!(error instanceof UnusableOutputError)) break;
      }
    }
    throw new NotesProviderError(`openai notes (${NOTES_PROMPT_VERSION}): ${lastProblem}`);
  }

  private async ask(request: ExtractRequest, signal?: AbortSignal): Promise<ModelNotes> {
    const client = await this.connect();
    const completion = await client.chat.completions.create(
      {
        model: this.options.model,
        temperature: 0,
        messages: [
          { role: 'system', content: NOTES_SYSTEM_PROMPT },
          { role: 'user', content: notesUserMessage(request) },
        ],
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'soap_notes', strict: true, schema: modelNotesJsonSchema() },
        },
      },
      signal ? { signal } : undefined,
    );
    const content = completion.choices[0]?.message?.content;
    if (!content) throw new UnusableOutputError('empty completion');
    let parsed: unknown;
    try {
      parsed = JSON.parse(content);
    } catch {
      throw new UnusableOutputError('completion is not JSON');
    }
    const result = ModelNotesSchema.safeParse(parsed);
    if (!result.success)
      throw new UnusableOutputError(`completion is off-schema: ${result.error.issues[0]?.message ?? ''}`);
    return result.data;
  }

  private toResponse(request: ExtractRequest, notes: ModelNotes): ExtractResponse {
    const aligned = alignNotes(request.transcript, notes, request.segments);
    const warnings: string[] = [];
    if (aligned.unsupported.length > 0) {
      warnings.push(
        `${aligned.unsupported.length} bullet(s) from the AI model were left out because the transcript does not support them.`,
      );
    }
    return completeResponse(request, aligned.sections, aligned.evidence, warnings);
  }
}
