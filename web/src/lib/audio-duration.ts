/** Spec section 2: the inline message when a recording cannot be played. */
export const PLAYBACK_FAILED =
  'Unable to play audio. The recording is saved and will be processed correctly.';

/** Players whose real length has been asked for, and whether a reveal failed and the source was reloaded. */
const revealState = new WeakMap<HTMLAudioElement, 'revealing' | 'reloaded'>();

/**
 * MediaRecorder's WebM has no duration in its header, so Chromium reports Infinity and the player's seek
 * bar cannot work. Seeking far past the end makes the browser scan to the end and learn the real length;
 * then the player returns to the start. Call from onLoadedMetadata.
 */
export function revealDuration(audio: HTMLAudioElement): void {
  if (Number.isFinite(audio.duration) || revealState.has(audio)) return;
  revealState.set(audio, 'revealing');
  const onDurationChange = () => {
    if (!Number.isFinite(audio.duration)) return;
    audio.removeEventListener('durationchange', onDurationChange);
    audio.currentTime = 0;
  };
  audio.addEventListener('durationchange', onDurationChange);
  audio.currentTime = Number.MAX_SAFE_INTEGER;
}

/**
 * Call from onError: if the failure followed the reveal seek, the source is reloaded once (without another
 * reveal) and true is returned, so the player is not reported as broken for a cosmetic seek bar.
 */
export function recoverFromRevealError(audio: HTMLAudioElement): boolean {
  if (revealState.get(audio) !== 'revealing') return false;
  revealState.set(audio, 'reloaded');
  console.warn(`Audio error after the duration seek (${audio.error?.code ?? '?'}); reloading the source`);
  audio.load();
  return true;
}
