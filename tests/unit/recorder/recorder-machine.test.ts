import { describe, expect, it } from 'vitest';
import {
  canHandle,
  initialRecorderState,
  recorderReducer,
  type RecorderEvent,
  type RecorderState,
  type RecorderStatus,
} from '../../../web/src/features/recorder/model/recorder-machine.js';

const at = '2026-11-21T08:30:00.000Z';
const run = (events: RecorderEvent[], from: RecorderState = initialRecorderState) =>
  events.reduce(recorderReducer, from);
const inStatus = (status: RecorderStatus): RecorderState => ({ ...initialRecorderState, status });

describe('recorder state machine', () => {
  it('walks ready → recording ⇄ paused → recorded → processing → complete', () => {
    let state = run([{ type: 'START', at }]);
    expect(state).toMatchObject({ status: 'recording', startedAt: at, elapsedSeconds: 0 });
    state = run([{ type: 'TICK' }, { type: 'TICK' }, { type: 'PAUSE' }], state);
    expect(state).toMatchObject({ status: 'paused', elapsedSeconds: 2 });
    state = run([{ type: 'TICK' }], state);
    expect(state.elapsedSeconds).toBe(2); // the timer does not run while paused
    state = run([{ type: 'RESUME' }, { type: 'TICK' }, { type: 'STOP' }], state);
    expect(state).toMatchObject({ status: 'recorded', elapsedSeconds: 3 });
    state = run([{ type: 'PROCESS' }], state);
    expect(state).toMatchObject({ status: 'processing', processingStep: 'transcribing' });
    state = run([{ type: 'PROCESS_PROGRESS', step: 'extracting', progress: 0.5 }], state);
    expect(state).toMatchObject({ processingStep: 'extracting', processingProgress: 0.5 });
    state = run([{ type: 'PROCESS_SUCCEEDED' }], state);
    expect(state).toMatchObject({ status: 'complete', processingStep: null });
  });

  it('stops from paused as well as from recording', () => {
    expect(run([{ type: 'START', at }, { type: 'PAUSE' }, { type: 'STOP' }]).status).toBe('recorded');
  });

  it('returns to recorded with the error shown when processing fails, keeping the recording', () => {
    const processing = { ...inStatus('processing'), selectedRecordingId: 'abc', elapsedSeconds: 42 };
    const state = recorderReducer(processing, { type: 'PROCESS_FAILED', error: 'Transcription failed' });
    expect(state).toMatchObject({
      status: 'recorded',
      error: 'Transcription failed',
      selectedRecordingId: 'abc',
      elapsedSeconds: 42,
    });
  });

  it('keeps the state but shows the message when processing is blocked', () => {
    const state = recorderReducer(inStatus('recorded'), { type: 'PROCESS_BLOCKED', error: 'offline' });
    expect(state).toMatchObject({ status: 'recorded', error: 'offline' });
  });

  it('clears everything on New Recording from recorded or complete', () => {
    for (const status of ['recorded', 'complete'] as const) {
      const state = recorderReducer(
        { ...inStatus(status), selectedRecordingId: 'x', elapsedSeconds: 9 },
        { type: 'RESET' },
      );
      expect(state).toEqual(initialRecorderState);
    }
  });

  it('selects a local recording as complete when it has notes or a transcript, else recorded', () => {
    const select = (has: boolean) =>
      recorderReducer(initialRecorderState, {
        type: 'SELECT',
        id: 'r1',
        hasNotesOrTranscript: has,
        durationSeconds: 61,
        startedAt: at,
      });
    expect(select(true)).toMatchObject({ status: 'complete', selectedRecordingId: 'r1', elapsedSeconds: 61 });
    expect(select(false)).toMatchObject({ status: 'recorded', selectedRecordingId: 'r1' });
  });

  it('returns to ready when the selected recording is deleted, and ignores other deletions', () => {
    const selected = { ...inStatus('complete'), selectedRecordingId: 'r1' };
    expect(recorderReducer(selected, { type: 'DELETED', id: 'r2' })).toBe(selected);
    expect(recorderReducer(selected, { type: 'DELETED', id: 'r1' })).toEqual(initialRecorderState);
  });

  it('goes back to ready with the message when capture fails', () => {
    const state = recorderReducer(inStatus('recording'), {
      type: 'CAPTURE_FAILED',
      error: 'Recording failed - no audio data captured',
    });
    expect(state).toMatchObject({ status: 'ready', error: 'Recording failed - no audio data captured' });
  });

  it('starting clears an old error and resets the timer', () => {
    const state = recorderReducer(
      { ...initialRecorderState, error: 'old', elapsedSeconds: 12 },
      { type: 'START', at },
    );
    expect(state).toMatchObject({ error: null, elapsedSeconds: 0, status: 'recording' });
  });

  // Every event outside its allowed states is ignored: the same object comes back.
  const guards: Array<[RecorderEvent, RecorderStatus[]]> = [
    [{ type: 'START', at }, ['recording', 'paused', 'recorded', 'processing', 'complete']],
    [{ type: 'PAUSE' }, ['ready', 'paused', 'recorded', 'processing', 'complete']],
    [{ type: 'RESUME' }, ['ready', 'recording', 'recorded', 'processing', 'complete']],
    [{ type: 'STOP' }, ['ready', 'recorded', 'processing', 'complete']],
    [{ type: 'TICK' }, ['ready', 'paused', 'recorded', 'processing', 'complete']],
    [{ type: 'PROCESS' }, ['ready', 'recording', 'paused', 'processing', 'complete']],
    [{ type: 'PROCESS_SUCCEEDED' }, ['ready', 'recording', 'paused', 'recorded', 'complete']],
    [{ type: 'PROCESS_FAILED', error: 'x' }, ['ready', 'recording', 'paused', 'recorded', 'complete']],
    [{ type: 'RESET' }, ['ready', 'recording', 'paused', 'processing']],
    [
      { type: 'SELECT', id: 'r', hasNotesOrTranscript: true, durationSeconds: 1, startedAt: at },
      ['recording', 'paused', 'processing'],
    ],
  ];
  it.each(guards)('ignores %o in the wrong states', (event, statuses) => {
    for (const status of statuses) {
      const state = inStatus(status);
      expect(canHandle(state, event.type)).toBe(false);
      expect(recorderReducer(state, event)).toBe(state);
    }
  });
});
