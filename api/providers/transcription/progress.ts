/**
 * Progress of running transcriptions, for GET /api/transcribe/progress/:id. The client picks the id
 * (X-Request-Id header) before it uploads, so it can poll while its POST is still in flight. Entries
 * belong to the user who started them and disappear a while after they finish.
 */
export type ProgressStage = 'receiving' | 'decoding' | 'transcribing' | 'done' | 'failed';

export interface TranscriptionProgress {
  id: string;
  stage: ProgressStage;
  /** 0–100, monotonic. */
  percent: number;
  piecesDone: number;
  piecesTotal: number;
  /** Seconds of decoded audio, once known. */
  audioSeconds: number | null;
  error: string | null;
  /** HTTP status the failure would have had on a synchronous request (4xx: the upload; 5xx: the engine). */
  errorStatus: number | null;
  /** The transcription, once done, for jobs started with `Prefer: respond-async`. */
  result: unknown;
  startedAt: string;
  updatedAt: string;
}

interface Entry {
  ownerId: string;
  progress: TranscriptionProgress;
  expiresAt: number;
}

export const JOB_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export class ProgressStore {
  private readonly entries = new Map<string, Entry>();

  constructor(
    /** How long a finished job stays readable. */
    private readonly keepMs = 10 * 60_000,
    private readonly now: () => number = Date.now,
    /** Bound on remembered jobs, whatever clients send. */
    private readonly maxEntries = 1000,
  ) {}

  start(id: string, ownerId: string): void {
    this.sweep();
    const at = new Date(this.now()).toISOString();
    this.entries.set(id, {
      ownerId,
      // A running job never expires; finish() sets the clock.
      expiresAt: Number.POSITIVE_INFINITY,
      progress: {
        id,
        stage: 'receiving',
        percent: 0,
        piecesDone: 0,
        piecesTotal: 0,
        audioSeconds: null,
        error: null,
        errorStatus: null,
        result: null,
        startedAt: at,
        updatedAt: at,
      },
    });
  }

  update(id: string, change: Partial<Omit<TranscriptionProgress, 'id' | 'startedAt' | 'updatedAt'>>): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    const percent = Math.max(entry.progress.percent, Math.min(100, Math.round(change.percent ?? entry.progress.percent)));
    entry.progress = { ...entry.progress, ...change, percent, updatedAt: new Date(this.now()).toISOString() };
  }

  finish(id: string, outcome: { error: string; errorStatus: number } | { result?: unknown } = {}): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.update(id, 'error' in outcome ? { stage: 'failed', ...outcome } : { stage: 'done', percent: 100, result: outcome.result ?? null });
    entry.expiresAt = this.now() + this.keepMs;
  }

  /** The job's progress for its owner; undefined for anyone else, so ids cannot be probed. */
  get(id: string, ownerId: string): TranscriptionProgress | undefined {
    this.sweep();
    const entry = this.entries.get(id);
    return entry && entry.ownerId === ownerId ? entry.progress : undefined;
  }

  isRunning(id: string): boolean {
    const stage = this.entries.get(id)?.progress.stage;
    return stage !== undefined && stage !== 'done' && stage !== 'failed';
  }

  private sweep(): void {
    const now = this.now();
    for (const [id, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(id);
    // Oldest first (Map keeps insertion order) when clients flood the store.
    for (const id of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(id);
    }
  }
}
