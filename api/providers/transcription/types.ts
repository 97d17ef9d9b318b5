/** One piece of audio handed to a provider: 16 kHz mono 16-bit PCM, at most a few minutes long. */
export interface TranscriptionInput {
  pcm: Int16Array;
  sampleRate: number;
  /** Spelling hints (Whisper's initial prompt): vocabulary and names, at most ~200 tokens. */
  prompt?: string | undefined;
  /** ISO 639-1 code to force; omitted means the provider detects the language. */
  language?: string | undefined;
  /** Sampling temperature; omitted is 0 (greedy). The service raises it only to break a decoding loop. */
  temperature?: number | undefined;
  signal?: AbortSignal | undefined;
}

export interface TranscriptSegment {
  /** Seconds from the start of the piece. */
  start: number;
  end: number;
  text: string;
  /** Mean token log-probability of the segment, when the provider reports it: how sure the model was. */
  avgLogprob?: number | undefined;
}

export interface TranscriptionOutput {
  text: string;
  /** ISO 639-1 code of the language the provider heard or was told, when it says. */
  language?: string | undefined;
  segments?: TranscriptSegment[] | undefined;
  /** Mean token log-probability, when the provider reports it (verbose_json): a confidence for retries. */
  avgLogprob?: number | undefined;
}

/**
 * A speech-to-text engine. Implementations take care of their own concurrency limits; the service
 * calls `transcribe` once per piece of a recording.
 */
export interface TranscriptionProvider {
  /** Configuration id: 'openai' or 'local'. */
  readonly id: string;
  /** Largest piece in seconds this provider accepts in one call (OpenAI: 25 MB upload). */
  readonly maxPieceSeconds: number;
  transcribe(input: TranscriptionInput): Promise<TranscriptionOutput>;
  /** Loads models ahead of the first request (WHISPER_WARM_UP=on, at boot). */
  warmUp?(): Promise<void>;
  /** Stops what the engine holds (host processes) at shutdown. */
  close?(): Promise<void>;
}

/** The provider failed for a reason the user should see ('Transcription failed: …'), status chosen by cause. */
export class TranscriptionProviderError extends Error {
  constructor(
    message: string,
    /** 502: the upstream server failed; 503: the engine is not available (model missing, offline); 504: timed out. */
    readonly status: 502 | 503 | 504 = 502,
  ) {
    super(message);
  }
}
