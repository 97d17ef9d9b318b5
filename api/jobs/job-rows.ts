import { sql, type Kysely } from 'kysely';
import type { Database, JobsTable } from '../../db/schema.js';
import type { ProgressChange, ProgressStage, TranscriptionProgress } from '../transcription/progress.js';
import type { Selectable } from 'kysely';

type JobRow = Selectable<JobsTable>;

const FINAL: ProgressStage[] = ['done', 'failed'];
/** How long a finished job stays readable (as the in-process store keeps it). */
const KEEP_FINISHED_MS = 10 * 60_000;

/** The `jobs` table (0007_jobs): what a client reads of a job that any process may be running. */
export function jobRows(db: Kysely<Database>, now: () => Date, perPractice = 100) {
  const stamp = () => now().toISOString();
  return {
    /**
     * Starts the practice's job `clientId` afresh: a finished one with that id (and finished jobs past
     * their keeping time) are removed first. Undefined when one with that id is still running.
     */
    async begin(row: { id: string; practiceId: string; clientId: string; requestId: string | null }) {
      const at = stamp();
      await db
        .deleteFrom('jobs')
        .where('stage', 'in', FINAL)
        .where((eb) =>
          eb.or([
            eb('updatedAt', '<', new Date(now().getTime() - KEEP_FINISHED_MS).toISOString()),
            eb.and([eb('practiceId', '=', row.practiceId), eb('clientId', '=', row.clientId)]),
          ]),
        )
        .execute();
      const inserted = await db
        .insertInto('jobs')
        .values({
          ...row,
          kind: 'transcription',
          stage: 'receiving',
          input: '{}',
          createdAt: at,
          updatedAt: at,
        })
        .onConflict((oc) => oc.columns(['practiceId', 'clientId']).doNothing())
        .executeTakeFirst();
      // A practice that floods the table (TRANSCRIPTION_PROGRESS_PER_PRACTICE) evicts only its own oldest
      // finished jobs, never another practice's.
      await db
        .deleteFrom('jobs')
        .where('practiceId', '=', row.practiceId)
        .where('stage', 'in', FINAL)
        .where('id', 'not in', (eb) =>
          eb
            .selectFrom('jobs')
            .select('id')
            .where('practiceId', '=', row.practiceId)
            .orderBy('createdAt', 'desc')
            .limit(perPractice),
        )
        .execute();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    async get(id: string): Promise<JobRow | undefined> {
      return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async find(practiceId: string, clientId: string): Promise<JobRow | undefined> {
      return db
        .selectFrom('jobs')
        .selectAll()
        .where('practiceId', '=', practiceId)
        .where('clientId', '=', clientId)
        .executeTakeFirst();
    },
    async setInput(id: string, input: string, audioKey: string): Promise<void> {
      await db
        .updateTable('jobs')
        .set({ input, audioKey, updatedAt: stamp() })
        .where('id', '=', id)
        .execute();
    },
    /** One more attempt begins (a retry after a failure or a dead process counts too). */
    async attempt(id: string): Promise<void> {
      await db
        .updateTable('jobs')
        .set({ attempts: sql<number>`"attempts" + 1`, updatedAt: stamp() })
        .where('id', '=', id)
        .execute();
    },
    /** Progress of a running job; percent never goes back (a retry starts over without the bar jumping). */
    async update(id: string, change: ProgressChange): Promise<void> {
      const { percent, result: _result, ...rest } = change;
      await db
        .updateTable('jobs')
        .set({
          ...rest,
          ...(percent !== undefined
            ? { percent: sql<number>`greatest(${Math.min(100, Math.round(percent))}, "percent")` }
            : {}),
          updatedAt: stamp(),
        })
        .where('id', '=', id)
        .where('stage', 'not in', FINAL)
        .execute();
    },
    /**
     * Ends the job once: only a job still running is finished, so a second process finishing the same job
     * (its first runner was thought dead) changes nothing. True when this call finished it.
     */
    async finish(
      id: string,
      by: string,
      outcome: { result: unknown } | { error: string; errorStatus: number },
    ): Promise<boolean> {
      const updated = await db
        .updateTable('jobs')
        .set({
          ...('result' in outcome
            ? { stage: 'done', percent: 100, result: JSON.stringify(outcome.result) }
            : { stage: 'failed', error: outcome.error, errorStatus: outcome.errorStatus }),
          finishedBy: by,
          updatedAt: stamp(),
        })
        .where('id', '=', id)
        .where('stage', 'not in', FINAL)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) > 0;
    },
    /** Jobs accepted but not yet picked up by any process. */
    async waiting(): Promise<number> {
      const row = await db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('stage', '=', 'receiving')
        .where('audioKey', 'is not', null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}

export type JobRows = ReturnType<typeof jobRows>;

export function toProgress(row: JobRow): TranscriptionProgress {
  return {
    id: row.clientId,
    stage: row.stage as ProgressStage,
    percent: row.percent,
    piecesDone: row.piecesDone,
    piecesTotal: row.piecesTotal,
    audioSeconds: row.audioSeconds,
    error: row.error,
    errorStatus: row.errorStatus,
    result: row.result === null ? null : (JSON.parse(row.result) as unknown),
    startedAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export const isFinal = (stage: string): boolean => (FINAL as string[]).includes(stage);
