/**
 * The recorder's states and transitions (spec section 4, 'Recorder states') as a pure reducer, so every
 * transition and guard is unit-tested apart from microphones and timers. Events that make no sense in the
 * current state are ignored: a double tap or a late voice command must never corrupt a recording.
 */

export type RecorderStatus = 'ready' | 'recording' | 'paused' | 'recorded' | 'processing' | 'complete';
export type ProcessingStep = 'transcribing' | 'extracting';

export interface RecorderState {
  status: RecorderStatus;
  /** Seconds of audio captured so far (pauses excluded). */
  elapsedSeconds: number;
  /** ISO time the current recording started, noted at start. */
  startedAt: string | null;
  /** The local recording shown in recorded/complete, once stored or selected. */
  selectedRecordingId: string | null;
  processingStep: ProcessingStep | null;
  /** 0–1 when the server reports it, else null (indeterminate). */
  processingProgress: number | null;
  /** The banner above the main area. */
  error: string | null;
}

export type RecorderEvent =
  | { type: 'START'; at: string }
  | { type: 'PAUSE' }
  | { type: 'RESUME' }
  | { type: 'STOP' }
  | { type: 'TICK' }
  | { type: 'CAPTURE_FAILED'; error: string }
  | { type: 'PROCESS' }
  | { type: 'PROCESS_BLOCKED'; error: string }
  | { type: 'PROCESS_PROGRESS'; step: ProcessingStep; progress?: number | null }
  | { type: 'PROCESS_SUCCEEDED' }
  | { type: 'PROCESS_FAILED'; error: string }
  | { type: 'STORED_LOCALLY'; id: string }
  | { type: 'RESET' }
  | { type: 'SELECT'; id: string; hasNotesOrTranscript: boolean; durationSeconds: number; startedAt: string }
  | { type: 'DELETED'; id: string }
  | { type: 'DISMISS_ERROR' };

export const initialRecorderState: RecorderState = {
  status: 'ready',
  elapsedSeconds: 0,
  startedAt: null,
  selectedRecordingId: null,
  processingStep: null,
  processingProgress: null,
  error: null,
};

/** The states each event is honoured in; anything else is ignored. */
const allowedFrom: Record<RecorderEvent['type'], readonly RecorderStatus[]> = {
  START: ['ready'],
  PAUSE: ['recording'],
  RESUME: ['paused'],
  STOP: ['recording', 'paused'],
  TICK: ['recording'],
  CAPTURE_FAILED: ['ready', 'recording', 'paused'],
  PROCESS: ['recorded'],
  PROCESS_BLOCKED: ['recorded'],
  PROCESS_PROGRESS: ['processing'],
  PROCESS_SUCCEEDED: ['processing'],
  PROCESS_FAILED: ['processing'],
  STORED_LOCALLY: ['recorded', 'processing', 'complete'],
  RESET: ['recorded', 'complete'],
  SELECT: ['ready', 'recorded', 'complete'],
  DELETED: ['ready', 'recorded', 'complete'],
  DISMISS_ERROR: ['ready', 'recording', 'paused', 'recorded', 'processing', 'complete'],
};

export function canHandle(state: RecorderState, type: RecorderEvent['type']): boolean {
  return allowedFrom[type].includes(state.status);
}

export function recorderReducer(state: RecorderState, event: RecorderEvent): RecorderState {
  if (!canHandle(state, event.type)) return state;
  switch (event.type) {
    case 'START':
      // The timer resets and the start time is noted; a previous error no longer applies.
      return { ...initialRecorderState, status: 'recording', startedAt: event.at };
    case 'PAUSE':
      return { ...state, status: 'paused' };
    case 'RESUME':
      return { ...state, status: 'recording' };
    case 'STOP':
      return { ...state, status: 'recorded' };
    case 'TICK':
      return { ...state, elapsedSeconds: state.elapsedSeconds + 1 };
    case 'CAPTURE_FAILED':
      return { ...initialRecorderState, error: event.error };
    case 'PROCESS':
      return {
        ...state,
        status: 'processing',
        processingStep: 'transcribing',
        processingProgress: null,
        error: null,
      };
    case 'PROCESS_BLOCKED':
      return { ...state, error: event.error };
    case 'PROCESS_PROGRESS':
      return { ...state, processingStep: event.step, processingProgress: event.progress ?? null };
    case 'PROCESS_SUCCEEDED':
      return { ...state, status: 'complete', processingStep: null, processingProgress: null };
    case 'PROCESS_FAILED':
      // Back to recorded with nothing lost: the audio stays selected and can be processed again.
      return {
        ...state,
        status: 'recorded',
        processingStep: null,
        processingProgress: null,
        error: event.error,
      };
    case 'STORED_LOCALLY':
      return { ...state, selectedRecordingId: event.id };
    case 'RESET':
      return initialRecorderState;
    case 'SELECT':
      return {
        ...initialRecorderState,
        status: event.hasNotesOrTranscript ? 'complete' : 'recorded',
        selectedRecordingId: event.id,
        elapsedSeconds: event.durationSeconds,
        startedAt: event.startedAt,
      };
    case 'DELETED':
      return state.selectedRecordingId === event.id ? initialRecorderState : state;
    case 'DISMISS_ERROR':
      return { ...state, error: null };
  }
}
