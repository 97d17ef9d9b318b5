import path from 'node:path';
import { LocalWhisperProvider } from './local-provider.js';
import { WhisperModelManager } from './model-manager.js';
import { OpenAiTranscriptionProvider } from './openai-provider.js';
import type { TranscriptionProvider } from './types.js';

export type { TranscriptionProvider, TranscriptionInput, TranscriptionOutput } from './types.js';
export { TranscriptionProviderError } from './types.js';

/** The configuration keys the providers read (see api/config.ts for their defaults and meaning). */
export interface TranscriptionProviderConfig {
  TRANSCRIPTION_PROVIDER: 'openai' | 'local';
  TRANSCRIPTION_MODEL: string;
  TRANSCRIPTION_CONCURRENCY: number;
  TRANSCRIPTION_TIMEOUT_SECONDS: number;
  OPENAI_BASE_URL?: string | undefined;
  OPENAI_API_KEY?: string | undefined;
  WHISPER_MODEL: string;
  WHISPER_MODEL_PATH?: string | undefined;
  WHISPER_MODELS_DIR?: string | undefined;
  WHISPER_MODEL_BASE_URL?: string | undefined;
  WHISPER_ENGINE: 'auto' | 'napi-rs' | 'fugood';
  WHISPER_BEAM_SIZE: number;
  WHISPER_THREADS?: number | undefined;
  WHISPER_CONCURRENCY: number;
  AI_PROVIDER_NAME?: string | undefined;
  dataDir: string;
}

export function modelManagerFor(
  config: Pick<TranscriptionProviderConfig, 'WHISPER_MODELS_DIR' | 'WHISPER_MODEL_BASE_URL' | 'dataDir'>,
) {
  return new WhisperModelManager({
    modelsDir: config.WHISPER_MODELS_DIR ?? path.join(config.dataDir, 'models'),
    baseUrl: config.WHISPER_MODEL_BASE_URL,
  });
}

export function createTranscriptionProvider(config: TranscriptionProviderConfig): TranscriptionProvider {
  if (config.TRANSCRIPTION_PROVIDER === 'local') {
    return new LocalWhisperProvider({
      modelName: config.WHISPER_MODEL,
      modelPath: config.WHISPER_MODEL_PATH,
      manager: modelManagerFor(config),
      binding: config.WHISPER_ENGINE,
      beamSize: config.WHISPER_BEAM_SIZE,
      threads: config.WHISPER_THREADS,
      concurrency: config.WHISPER_CONCURRENCY,
    });
  }
  return new OpenAiTranscriptionProvider({
    baseURL: config.OPENAI_BASE_URL,
    apiKey: config.OPENAI_API_KEY,
    model: config.TRANSCRIPTION_MODEL,
    timeoutMs: config.TRANSCRIPTION_TIMEOUT_SECONDS * 1000,
    concurrency: config.TRANSCRIPTION_CONCURRENCY,
  });
}

/**
 * The name shown after 'Powered by' in the header: AI_PROVIDER_NAME when the operator sets one, else
 * what the configured provider is, e.g. 'OpenAI Whisper' or 'Whisper base (on this server)'.
 */
export function transcriptionProviderLabel(config: TranscriptionProviderConfig): string {
  if (config.AI_PROVIDER_NAME) return config.AI_PROVIDER_NAME;
  if (config.TRANSCRIPTION_PROVIDER === 'local') {
    return config.WHISPER_MODEL_PATH
      ? 'Whisper (on this server)'
      : `Whisper ${config.WHISPER_MODEL} (on this server)`;
  }
  if (!config.OPENAI_BASE_URL || /(^|\.)openai\.com$/i.test(safeHost(config.OPENAI_BASE_URL)))
    return 'OpenAI Whisper';
  return `Whisper (${config.TRANSCRIPTION_MODEL})`;
}

function safeHost(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}
