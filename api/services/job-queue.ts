/**
 * A bounded FIFO of jobs: at most `concurrency` run at once, at most `maxWaiting` wait behind them, and
 * anything past that is refused at once (QueueFullError) rather than held in memory. Transcription runs
 * its whole job (ffmpeg decode, then the pieces) inside one slot, so the slots bound the decoders too.
 */
export class QueueFullError extends Error {
  constructor(
    /** Seconds a client should wait before trying again. */
    readonly retryAfterSeconds: number,
  ) {
    super('The server is busy with other recordings; please try again in a moment');
  }
}

interface Waiter {
  start: () => void;
}

export interface JobQueueStats {
  running: number;
  waiting: number;
  /** Highest number of jobs that ever ran at once. */
  peakRunning: number;
  /** Jobs refused because the queue was full. */
  refused: number;
}

export class JobQueue {
  private running = 0;
  private peakRunning = 0;
  private refused = 0;
  private readonly waiters: Waiter[] = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
    readonly retryAfterSeconds = 30,
  ) {}

  /** True when a new job would be refused. */
  isFull(): boolean {
    return this.running >= this.concurrency && this.waiters.length >= this.maxWaiting;
  }

  stats(): JobQueueStats {
    return {
      running: this.running,
      waiting: this.waiters.length,
      peakRunning: this.peakRunning,
      refused: this.refused,
    };
  }

  /**
   * Runs `work` in a slot. Admission is decided synchronously (a caller that checked isFull() in the same
   * tick is not overtaken); a job whose signal aborts while it waits leaves the queue without running.
   */
  run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.running < this.concurrency) return this.execute(work);
    if (this.waiters.length >= this.maxWaiting) {
      this.refused++;
      return Promise.reject(new QueueFullError(this.retryAfterSeconds));
    }
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          this.execute(work).then(resolve, reject);
        },
      };
      const onAbort = () => {
        const index = this.waiters.indexOf(waiter);
        if (index >= 0) this.waiters.splice(index, 1);
        reject(signal?.reason ?? new Error('aborted'));
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  private async execute<T>(work: () => Promise<T>): Promise<T> {
    this.running++;
    this.peakRunning = Math.max(this.peakRunning, this.running);
    try {
      return await work();
    } finally {
      this.running--;
      this.waiters.shift()?.start();
    }
  }
}
