import type { Trx } from '../../db/database.ts';

/*
 * job_runs: one row per daily job and Taipei day, claimed by one server instance (lib/jobs/daily-jobs.ts).
 */

/**
 * Claims the day's run of `job`: a new row, or a failed or dead run started before `retakeBefore`
 * (conditional, so one instance does). The run's id, or null when another run holds it.
 */
export async function claimJobRun(db: Trx, job: string, day: string, startedAt: string, retakeBefore: string): Promise<number | null> {
  const inserted = await db
    .insertInto('job_runs')
    .values({ job, run_key: day, status: 'running', started_at: startedAt, finished_at: null, detail: null })
    .onConflict((oc) => oc.columns(['job', 'run_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted.id;
  const retaken = await db
    .updateTable('job_runs')
    .set({ status: 'running', started_at: startedAt, finished_at: null })
    .where('job', '=', job)
    .where('run_key', '=', day)
    .where('status', '!=', 'done')
    .where('started_at', '<', retakeBefore)
    .returning('id')
    .executeTakeFirst();
  return retaken?.id ?? null;
}

export async function finishJobRun(db: Trx, id: number, status: 'done' | 'failed', detail: Record<string, unknown>): Promise<void> {
  await db
    .updateTable('job_runs')
    .set({ status, finished_at: new Date().toISOString(), detail: JSON.stringify(detail) })
    .where('id', '=', id)
    .execute();
}
