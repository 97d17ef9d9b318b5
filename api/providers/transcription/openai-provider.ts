import type OpenAI from 'openai';
import { loadOpenAiSdk, type OpenAiSdk } from '../openai-sdk.js';
import { encodeWav } from '../../audio/wav.js';
import { toLanguageCode } from '../../transcription/languages.js';
import {
  TranscriptionProviderError,
  type TranscriptionInput,
  type TranscriptionOutput,
  type TranscriptionProvider,
  type TranscriptSegment,
} from './types.js';

export interface OpenAiProviderOptions {
  /** Unset: OpenAI itself. Else any OpenAI-compatible server (faster-whisper, whisper.cpp server, vLLM…). */
  baseURL?: string | undefined;
  apiKey?: string | undefined;
  model: string;
  /** Whole-request timeout per piece. */
  timeoutMs: number;
  /** Pieces sent at once; a self-hosted CPU server wants 1, OpenAI takes several. */
  concurrency: number;
}

/** OpenAI's upload limit is 25 MB; a 16 kHz mono WAV holds ~13 minutes in that, so pieces stay far below. */
const OPENAI_MAX_PIECE_SECONDS = 600;

interface VerboseSegment {
  start?: number;
  end?: number;
  text?: string;
  avg_logprob?: number;
}

interface VerboseBody {
  text?: string;
  language?: string;
  segments?: VerboseSegment[];
}

/**
 * Transcription through any `/v1/audio/transcriptions` server via the official `openai` client. Asks for
 * `verbose_json` (language and segments); servers and models that refuse it (gpt-4o-transcribe takes only
 * json/text) are remembered and asked for plain `json` from then on.
 */
export class OpenAiTranscriptionProvider implements TranscriptionProvider {
  readonly id = 'openai';
  readonly maxPieceSeconds = OPENAI_MAX_PIECE_SECONDS;
  private client: Promise<{ sdk: OpenAiSdk; client: OpenAI }> | undefined;
  private verbose = true;
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly options: OpenAiProviderOptions) {}

  private connect(): Promise<{ sdk: OpenAiSdk; client: OpenAI }> {
    this.client ??= loadOpenAiSdk().then((sdk) => ({
      sdk,
      client: new sdk.default({
        // A self-hosted server usually needs no key, but the client insists on one.
        apiKey: this.options.apiKey ?? 'not-needed',
        baseURL: this.options.baseURL,
        timeout: this.options.timeoutMs,
        // The service retries nothing itself; the client's 2 retries cover transient 5xx and resets.
        maxRetries: 2,
      }),
    }));
    return this.client;
  }

  async transcribe(input: TranscriptionInput): Promise<TranscriptionOutput> {
    await this.acquire();
    try {
      return await this.request(input);
    } finally {
      this.release();
    }
  }

  private async request(input: TranscriptionInput): Promise<TranscriptionOutput> {
    const { sdk, client } = await this.connect();
    const file = await sdk.toFile(encodeWav(input.pcm, input.sampleRate), 'piece.wav', { type: 'audio/wav' });
    const common = {
      file,
      model: this.options.model,
      ...(input.prompt ? { prompt: input.prompt } : {}),
      ...(input.language ? { language: input.language } : {}),
      temperature: input.temperature ?? 0,
    };
    try {
      // The first call waits for the client to load; a job stopped meanwhile should not send the piece.
      input.signal?.throwIfAborted();
      if (this.verbose) {
        try {
          const body = (await client.audio.transcriptions.create(
            { ...common, response_format: 'verbose_json' },
            { signal: input.signal },
          )) as VerboseBody;
          return fromVerbose(body, input.language);
        } catch (error) {
          // 400 naming the format: this model/server does not do verbose_json; fall back for good.
          if (
            error instanceof sdk.APIError &&
            error.status === 400 &&
            /verbose_json|response_format/i.test(error.message)
          ) {
            this.verbose = false;
          } else throw error;
        }
      }
      const body = await client.audio.transcriptions.create(
        { ...common, response_format: 'json' },
        { signal: input.signal },
      );
      return { text: body.text.trim(), language: input.language };
    } catch (error) {
      throw toProviderError(error, sdk);
    }
  }

  private async acquire(): Promise<void> {
    if (this.active < this.options.concurrency) {
      this.active++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }
}

function fromVerbose(body: VerboseBody, forced: string | undefined): TranscriptionOutput {
  const segments: TranscriptSegment[] = (body.segments ?? []).map((s) => ({
    start: s.start ?? 0,
    end: s.end ?? 0,
    text: (s.text ?? '').trim(),
    ...(typeof s.avg_logprob === 'number' ? { avgLogprob: s.avg_logprob } : {}),
  }));
  const logprobs = (body.segments ?? [])
    .map((s) => s.avg_logprob)
    .filter((v): v is number => typeof v === 'number');
  return {
    text: (body.text ?? segments.map((s) => s.text).join(' ')).trim(),
    language: toLanguageCode(body.language) ?? forced,
    segments: segments.length > 0 ? segments : undefined,
    avgLogprob: logprobs.length > 0 ? logprobs.reduce((a, b) => a + b, 0) / logprobs.length : undefined,
  };
}

/** Upstream failures as messages a vet can act on; the server's own words are kept, credentials are not. */
function toProviderError(error: unknown, sdk: OpenAiSdk): TranscriptionProviderError {
  if (error instanceof TranscriptionProviderError) return error;
  if (error instanceof sdk.APIConnectionTimeoutError) {
    return new TranscriptionProviderError('the transcription server took too long to answer', 504);
  }
  if (error instanceof sdk.APIError) {
    if (error.status === 401 || error.status === 403) {
      return new TranscriptionProviderError(
        'the transcription server refused our API key (check OPENAI_API_KEY)',
        502,
      );
    }
    if (error.status === 429)
      return new TranscriptionProviderError(
        'the transcription service is busy or over quota; try again shortly',
        503,
      );
    if (error.status === undefined)
      return new TranscriptionProviderError('the transcription server could not be reached', 503);
    const message = error.message.replace(/sk-[A-Za-z0-9_-]{6,}/g, 'sk-…').slice(0, 300);
    return new TranscriptionProviderError(
      `the transcription server answered ${error.status}: ${message}`,
      502,
    );
  }
  if (error instanceof Error && error.name === 'AbortError')
    return new TranscriptionProviderError('transcription was cancelled', 503);
  return new TranscriptionProviderError(error instanceof Error ? error.message : String(error), 502);
}
