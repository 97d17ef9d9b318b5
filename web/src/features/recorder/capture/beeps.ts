/** Audio cues of spec section 9, as sequences of [frequency Hz, seconds]. */
export const BEEPS = {
  start: [
    [800, 0.1],
    [1000, 0.15],
  ],
  pause: [[600, 0.2]],
  stop: [
    [1000, 0.1],
    [700, 0.2],
  ],
} as const satisfies Record<string, ReadonlyArray<readonly [number, number]>>;

export type BeepName = keyof typeof BEEPS | 'resume';

let context: AudioContext | null = null;

/** Plays a cue with Web Audio; silent where audio output is unavailable (a cue must never break recording). */
export function playBeep(name: BeepName): void {
  const tones = BEEPS[name === 'resume' ? 'start' : name];
  try {
    context ??= new AudioContext();
    let at = context.currentTime;
    for (const [frequency, seconds] of tones) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      // A short fade avoids clicks at the tone edges.
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.3, at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + seconds);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + seconds);
      at += seconds;
    }
  } catch (error) {
    console.warn('Audio cue unavailable', error);
  }
}
