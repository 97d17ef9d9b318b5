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

/** One step of a running job: what changed since the last. */
export type ProgressChange = Partial<Omit<TranscriptionProgress, 'id' | 'startedAt' | 'updatedAt'>>;

interface Entry {
  ownerId: string;
  progress: TranscriptionProgress;
  expiresAt: number;
}

export const JOB_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * The store's own key for one job: the practice and the id it chose. Ids are the client's to pick, so
 * two practices may pick the same one; neither can then read, replace or end the other's job.
 */
export type ProgressKey = string & { readonly __progressKey: unique symbol };

export function progressKey(id: string, ownerId: string): ProgressKey {
  return `${ownerId}\u0000${id}` as ProgressKey;
}

export class ProgressStore {
  private readonly entries = new Map<ProgressKey, Entry>();

  constructor(
    /** How long a finished job stays readable. */
    private readonly keepMs = 10 * 60_000,
    private readonly now: () => number = Date.now,
    /**
     * Jobs remembered per practice (TRANSCRIPTION_PROGRESS_PER_PRACTICE). A practice that floods the store
     * only pushes out its own oldest entries, never another practice's.
     */
    private readonly maxPerOwner = 100,
  ) {}

  /** Starts (or restarts) the practice's job `id`; returns the key the other calls take. */
  start(id: string, ownerId: string): ProgressKey {
    this.sweep(ownerId);
    const key = progressKey(id, ownerId);
    const at = new Date(this.now()).toISOString();
    // Re-inserted at the end, so a restarted id counts as the newest.
    this.entries.delete(key);
    this.entries.set(key, {
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
    return key;
  }

  update(key: ProgressKey, change: ProgressChange): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    const percent = Math.max(
      entry.progress.percent,
      Math.min(100, Math.round(change.percent ?? entry.progress.percent)),
    );
    entry.progress = { ...entry.progress, ...change, percent, updatedAt: new Date(this.now()).toISOString() };
  }

  finish(
    key: ProgressKey,
    outcome: { error: string; errorStatus: number } | { result?: unknown } = {},
  ): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.update(
      key,
      'error' in outcome
        ? { stage: 'failed', ...outcome }
        : { stage: 'done', percent: 100, result: outcome.result ?? null },
    );
    entry.expiresAt = this.now() + this.keepMs;
  }

  /** The practice's job `id`; undefined for an id another practice started, so ids cannot be probed. */
  get(id: string, ownerId: string): TranscriptionProgress | undefined {
    this.sweep();
    return this.entries.get(progressKey(id, ownerId))?.progress;
  }

  isRunning(id: string, ownerId: string): boolean {
    const stage = this.entries.get(progressKey(id, ownerId))?.progress.stage;
    return stage !== undefined && stage !== 'done' && stage !== 'failed';
  }

  /** Jobs held for one practice (for tests and the bound). */
  countFor(ownerId: string): number {
    let count = 0;
    for (const entry of this.entries.values()) if (entry.ownerId === ownerId) count++;
    return count;
  }

  /**
   * Drops expired jobs, then makes room for one more of `ownerId`'s: its finished jobs go first, oldest
   * first (Map keeps insertion order), then its oldest running ones. Other practices are never touched.
   */
  private sweep(ownerId?: string): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
    if (ownerId === undefined) return;
    const own = [...this.entries].filter(([, entry]) => entry.ownerId === ownerId);
    let excess = own.length - (this.maxPerOwner - 1);
    if (excess <= 0) return;
    const finishedFirst = [
      ...own.filter(([, entry]) => Number.isFinite(entry.expiresAt)),
      ...own.filter(([, entry]) => !Number.isFinite(entry.expiresAt)),
    ];
    for (const [key] of finishedFirst) {
      if (excess-- <= 0) break;
      this.entries.delete(key);
    }
  }
}
