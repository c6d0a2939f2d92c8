import type { FastifyInstance } from 'fastify';
import type { DailyJob } from '../../lib/jobs/daily-jobs.ts';
import { systemContexts } from '../../lib/context/request-context.ts';
import { expiredKeptFiles, forgetKeptFiles } from '../../lib/storage/kept-files.repository.ts';

export const KEPT_FILES_SWEEP_JOB = 'sweep-kept-files';
const BATCH = 500;

/**
 * Daily: stored files a change removed and kept for a restore (docs/history.md) are deleted from
 * storage once HISTORY_RETENTION_DAYS have passed. Each batch forgets its rows in a transaction and
 * deletes the objects after its commit, so a failure leaves an orphan object, never a row without its file.
 */
export const keptFilesSweepJob = (app: FastifyInstance): DailyJob => ({
  name: KEPT_FILES_SWEEP_JOB,
  at: app.config.jobs.keptFilesSweepAt,
  run: (_day, now) => sweepKeptFiles(app, now),
});

export async function sweepKeptFiles(app: FastifyInstance, now = new Date()): Promise<{ deleted: number }> {
  const system = systemContexts(app, KEPT_FILES_SWEEP_JOB);
  let deleted = 0;
  for (;;) {
    const rows = await expiredKeptFiles(system.read().db, now, BATCH);
    if (!rows.length) break;
    await system.inTransaction(async (ctx) => {
      await forgetKeptFiles(
        ctx.db,
        rows.map((r) => r.id),
      );
      ctx.dropAfterCommit(rows.map((r) => r.storage_key));
    });
    deleted += rows.length;
    if (rows.length < BATCH) break;
  }
  return { deleted };
}
