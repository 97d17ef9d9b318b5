import { matchVoiceCommand, type VoiceCommand } from '../model/voice-commands.js';

/** Chromium and Safari expose the Web Speech API under a prefix; Firefox has none. */
type RecognitionConstructor = new () => SpeechRecognitionLike;
interface SpeechRecognitionLike extends EventTarget {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  start(): void;
  stop(): void;
  onresult:
    | ((event: {
        resultIndex: number;
        results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }>;
      }) => void)
    | null;
  onend: (() => void) | null;
  onerror: ((event: { error: string }) => void) | null;
}

export const VOICE_LANGUAGE = 'en-US';
export const VOICE_RESTART_MS = 100;

function recognitionConstructor(): RecognitionConstructor | undefined {
  const scope = globalThis as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
}

export function speechRecognitionSupported(): boolean {
  return recognitionConstructor() !== undefined;
}

/**
 * Continuous en-US recognition that restarts itself 100 ms after it ends while listening (browsers stop
 * after silences), calling back with each recognised command and the phrase heard.
 */
export class VoiceCommandListener {
  private recognition: SpeechRecognitionLike | null = null;
  private listening = false;
  private restartTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly onCommand: (command: VoiceCommand, phrase: string) => void) {}

  start(): void {
    const Recognition = recognitionConstructor();
    if (!Recognition || this.listening) return;
    const recognition = new Recognition();
    recognition.lang = VOICE_LANGUAGE;
    recognition.continuous = true;
    recognition.interimResults = false;
    recognition.onresult = (event) => {
      for (let i = event.resultIndex; i < event.results.length; i++) {
        const result = event.results[i];
        if (!result?.isFinal) continue;
        const phrase = result[0]?.transcript ?? '';
        const command = matchVoiceCommand(phrase);
        if (command) this.onCommand(command, phrase.trim());
      }
    };
    recognition.onerror = (event) => console.warn('Voice recognition error:', event.error);
    recognition.onend = () => {
      if (!this.listening) return;
      this.restartTimer = setTimeout(() => {
        try {
          recognition.start();
        } catch (error) {
          console.warn('Voice recognition restart failed', error);
        }
      }, VOICE_RESTART_MS);
    };
    this.recognition = recognition;
    this.listening = true;
    recognition.start();
  }

  stop(): void {
    this.listening = false;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.recognition?.stop();
    this.recognition = null;
  }
}
