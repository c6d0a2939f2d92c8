import type { FastifyInstance } from 'fastify';
import type { DailyJob } from '../../lib/jobs/daily-jobs.ts';
import { systemContexts } from '../../lib/context/request-context.ts';
import { loadAppConfig } from '../../lib/app-config.ts';
import { anonymiseStaff, eraseHealthChecks, eraseStaff } from './personal-data.repository.ts';
import { healthRetentionBatches, maskName, retentionBatches } from './retention.ts';

export const RETENTION_JOB = 'personal_data_retention';

/** The daily retention run (PERSONAL_DATA_RETENTION_TIME, Taipei). */
export const retentionJob = (app: FastifyInstance): DailyJob => ({
  name: RETENTION_JOB,
  at: app.config.jobs.personalDataRetentionAt,
  run: (day) => runRetention(app, day),
});

/**
 * Anonymises (or, as the company chose, erases) every departed staff whose period ended before
 * `day`, a batch per transaction. Each record gets its own audit entry (so the person's history
 * says what happened to it and when) naming the rule and the fields emptied, never their values;
 * each batch also gets one `retention_run` entry naming its ids, the summary an auditor reads. A run
 * taken again after a failure finds only what is left: anonymised rows are no longer candidates.
 */
export async function runRetention(app: FastifyInstance, day: string): Promise<Record<string, unknown>> {
  const system = systemContexts(app, RETENTION_JOB);
  const { db } = system.read();
  const retention = (await loadAppConfig(db)).personalDataRetention;
  const action = retention.departedStaffAction;
  const touched: number[] = [];
  for await (const batch of retentionBatches(db, retention, day)) {
    await system.inTransaction(async (ctx) => {
      const ids = batch.map((b) => b.id);
      const at = new Date().toISOString();
      ctx.dropAfterCommit(action === 'erase' ? await eraseStaff(ctx.trx, ids) : await anonymiseStaff(ctx.trx, ids, at));
      for (const item of batch) {
        await ctx.audit({
          action: action === 'erase' ? 'erase' : 'anonymise',
          target_type: 'staff',
          target_id: item.id,
          target_label: maskName(item.name),
          organization_id: item.organization_id,
          after: { rule: 'departed-staff', left_on: item.left_on, kept_until: item.kept_until, years: retention.departedStaffYears },
        });
      }
      await ctx.audit({
        action: 'retention_run',
        target_type: 'personal_data',
        target_id: day,
        after: { rule: 'departed-staff', action, day, staff_ids: ids },
      });
    });
    touched.push(...batch.map((b) => b.id));
  }
  // Issue 38: health-check records past their period (from the check day) are erased, with their scans.
  const healthErased: number[] = [];
  for await (const batch of healthRetentionBatches(db, retention, day)) {
    await system.inTransaction(async (ctx) => {
      const ids = batch.map((b) => b.id);
      ctx.dropAfterCommit(await eraseHealthChecks(ctx.trx, ids));
      for (const item of batch)
        await ctx.audit({
          action: 'erase',
          target_type: 'staff_health_check',
          target_id: item.id,
          target_label: `${item.check_kind} ${item.checked_on}`,
          organization_id: item.organization_id,
          before: { staff_id: item.staff_id, check_kind: item.check_kind, checked_on: item.checked_on },
          after: { rule: item.rule, kept_until: item.kept_until },
          version_of: { target_type: 'staff', target_id: item.staff_id, fields: ['staff_health_check'] },
        });
      await ctx.audit({
        action: 'retention_run',
        target_type: 'personal_data',
        target_id: day,
        after: { rule: batch[0]!.rule, action: 'erase', day, health_check_ids: ids },
      });
    });
    healthErased.push(...batch.map((b) => b.id));
  }
  return {
    action,
    touched: touched.length,
    staff_ids: touched.slice(0, 1000),
    health_checks_erased: healthErased.length,
    health_check_ids: healthErased.slice(0, 1000),
  };
}
