import type { FastifyInstance } from 'fastify';
import type { ActingPrincipal } from '../context/principals.ts';
import { systemContexts, type PrincipalContexts } from '../context/request-context.ts';
import type { DailyJob } from '../jobs/daily-jobs.ts';
import { eventLoopPacer } from '../event-loop.ts';
import { organizationsWithRosters } from './due-items.repository.ts';
import { recomputeDueItems } from './recompute.ts';

export const COMPLIANCE_RECOMPUTE_JOB = 'compliance_recompute';

/**
 * Every organization's due items computed again for `day`, one transaction per organization (ages,
 * windows and roster ends move with the calendar). Unaudited: the due items are derived rows, the
 * record is job_runs (lib/jobs/daily-jobs.ts); what they derive from was audited when it changed.
 */
export async function recomputeEveryOrganization(
  contexts: PrincipalContexts<ActingPrincipal>,
  day: string,
): Promise<{ organizations: number; rows: number; items: number }> {
  const organizations = await organizationsWithRosters(contexts.read().db);
  const pace = eventLoopPacer();
  let rows = 0;
  let items = 0;
  for (const org of organizations) {
    await pace();
    const done = await contexts.inTransaction((ctx) => recomputeDueItems(ctx.trx, { by: 'organization', ids: [org] }, day), org);
    rows += done.rows;
    items += done.items;
  }
  return { organizations: organizations.length, rows, items };
}

/** The daily recompute (COMPLIANCE_RECOMPUTE_TIME, Taipei). */
export const complianceRecomputeJob = (app: FastifyInstance): DailyJob => ({
  name: COMPLIANCE_RECOMPUTE_JOB,
  at: app.config.jobs.complianceRecomputeAt,
  run: (day) => recomputeEveryOrganization(systemContexts(app, COMPLIANCE_RECOMPUTE_JOB), day),
});
