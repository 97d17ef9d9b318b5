import type { CaptureJournal } from '../storage/capture-journal.js';
import { bitsPerSecond, CHUNK_MILLISECONDS, pickMimeType } from './media-format.js';
import { microphoneErrorMessage, NO_AUDIO_CAPTURED, RECORDING_UNSUPPORTED } from './microphone-errors.js';

export class CaptureError extends Error {}

export interface SegmentInfo {
  captureId: string;
  startedAt: string;
  segmentNumber: number;
  parentRecordingId?: string;
}

export interface FinishedSegment extends SegmentInfo {
  audio: Blob;
  mimeType: string;
  recordedSeconds: number;
}

export interface CaptureOptions {
  journal: CaptureJournal;
  isFarmMode: boolean;
  preConsultationData: import('#shared/schemas/clinical.js').PreConsultationData;
  newId: () => string;
  now?: () => Date;
  onLevel?: (level: number) => void;
}

/**
 * One microphone session: MediaRecorder in 1-second chunks, each journaled to IndexedDB as it arrives,
 * pause/resume, and segment roll-over (stop one MediaRecorder, start the next on the same stream) for
 * Farm Mode. Recorded time excludes pauses.
 */
export class AudioCapture {
  private recorder: MediaRecorder | null = null;
  private segment: SegmentInfo | null = null;
  private seq = 0;
  private recordedMsBefore = 0;
  private runningSince: number | null = null;
  private pendingWrites: Promise<void>[] = [];
  private levelTimer: number | null = null;
  private audioContext: AudioContext | null = null;

  private constructor(
    private readonly stream: MediaStream,
    private readonly options: CaptureOptions,
    readonly mimeType: string,
  ) {}

  static async open(options: CaptureOptions): Promise<AudioCapture> {
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      throw new CaptureError(RECORDING_UNSUPPORTED);
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
      });
    } catch (error) {
      throw new CaptureError(microphoneErrorMessage(error));
    }
    const mimeType = pickMimeType((type) => MediaRecorder.isTypeSupported(type));
    const capture = new AudioCapture(stream, options, mimeType);
    capture.startLevelMeter();
    return capture;
  }

  /** Seconds of audio in the current segment so far. */
  get recordedSeconds(): number {
    const running = this.runningSince === null ? 0 : performance.now() - this.runningSince;
    return (this.recordedMsBefore + running) / 1000;
  }

  get currentSegment(): SegmentInfo | null {
    return this.segment;
  }

  async startSegment(info: Omit<SegmentInfo, 'captureId' | 'startedAt'>): Promise<SegmentInfo> {
    const now = this.options.now?.() ?? new Date();
    const segment: SegmentInfo = { ...info, captureId: this.options.newId(), startedAt: now.toISOString() };
    await this.options.journal.begin({
      id: segment.captureId,
      startedAt: segment.startedAt,
      mimeType: this.mimeType || 'audio/webm',
      preConsultationData: this.options.preConsultationData,
      isFarmMode: this.options.isFarmMode,
      segmentNumber: segment.segmentNumber,
      ...(segment.parentRecordingId ? { parentRecordingId: segment.parentRecordingId } : {}),
    });
    const recorder = new MediaRecorder(this.stream, {
      ...(this.mimeType ? { mimeType: this.mimeType } : {}),
      audioBitsPerSecond: bitsPerSecond(this.options.isFarmMode),
    });
    this.segment = segment;
    this.recorder = recorder;
    this.seq = 0;
    this.recordedMsBefore = 0;
    this.pendingWrites = [];
    recorder.addEventListener('dataavailable', (event) => {
      if (event.data.size === 0) return;
      const write = this.options.journal.append({
        captureId: segment.captureId,
        seq: this.seq++,
        data: event.data,
        recordedMs: Math.round(this.recordedSeconds * 1000),
      });
      this.pendingWrites.push(write);
    });
    recorder.start(CHUNK_MILLISECONDS);
    this.runningSince = performance.now();
    return segment;
  }

  pause(): void {
    if (this.recorder?.state !== 'recording') return;
    this.recorder.pause();
    this.recordedMsBefore += performance.now() - (this.runningSince ?? performance.now());
    this.runningSince = null;
  }

  resume(): void {
    if (this.recorder?.state !== 'paused') return;
    this.recorder.resume();
    this.runningSince = performance.now();
  }

  /** Ends the current segment and returns its audio, read back from the journal (the single source). */
  async finishSegment(): Promise<FinishedSegment> {
    const recorder = this.recorder;
    const segment = this.segment;
    if (!recorder || !segment) throw new CaptureError(NO_AUDIO_CAPTURED);
    const recordedSeconds = this.recordedSeconds;
    this.runningSince = null;
    await new Promise<void>((resolve) => {
      recorder.addEventListener('stop', () => resolve(), { once: true });
      if (recorder.state === 'inactive') resolve();
      else recorder.stop();
    });
    await Promise.all(this.pendingWrites);
    this.recorder = null;
    const assembled = await this.options.journal.assemble(segment.captureId);
    if (!assembled || assembled.audio.size === 0) {
      await this.options.journal.discard(segment.captureId);
      throw new CaptureError(NO_AUDIO_CAPTURED);
    }
    return {
      ...segment,
      audio: assembled.audio,
      mimeType: assembled.audio.type,
      recordedSeconds: Math.round(recordedSeconds),
    };
  }

  /** Releases the microphone and the level meter. */
  close(): void {
    if (this.recorder && this.recorder.state !== 'inactive') this.recorder.stop();
    for (const track of this.stream.getTracks()) track.stop();
    if (this.levelTimer !== null) window.clearInterval(this.levelTimer);
    void this.audioContext?.close().catch(() => undefined);
  }

  private startLevelMeter(): void {
    const onLevel = this.options.onLevel;
    if (!onLevel || typeof AudioContext === 'undefined') return;
    try {
      const context = new AudioContext();
      const analyser = context.createAnalyser();
      analyser.fftSize = 1024;
      context.createMediaStreamSource(this.stream).connect(analyser);
      const samples = new Float32Array(analyser.fftSize);
      this.audioContext = context;
      this.levelTimer = window.setInterval(() => {
        analyser.getFloatTimeDomainData(samples);
        let sum = 0;
        for (const sample of samples) sum += sample * sample;
        // RMS scaled so normal speech fills most of the meter.
        onLevel(Math.min(1, Math.sqrt(sum / samples.length) * 4));
      }, 100);
    } catch {
      // No meter is better than no recording.
    }
  }
}
