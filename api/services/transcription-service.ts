import { ACCEPTED_AUDIO_DESCRIPTION, sniffAudioContainer, type AudioContainer } from '../audio/sniff.js';
import { AudioDecodeError, decodeToPcm, SAMPLE_RATE } from '../audio/ffmpeg.js';
import { splitAtSilences, type AudioPiece } from '../audio/split.js';
import { stitchTexts } from '../audio/stitch.js';
import { audioTooLargeMessage } from '#shared/format/audio-limit.js';
import { normalizeClinicalText } from '../transcription/clinical-text.js';
import { summarizeLanguages } from '../transcription/languages.js';
import type { ProgressChange } from '../transcription/progress.js';
import { echoesPrompt } from '../transcription/prompt-echo.js';
import { promptTerms, termHints, transcriptSuggestions } from '../transcription/prompt-leak.js';
import { checkPromptLeaks, type LeakCandidate, type LeakState } from '../transcription/leak-check.js';
import { foreignCharacters, hasForeignScript, markForeignScript } from '../transcription/script-filter.js';
import { collapseRepetitionLoops } from '../transcription/repetition-loops.js';
import { withTemperatureFallback } from '../transcription/temperature-fallback.js';
import {
  CARRY_AFTER_PIECES,
  heldInFallback,
  isConfidentIn,
  readsAsFallback,
  type LanguageTally,
} from '../transcription/language-stretch.js';
import type {
  TranscriptionInput,
  TranscriptionOutput,
  TranscriptionProvider,
} from '../providers/transcription/types.js';
import { buildVocabularyPrompt, type PreConsultationHints } from '../transcription/vocabulary.js';
import type { Config } from '../config.js';
import { createTranscriptionProvider } from '../providers/transcription/index.js';
import type { TermHint } from '#shared/schemas/transcript-suggestions.js';
import type { LexiconSuggestion } from '#shared/transcript/lexicon-check.js';

/** A bad upload, answered with its own 4xx and a message the recorder shows in its banner. */
export class AudioInputError extends Error {
  constructor(
    readonly status: 400 | 413 | 415 | 422,
    message: string,
  ) {
    super(message);
  }
}

export interface TranscriptionSettings {
  maxAudioBytes: number;
  maxAudioSeconds: number;
  /** Longest piece sent to the provider; pieces are cut at pauses below this. */
  pieceSeconds: number;
  /** Pieces in flight at once (the provider may queue further). */
  concurrency: number;
  /** Languages a consultation may be in (ISO codes); another detection is retried in the fallback. */
  languages: string[];
  /** Whether pieces are read with the vocabulary prompt (default on). */
  prompt?: boolean | undefined;
  ffmpegPath?: string | undefined;
}

export interface TranscriptionRequest {
  audio: Uint8Array;
  preConsultation?: PreConsultationHints;
  /** The practice's own vocabulary from Settings, for the prompt. */
  vocabulary?: string | null | undefined;
  /** Told each step (decoding, pieces done), when the job's progress is followed. */
  onProgress?: ((change: ProgressChange) => void) | undefined;
  signal?: AbortSignal | undefined;
}

export interface TranscriptSegmentOut {
  start: number;
  end: number;
  text: string;
  language?: string | undefined;
}

export interface TranscriptionResult {
  transcript: string;
  /** 'af', 'en', 'mixed' (both languages carry real parts of it), or another code; null when silent. */
  transcriptLanguage: string | null;
  container: AudioContainer;
  durationSeconds: number;
  pieces: number;
  segments: TranscriptSegmentOut[];
  /** Likely mishearings of clinical terms in the transcript, for the vet to accept or not (never applied). */
  suggestions: LexiconSuggestion[];
  /** Prompt terms the audio did not confirm, with the word heard in their place (the editor sends them back). */
  termHints: TermHint[];
}

/** The language the last pieces were read in confidently, and how many in a row (language-stretch.ts). */
interface Stretch {
  language?: string | undefined;
  run: number;
  /** The recording's pieces by language so far: when it is held in the fallback language (heldInFallback). */
  tally: LanguageTally;
}

interface PieceResult {
  piece: AudioPiece;
  output: TranscriptionOutput | null;
  /** The piece read with the prompt, for the recording's leak check (leak-check.ts). */
  leak?: LeakCandidate | undefined;
}

/**
 * POST /api/transcribe's work: check the upload, decode it to 16 kHz mono, cut it at pauses, transcribe
 * each piece (language detected per piece, or carried over from a confident previous piece), stitch,
 * and write numbers and units as a clinician would.
 */
export class TranscriptionService {
  constructor(
    readonly provider: TranscriptionProvider,
    readonly settings: TranscriptionSettings,
  ) {}

  /** Loads the engine (a local model) ahead of the first recording. */
  async warmUp(): Promise<void> {
    await this.provider.warmUp?.();
  }

  /** Stops the engine (local Whisper host processes); running transcriptions fail. */
  async close(): Promise<void> {
    await this.provider.close?.();
  }

  /** Cheap checks before any decoding: empty, too large, not audio. */
  checkUpload(audio: Uint8Array): AudioContainer {
    if (audio.byteLength === 0)
      throw new AudioInputError(400, 'The audio file is empty; please record again');
    if (audio.byteLength > this.settings.maxAudioBytes) {
      throw new AudioInputError(413, audioTooLargeMessage(this.settings.maxAudioBytes));
    }
    const container = sniffAudioContainer(audio);
    if (!container)
      throw new AudioInputError(
        415,
        `The file is not a supported audio recording (expected ${ACCEPTED_AUDIO_DESCRIPTION})`,
      );
    return container;
  }

  /**
   * Checks the upload, then decodes and transcribes it. How many run at once is the jobs service's
   * business (api/jobs/): TRANSCRIPTION_JOBS slots in this process, or pg-boss workers.
   */
  transcribe(request: TranscriptionRequest): Promise<TranscriptionResult> {
    return this.transcribeNow(request);
  }

  private async transcribeNow(request: TranscriptionRequest): Promise<TranscriptionResult> {
    const track = (change: ProgressChange) => request.onProgress?.(change);
    const container = this.checkUpload(request.audio);
    track({ stage: 'decoding', percent: 1 });
    let pcm: Int16Array;
    try {
      pcm = await decodeToPcm(request.audio, {
        ffmpegPath: this.settings.ffmpegPath,
        maxSeconds: this.settings.maxAudioSeconds,
        signal: request.signal,
      });
    } catch (error) {
      if (error instanceof AudioDecodeError) throw new AudioInputError(422, error.message);
      throw error;
    }
    const durationSeconds = pcm.length / SAMPLE_RATE;
    const pieces = splitAtSilences(pcm, {
      sampleRate: SAMPLE_RATE,
      maxPieceSeconds: Math.min(this.settings.pieceSeconds, this.provider.maxPieceSeconds),
    });
    const spoken = pieces.filter((piece) => piece.hasSpeech);
    const spokenSamples = spoken.reduce((sum, piece) => sum + (piece.end - piece.start), 0);
    track({
      stage: 'transcribing',
      percent: 5,
      piecesTotal: spoken.length,
      audioSeconds: round(durationSeconds),
    });

    const prompt =
      this.settings.prompt === false
        ? undefined
        : buildVocabularyPrompt(request.preConsultation, request.vocabulary ?? null);
    // The same terms in another order for the first spoken piece, so its opening is not skipped.
    const openingPrompt =
      prompt && buildVocabularyPrompt(request.preConsultation, request.vocabulary ?? null, { opening: true });
    const openingPiece = pieces.find((piece) => piece.hasSpeech);
    const leaks: LeakState = { terms: promptTerms(prompt), confirmed: new Set(), replaced: [] };
    const stretch: Stretch = { run: 0, tally: { fallback: 0, other: 0, lastInFallback: false } };
    const results: PieceResult[] = pieces.map((piece) => ({ piece, output: null }));
    let doneSamples = 0;
    let piecesDone = 0;
    let next = 0;
    let failed = false;
    const worker = async () => {
      // One failed piece fails the job: the other workers stop taking pieces instead of spending minutes
      // of compute on a transcript nobody will receive.
      while (!failed && next < results.length) {
        const slot = results[next++]!;
        if (!slot.piece.hasSpeech) continue;
        try {
          const piecePrompt = slot.piece === openingPiece ? openingPrompt : prompt;
          ({ output: slot.output, leak: slot.leak } = await this.transcribePiece(
            pcm,
            slot.piece,
            piecePrompt,
            stretch,
            request.signal,
          ));
        } catch (error) {
          failed = true;
          throw error;
        }
        doneSamples += slot.piece.end - slot.piece.start;
        piecesDone++;
        track({ piecesDone, percent: 5 + (90 * doneSamples) / Math.max(1, spokenSamples) });
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, this.settings.concurrency) }, worker));
    await this.withoutPromptLeaks(results, leaks, request.signal);
    track({ percent: 99 });

    const texts = results.map(({ piece, output }) => ({
      text: output ? cleanText(output.text) : '',
      overlapsPrevious: piece.overlap > 0,
    }));
    const transcript = stitchTexts(texts);
    const transcriptLanguage =
      summarizeLanguages(
        results.map(({ output }, i) => ({
          language: output?.language,
          words: countWords(texts[i]?.text ?? ''),
        })),
      ) ?? null;
    const segments = results.flatMap(({ piece, output }) => {
      if (!output) return [];
      const offset = piece.start / SAMPLE_RATE;
      const length = (piece.end - piece.start) / SAMPLE_RATE;
      const parts = output.segments ?? [{ start: 0, end: length, text: output.text }];
      // Whisper reads a 30-second window and now and then times a last word past the audio's end (a
      // segment ending at 100.7 s in an 89.2 s recording): times stay within the piece they were heard in.
      const within = (seconds: number) => round(offset + Math.min(Math.max(seconds, 0), length));
      return parts
        .filter((s) => s.text.trim() !== '')
        .map((s) => ({
          start: within(s.start),
          end: within(s.end),
          text: cleanText(s.text),
          language: output.language,
        }));
    });
    const hints = termHints(leaks.replaced);
    return {
      transcript,
      transcriptLanguage,
      container,
      durationSeconds: round(durationSeconds),
      pieces: spoken.length,
      segments,
      suggestions: transcriptSuggestions(transcript, hints),
      termHints: hints,
    };
  }

  /**
   * One piece: in the previous pieces' language when the engine was sure of them and is as sure of this
   * one (language-stretch.ts), else with the language detected by the provider. Whisper sometimes hears
   * Afrikaans as Dutch, German or even Latin; a detection outside the consultation's languages is retried
   * in the first non-English one (Afrikaans by default), which is what such a mishearing almost always
   * is, and in a consultation held in that language the piece is read in it first (heldInFallback). With
   * one configured language (TRANSCRIPTION_LANGUAGES=af) every piece is transcribed in it directly. A
   * reading that loops is read again at rising temperatures (temperature-fallback.ts), in the language
   * already heard. The piece's prompt words are checked against the audio later, with the whole
   * recording's (withoutPromptLeaks).
   */
  private async transcribePiece(
    pcm: Int16Array,
    piece: AudioPiece,
    prompt: string | undefined,
    stretch: Stretch,
    signal?: AbortSignal,
  ): Promise<{ output: TranscriptionOutput; leak?: LeakCandidate | undefined }> {
    const allowed = this.settings.languages;
    // A practice that consults in one language only is told so up front: nothing to detect, nothing to mishear.
    const only = allowed.length === 1 ? allowed[0] : undefined;
    let input: TranscriptionInput = {
      pcm: pcm.subarray(piece.start, piece.end),
      sampleRate: SAMPLE_RATE,
      ...(prompt ? { prompt } : {}),
      signal,
      ...(only ? { language: only } : {}),
    };
    // The language of a confident stretch, when there is one, is tried first (language-stretch.ts).
    let heard: TranscriptionOutput | undefined;
    const fallback = allowed.find((code) => code !== 'en') ?? allowed[0];
    // This piece read in the fallback language, once it has been: never asked for twice.
    let inFallback: TranscriptionOutput | undefined;
    const carried = only || stretch.run < CARRY_AFTER_PIECES ? undefined : stretch.language;
    if (carried) {
      const forced = await this.provider.transcribe({ ...input, language: carried });
      if (isConfidentIn(forced, carried)) {
        input = { ...input, language: carried };
        heard = { ...forced, language: carried };
      } else if (carried === fallback) inFallback = forced;
    }
    // In a consultation held in the fallback language, the piece is read in it first (language-stretch.ts).
    if (!heard && !only && fallback && heldInFallback(stretch.tally)) {
      inFallback ??= await this.provider.transcribe({ ...input, language: fallback });
      if (readsAsFallback(inFallback, fallback)) {
        input = { ...input, language: fallback };
        heard = { ...inFallback, language: fallback };
      }
    }
    if (!heard) {
      heard = await this.provider.transcribe(input);
      if (fallback && heard.language && !allowed.includes(heard.language)) {
        input = { ...input, language: fallback };
        heard = inFallback ? { ...inFallback, language: fallback } : await this.provider.transcribe(input);
      }
    }
    const language = input.language ?? this.allowedLanguage(heard.language);
    const { prompt: _prompt, ...unprompted } = input;
    // The prompt-less reading of this piece, read at most once whoever needs it first.
    let plain: Promise<TranscriptionOutput> | undefined;
    const readPlain = () =>
      (plain ??= this.provider.transcribe({ ...unprompted, ...(language ? { language } : {}) }));
    ({ input, heard } = await this.withoutPromptEcho(input, heard, readPlain));
    const settled = { ...input, ...(language ? { language } : {}) };
    heard = await withTemperatureFallback(heard, (temperature) =>
      this.provider.transcribe({ ...settled, temperature }),
    );
    const confident = language && isConfidentIn(heard, language) ? language : undefined;
    stretch.run = confident && confident === stretch.language ? stretch.run + 1 : confident ? 1 : 0;
    stretch.language = confident;
    const endedInFallback = language !== undefined && language === fallback;
    stretch.tally = {
      fallback: stretch.tally.fallback + (endedInFallback ? 1 : 0),
      other: stretch.tally.other + (endedInFallback ? 0 : 1),
      lastInFallback: endedInFallback,
    };
    // Other scripts than Latin in af/en speech (script-filter.ts): one more reading, sampled and without
    // the prompt; whichever is cleaner stays, and what is still foreign is marked '[unclear m:ss]'.
    let prompted = Boolean(input.prompt);
    if (hasForeignScript(heard.text)) {
      const again = await this.provider.transcribe({
        ...unprompted,
        ...(language ? { language } : {}),
        temperature: SCRIPT_RETRY_TEMPERATURE,
      });
      if (foreignCharacters(again.text) < foreignCharacters(heard.text)) {
        heard = again;
        prompted = false;
      }
    }
    const output = { ...heard, ...markForeignScript(heard, piece.start / SAMPLE_RATE) };
    // Prompt words are checked against the audio once every piece is read (withoutPromptLeaks).
    const leak = prompted ? { pcm: unprompted.pcm, reading: output, language, plainPiece: plain } : undefined;
    return { output, leak };
  }

  /**
   * A reading that writes the vocabulary prompt back is done again without it, in the language already
   * heard (detection does not see the prompt). If the plain reading has the same words, the vet really
   * said them and the prompted reading, with its better spelling, stands. Returns the reading kept and
   * the request that produced it.
   */
  private async withoutPromptEcho(
    input: TranscriptionInput,
    heard: TranscriptionOutput,
    readPlain: () => Promise<TranscriptionOutput>,
  ): Promise<{ input: TranscriptionInput; heard: TranscriptionOutput }> {
    if (!echoesPrompt(heard.text, input.prompt)) return { input, heard };
    const plain = await readPlain();
    if (echoesPrompt(plain.text, input.prompt)) return { input, heard };
    const { prompt: _prompt, ...unprompted } = input;
    return {
      input: { ...unprompted, ...(plain.language ? { language: plain.language } : {}) },
      heard: plain,
    };
  }

  /**
   * Prompt words in a prompted reading must be supported by the audio (prompt-leak.ts): the pieces read
   * with the prompt are checked together (leak-check.ts), their prompt-less readings in the language each
   * was read in and without the prompt.
   */
  private async withoutPromptLeaks(
    results: PieceResult[],
    leaks: LeakState,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    const pending = results.filter((slot) => slot.leak);
    if (pending.length === 0) return;
    const checked = await checkPromptLeaks(
      pending.map((slot) => slot.leak!),
      leaks,
      (pcm, language) =>
        this.provider.transcribe({
          pcm,
          sampleRate: SAMPLE_RATE,
          signal,
          ...(language ? { language } : {}),
        }),
      Math.min(this.settings.pieceSeconds, this.provider.maxPieceSeconds),
    );
    pending.forEach((slot, i) => {
      slot.output = checked[i]!;
    });
  }

  private allowedLanguage(code: string | undefined): string | undefined {
    return code && this.settings.languages.includes(code) ? code : undefined;
  }
}

/** Sampling temperature of the one re-reading of a piece that came out in another script. */
const SCRIPT_RETRY_TEMPERATURE = 0.4;

const cleanText = (text: string): string => normalizeClinicalText(collapseRepetitionLoops(text));
const countWords = (text: string): number => text.split(/\s+/).filter(Boolean).length;
const round = (value: number): number => Math.round(value * 100) / 100;

/** The service for the running configuration (createServices builds it once). */
export function createTranscriptionService(config: Config): TranscriptionService {
  return new TranscriptionService(createTranscriptionProvider(config), {
    maxAudioBytes: config.MAX_AUDIO_BYTES,
    maxAudioSeconds: config.MAX_AUDIO_SECONDS,
    pieceSeconds: config.TRANSCRIPTION_PIECE_SECONDS,
    // The local engine queues internally; more pieces in flight than it runs would only hold memory.
    concurrency:
      config.TRANSCRIPTION_PROVIDER === 'local'
        ? config.WHISPER_CONCURRENCY
        : config.TRANSCRIPTION_CONCURRENCY,
    languages: config.TRANSCRIPTION_LANGUAGES.split(','),
    prompt: config.TRANSCRIPTION_PROMPT === 'on',
    ffmpegPath: config.FFMPEG_PATH,
  });
}
