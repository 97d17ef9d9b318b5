import type { RecorderStatus } from './recorder-machine.js';

/** Voice commands of spec section 4, in the order they are tried. */
export type VoiceCommand = 'start' | 'pause' | 'resume' | 'stop' | 'process' | 'new' | 'save';

const phrases: ReadonlyArray<{ command: VoiceCommand; phrases: readonly string[] }> = [
  { command: 'start', phrases: ['start recording', 'begin recording'] },
  { command: 'pause', phrases: ['pause recording'] },
  { command: 'resume', phrases: ['resume recording', 'continue recording'] },
  { command: 'stop', phrases: ['stop recording', 'end recording'] },
  { command: 'process', phrases: ['process recording'] },
  { command: 'new', phrases: ['new recording'] },
  { command: 'save', phrases: ['save recording'] },
];

/** The states each command is honoured in (spec section 4 table). */
const honouredIn: Record<VoiceCommand, readonly RecorderStatus[]> = {
  start: ['ready', 'recorded', 'complete'],
  pause: ['recording'],
  resume: ['paused'],
  stop: ['recording', 'paused'],
  process: ['recorded'],
  new: ['recorded', 'complete'],
  save: ['recorded', 'complete'],
};

/** How long 'start recording' waits after resetting from recorded/complete before it starts. */
export const RESTART_DELAY_MS = 100;

/**
 * The command a recognised phrase asks for. Matching is by phrase contained in the lower-cased transcript,
 * at word boundaries so that e.g. "send recording" is not heard as "end recording".
 */
export function matchVoiceCommand(transcript: string): VoiceCommand | null {
  const text = ` ${transcript
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')} `;
  for (const entry of phrases) {
    if (entry.phrases.some((phrase) => text.includes(` ${phrase} `))) return entry.command;
  }
  return null;
}

export type VoiceAction =
  | { kind: 'ignore' }
  | { kind: 'run'; command: VoiceCommand }
  /** From recorded/complete, 'start recording' resets first and starts after RESTART_DELAY_MS. */
  | { kind: 'reset-then-start'; delayMs: number };

export function voiceAction(command: VoiceCommand, status: RecorderStatus): VoiceAction {
  if (!honouredIn[command].includes(status)) return { kind: 'ignore' };
  if (command === 'start' && status !== 'ready')
    return { kind: 'reset-then-start', delayMs: RESTART_DELAY_MS };
  return { kind: 'run', command };
}
