import { useEffect, useState } from 'react';
import { speechRecognitionSupported, VoiceCommandListener } from './capture/speech-commands';
import { voiceAction, type VoiceCommand } from './model/voice-commands';
import { recorder as pageRecorder } from './recorder';

/** Hands-free control: runs each recognised command if the recorder's state allows it (spec section 4). */
export function useVoiceCommands(enabled: boolean): { supported: boolean; lastCommand: string | null } {
  const [lastCommand, setLastCommand] = useState<string | null>(null);
  const [supported] = useState(speechRecognitionSupported);

  useEffect(() => {
    if (!enabled || !supported) return;
    const run = (command: VoiceCommand, phrase: string) => {
      setLastCommand(phrase);
      const recorder = pageRecorder().getState();
      const action = voiceAction(command, recorder.machine.status);
      if (action.kind === 'ignore') return;
      if (action.kind === 'reset-then-start') {
        recorder.reset();
        setTimeout(() => void pageRecorder().getState().start(), action.delayMs);
        return;
      }
      const handlers: Record<VoiceCommand, () => unknown> = {
        start: recorder.start,
        pause: recorder.pause,
        resume: recorder.resume,
        stop: recorder.stop,
        process: recorder.process,
        new: recorder.reset,
        save: recorder.saveAndRecordNext,
      };
      void handlers[action.command]();
    };
    const listener = new VoiceCommandListener(run);
    listener.start();
    return () => listener.stop();
  }, [enabled, supported]);

  return { supported, lastCommand: enabled ? lastCommand : null };
}
