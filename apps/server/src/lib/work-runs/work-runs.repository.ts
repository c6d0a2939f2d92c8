import type { WorkRunKind } from '@bo/shared/schemas/work-runs';
import type { ReadDb, Trx } from '../../db/database.ts';

/* work_runs (migration 0097): long work an admin started, and how it ended (lib/work-runs/work-runs.ts). */

export interface NewWorkRun {
  kind: WorkRunKind;
  organization_id: number | null;
  admin_id: number;
  detail: Record<string, unknown>;
  host: string;
  pid: number;
}

export async function insertWorkRun(trx: Trx, run: NewWorkRun, now: string): Promise<number> {
  const row = await trx
    .insertInto('work_runs')
    .values({ ...run, detail: JSON.stringify(run.detail), status: 'running', started_at: now, heartbeat_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Ends a run that is still running (one already marked interrupted stays so). */
export async function finishWorkRun(trx: Trx, id: number, status: 'done' | 'failed', now: string): Promise<void> {
  await trx.updateTable('work_runs').set({ status, finished_at: now }).where('id', '=', id).where('status', '=', 'running').execute();
}

export async function touchWorkRuns(trx: Trx, ids: readonly number[], now: string): Promise<void> {
  if (!ids.length) return;
  await trx.updateTable('work_runs').set({ heartbeat_at: now }).where('id', 'in', ids).where('status', '=', 'running').execute();
}

export const runningWorkRuns = (db: ReadDb) =>
  db.selectFrom('work_runs').select(['id', 'host', 'pid', 'started_at', 'heartbeat_at']).where('status', '=', 'running').execute();

/** Marks these runs interrupted (those still running); answers the ones it marked. */
export const markWorkRunsInterrupted = async (trx: Trx, ids: readonly number[], now: string) =>
  ids.length
    ? trx
        .updateTable('work_runs')
        .set({ status: 'interrupted', finished_at: now })
        .where('id', 'in', ids)
        .where('status', '=', 'running')
        .returning(['id', 'kind', 'detail'])
        .execute()
    : [];

/** The admin's interrupted runs of `kind` not dismissed yet, newest first. */
export const interruptedWorkRuns = (db: ReadDb, adminId: number, kind: WorkRunKind) =>
  db
    .selectFrom('work_runs')
    .select(['id', 'kind', 'organization_id', 'started_at', 'detail'])
    .where('admin_id', '=', adminId)
    .where('kind', '=', kind)
    .where('status', '=', 'interrupted')
    .where('dismissed_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(20)
    .execute();

/** Closes the notice of one of the admin's interrupted runs; answers whether there was one. */
export async function dismissWorkRun(trx: Trx, id: number, adminId: number, now: string): Promise<boolean> {
  const r = await trx
    .updateTable('work_runs')
    .set({ dismissed_at: now })
    .where('id', '=', id)
    .where('admin_id', '=', adminId)
    .where('status', '=', 'interrupted')
    .where('dismissed_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
