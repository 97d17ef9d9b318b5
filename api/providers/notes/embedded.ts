import { Worker } from 'node:worker_threads';
import type { ExtractRequest, ExtractResponse } from '#shared/schemas/clinical.js';
import { extractClinicalNotes } from '#shared/notes/index.js';
import { extractHerdVisit } from '#shared/notes/herd.js';
import type { HerdVisitNotes } from '#shared/schemas/herd.js';
import type { NotesExtractor } from './types.js';
import { currentLogger } from '../../logging/logger.js';

/** Extractions waiting or running at once; past it a request is refused (503) rather than queued for minutes. */
export const MAX_QUEUED_EXTRACTIONS = 16;

export class ExtractorBusyError extends Error {
  constructor() {
    super('The notes engine is busy; please try again shortly');
    this.name = 'ExtractorBusyError';
  }
}

/** What the thread runs: the SOAP notes of a consultation, or a herd visit split per animal. */
type Kind = 'notes' | 'herd';
type Answer = ExtractResponse | HerdVisitNotes;

const runInline = (kind: Kind, request: ExtractRequest): Answer =>
  kind === 'herd' ? extractHerdVisit(request) : extractClinicalNotes(request);

interface Job {
  id: number;
  kind: Kind;
  request: ExtractRequest;
  resolve: (response: Answer) => void;
  reject: (error: Error) => void;
}

/**
 * One worker thread shared by every request, extractions one at a time in arrival order. Work per
 * request is linear in the transcript and the transcript is capped (MAX_TRANSCRIPT_CHARS), so one
 * request costs at most a few seconds of that thread; the event loop (every other practice) never waits.
 * Where no worker can be started (a test runner without tsx), extraction runs inline as before.
 */
class ExtractionThread {
  private worker: Worker | undefined;
  private unavailable = false;
  private nextId = 1;
  private readonly jobs = new Map<number, Job>();

  run(kind: Kind, request: ExtractRequest): Promise<Answer> {
    const worker = this.ensureWorker();
    if (!worker) return Promise.resolve(runInline(kind, request));
    if (this.jobs.size >= MAX_QUEUED_EXTRACTIONS) return Promise.reject(new ExtractorBusyError());
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.jobs.set(id, { id, kind, request, resolve, reject });
      worker.postMessage({ id, kind, request });
      if (this.jobs.size === 1) worker.ref();
    });
  }

  private ensureWorker(): Worker | undefined {
    if (this.worker || this.unavailable) return this.worker;
    const here = import.meta.url;
    try {
      const entry = new URL(`./embedded-worker.${here.endsWith('.ts') ? 'ts' : 'js'}`, here).href;
      const worker = new Worker(new URL('./worker-bootstrap.mjs', here), { workerData: { entry } });
      worker.on('message', (message: { id: number; response?: Answer; error?: string }) => {
        const job = this.jobs.get(message.id);
        if (!job) return;
        this.jobs.delete(message.id);
        if (this.jobs.size === 0) worker.unref();
        if (message.response) job.resolve(message.response);
        else job.reject(new Error(message.error ?? 'The notes extractor failed'));
      });
      worker.on('error', (error) => this.fail(worker, error));
      worker.on('exit', (code) =>
        this.fail(worker, new Error(`The notes worker stopped (exit code ${code})`)),
      );
      worker.unref();
      this.worker = worker;
      return worker;
    } catch (error) {
      currentLogger({ component: 'notes' }).warn(
        { reason: error instanceof Error ? error.message : String(error) },
        'no notes worker thread; extracting inline',
      );
      this.unavailable = true;
      return undefined;
    }
  }

  /** A dead worker: its jobs are answered inline, and the next request starts a fresh worker. */
  private fail(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    const orphans = [...this.jobs.values()];
    this.jobs.clear();
    if (orphans.length > 0)
      currentLogger({ component: 'notes' }).warn(
        { reason: error.message },
        'notes worker failed; extracting inline',
      );
    for (const job of orphans) {
      try {
        job.resolve(runInline(job.kind, job.request));
      } catch (inline) {
        job.reject(inline instanceof Error ? inline : new Error(String(inline)));
      }
    }
  }
}

const thread = new ExtractionThread();

/** The built-in deterministic bilingual extractor: no model, no network, same code as the browser runs. */
export class EmbeddedNotesExtractor implements NotesExtractor {
  readonly id = 'embedded' as const;

  extract(request: ExtractRequest): Promise<ExtractResponse> {
    return thread.run('notes', request) as Promise<ExtractResponse>;
  }

  /** A herd visit split per animal (POST /api/herd-visits/split), on the same thread and queue bound. */
  splitHerdVisit(request: ExtractRequest): Promise<HerdVisitNotes> {
    return thread.run('herd', request) as Promise<HerdVisitNotes>;
  }
}
