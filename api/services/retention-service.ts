import { RETENTION_YEARS_MIN } from '#shared/schemas/admin.js';
import type { AdminRepository, RetentionCandidate } from '../repositories/admin.js';
import type { IdempotencyRepository } from '../repositories/idempotency.js';
import type { AudioDeleter } from './admin-service.js';
import type { AuditService } from './audit-service.js';
import type { BlobSweepReport } from './blob-sweep.js';
import type { Clock } from './clock.js';
import type { RateLimitService } from './rate-limit-service.js';
import { currentLogger } from '../logging/logger.js';

const log = () => currentLogger({ component: 'retention' });

/**
 * How long a replayable Idempotency-Key outcome (which holds a transcript copy) is kept: a recorder retries
 * within minutes, or after days offline on a farm; past this a retry is simply worked again.
 */
export const IDEMPOTENCY_KEEP_DAYS = 7;

export interface PracticePurge {
  practiceId: string;
  retentionYears: number;
  /** Patients whose last consultation is before this instant are expired. */
  cutoff: string;
  recordingIds: string[];
}

export interface PurgeReport {
  dryRun: boolean;
  ranAt: string;
  practices: PracticePurge[];
  recordingsDeleted: number;
  audioBlobsDeleted: number;
  practicesOnLegalHold: number;
  rateLimitEventsPruned: number;
  idempotencyKeysPruned: number;
  /** The blob sweep that follows every real purge (0 on a dry run). */
  temporaryBlobsDeleted: number;
  orphanBlobsDeleted: number;
}

export interface RetentionService {
  /** Deletes (or with dryRun, lists) every expired record and its audio; practices on legal hold are skipped. */
  purge(options?: { dryRun?: boolean }): Promise<PurgeReport>;
  /** Removes half-written uploads and audio no recording references (at boot; also part of purge()). */
  sweepBlobs(): Promise<BlobSweepReport>;
  /** Runs purge() every `intervalMs` (first run after one interval); returns a stop function. */
  schedule(intervalMs: number): () => void;
}

/** Same animal, same owner: the unit whose "last consultation" the retention period counts from. */
function patientKey(row: Pick<RetentionCandidate, 'patientName' | 'clientName'>): string {
  const norm = (value: string | null) => (value ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
  return `${norm(row.patientName)}\u0000${norm(row.clientName)}`;
}

export function retentionCutoff(now: Date, years: number): Date {
  const cutoff = new Date(now.getTime());
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - Math.max(RETENTION_YEARS_MIN, years));
  return cutoff;
}

/**
 * The recordings of one practice that may go: every recording of a patient whose latest consultation (any
 * recording, soft-deleted ones included) is older than the cutoff. A patient seen again keeps its history.
 */
export function expiredRecordings(rows: RetentionCandidate[], cutoff: Date): RetentionCandidate[] {
  const last = new Map<string, number>();
  for (const row of rows) {
    const key = patientKey(row);
    last.set(key, Math.max(last.get(key) ?? -Infinity, new Date(row.recordedAt).getTime()));
  }
  return rows.filter((row) => (last.get(patientKey(row)) ?? Infinity) < cutoff.getTime());
}

export function createRetentionService(deps: {
  admin: AdminRepository;
  audit: AuditService;
  rateLimits: RateLimitService;
  idempotency: Pick<IdempotencyRepository, 'pruneCompletedBefore'>;
  deleteAudio: AudioDeleter;
  clock: Clock;
  sweepBlobs?: () => Promise<BlobSweepReport>;
}): RetentionService {
  const { admin, audit, rateLimits, idempotency, deleteAudio, clock } = deps;
  const sweepBlobs = deps.sweepBlobs ?? (async () => ({ temporaryBlobsDeleted: 0, orphanBlobsDeleted: 0 }));
  let running: Promise<PurgeReport> | undefined;

  async function run(dryRun: boolean): Promise<PurgeReport> {
    const now = clock();
    const report: PurgeReport = {
      dryRun,
      ranAt: now.toISOString(),
      practices: [],
      recordingsDeleted: 0,
      audioBlobsDeleted: 0,
      practicesOnLegalHold: await admin.countOnLegalHold(),
      rateLimitEventsPruned: 0,
      idempotencyKeysPruned: 0,
      temporaryBlobsDeleted: 0,
      orphanBlobsDeleted: 0,
    };
    for (const practice of await admin.practicesForPurge()) {
      const cutoff = retentionCutoff(now, practice.retentionYears);
      const expired = expiredRecordings(await admin.recordingsForRetention(practice.id), cutoff);
      if (expired.length === 0) continue;
      const ids = expired.map((row) => row.id);
      report.practices.push({
        practiceId: practice.id,
        retentionYears: practice.retentionYears,
        cutoff: cutoff.toISOString(),
        recordingIds: ids,
      });
      if (dryRun) continue;

      const deleted = await admin.deleteRecordings(practice.id, ids);
      const keys = [...new Set(expired.flatMap((row) => (row.audioBlobKey ? [row.audioBlobKey] : [])))];
      const stillUsed = await admin.referencedAudioKeys(keys);
      const orphaned = keys.filter((key) => !stillUsed.has(key));
      await deleteAudio(orphaned);
      report.recordingsDeleted += deleted;
      report.audioBlobsDeleted += orphaned.length;
      await audit.record({
        actorId: null,
        practiceId: practice.id,
        action: 'retention.purge',
        targetType: 'practice',
        targetId: practice.id,
        details: {
          retentionYears: practice.retentionYears,
          cutoff: cutoff.toISOString(),
          recordingsDeleted: deleted,
          audioBlobsDeleted: orphaned.length,
          recordingIds: ids,
        },
      });
    }
    if (!dryRun) {
      report.rateLimitEventsPruned = await rateLimits.prune();
      const before = new Date(now.getTime() - IDEMPOTENCY_KEEP_DAYS * 86_400_000).toISOString();
      report.idempotencyKeysPruned = await idempotency.pruneCompletedBefore(before);
      Object.assign(report, await sweepBlobs());
    }
    return report;
  }

  return {
    async purge(options = {}) {
      // One purge at a time per process: the timer and a manual run must not race over the same rows.
      while (running) await running.catch(() => undefined);
      running = run(options.dryRun ?? false);
      try {
        return await running;
      } finally {
        running = undefined;
      }
    },

    sweepBlobs,

    schedule(intervalMs) {
      const timer = setInterval(() => {
        void this.purge().then(
          (report) => {
            if (report.recordingsDeleted > 0)
              log().info(
                { recordingsDeleted: report.recordingsDeleted, practices: report.practices.length },
                'expired recordings purged',
              );
          },
          (error: unknown) => log().error({ err: error }, 'retention purge failed'),
        );
      }, intervalMs);
      // The timer alone must not keep the process alive (tests, graceful shutdown).
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
