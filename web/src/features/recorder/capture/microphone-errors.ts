/** Spec section 8 messages, verbatim, plus the cases the spec does not name. */
export const MICROPHONE_DENIED =
  'Microphone permission was denied. Please allow microphone access to record audio.';
export const NO_AUDIO_CAPTURED = 'Recording failed - no audio data captured';
export const NO_MICROPHONE = 'No microphone was found. Connect a microphone and try again.';
export const MICROPHONE_BUSY = 'The microphone is in use by another app. Close it and try again.';
export const RECORDING_UNSUPPORTED =
  'This browser cannot record audio. Please use a current Chrome, Safari or Firefox.';

/** Turns a getUserMedia/MediaRecorder failure into a message a vet can act on. */
export function microphoneErrorMessage(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return MICROPHONE_DENIED;
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return NO_MICROPHONE;
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return MICROPHONE_BUSY;
    case 'NotSupportedError':
      return RECORDING_UNSUPPORTED;
    default:
      return error instanceof Error && error.message ? error.message : RECORDING_UNSUPPORTED;
  }
}
