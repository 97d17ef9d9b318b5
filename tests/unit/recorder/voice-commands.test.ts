import { describe, expect, it } from 'vitest';
import { matchVoiceCommand, voiceAction } from '../../../web/src/features/recorder/model/voice-commands.js';

describe('voice command matching', () => {
  it.each([
    ['Start recording', 'start'],
    ['okay begin recording now', 'start'],
    ['PAUSE RECORDING', 'pause'],
    ['resume recording', 'resume'],
    ['continue recording please', 'resume'],
    ['stop recording.', 'stop'],
    ['end recording', 'stop'],
    ['process recording', 'process'],
    ['new recording', 'new'],
    ['save recording', 'save'],
  ])('"%s" → %s', (phrase, command) => {
    expect(matchVoiceCommand(phrase)).toBe(command);
  });

  it('ignores speech without a command, and phrases inside other words', () => {
    expect(matchVoiceCommand('the temperature is 39.2')).toBeNull();
    expect(matchVoiceCommand('please send recording to the client')).toBeNull();
    expect(matchVoiceCommand('restart recording')).toBeNull();
  });
});

describe('voice command conditions', () => {
  it('start: runs in ready; resets and starts after 100 ms from recorded or complete; ignored otherwise', () => {
    expect(voiceAction('start', 'ready')).toEqual({ kind: 'run', command: 'start' });
    expect(voiceAction('start', 'recorded')).toEqual({ kind: 'reset-then-start', delayMs: 100 });
    expect(voiceAction('start', 'complete')).toEqual({ kind: 'reset-then-start', delayMs: 100 });
    for (const s of ['recording', 'paused', 'processing'] as const)
      expect(voiceAction('start', s).kind).toBe('ignore');
  });

  it.each([
    ['pause', ['recording']],
    ['resume', ['paused']],
    ['stop', ['recording', 'paused']],
    ['process', ['recorded']],
    ['new', ['recorded', 'complete']],
    ['save', ['recorded', 'complete']],
  ] as const)('%s is honoured only in %o', (command, allowed) => {
    for (const status of ['ready', 'recording', 'paused', 'recorded', 'processing', 'complete'] as const) {
      expect(voiceAction(command, status).kind).toBe(
        (allowed as readonly string[]).includes(status) ? 'run' : 'ignore',
      );
    }
  });
});
