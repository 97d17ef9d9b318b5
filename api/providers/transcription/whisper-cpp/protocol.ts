/**
 * Messages between the API process and the whisper.cpp host process (host.ts). The host is a child
 * process so that a native crash (whisper.cpp segfaults on some malformed model files) takes down one
 * transcription, never the API.
 */

/** Which native binding of whisper.cpp the host loads. */
export type WhisperCppBindingName = 'napi-rs' | 'fugood';

export interface HostStartOptions {
  binding: WhisperCppBindingName;
  modelFile: string;
}

export interface TranscribeJob {
  id: number;
  /** 16 kHz mono 16-bit PCM. */
  pcm: Int16Array;
  /** ISO 639-1 code, or 'auto' to detect. */
  language: string;
  threads: number;
  beamSize: number;
  temperature: number;
  prompt?: string | undefined;
}

export interface TranscribeJobResult {
  text: string;
  language?: string | undefined;
  /** Seconds from the start of the piece; absent where the binding cannot report them. */
  segments?: Array<{ start: number; end: number; text: string }> | undefined;
}

export type HostRequest = { type: 'transcribe'; job: TranscribeJob };

export type HostReply =
  | { type: 'ready'; binding: WhisperCppBindingName }
  | { type: 'load-failed'; message: string }
  | { type: 'result'; id: number; result: TranscribeJobResult }
  | { type: 'failed'; id: number; message: string };
