import type { FastifyInstance } from 'fastify';
import type { DailyJob } from '../../lib/jobs/daily-jobs.ts';
import { systemContexts } from '../../lib/kit/request-context.ts';
import { anchorAuditDay, checkAuditChainOnce, dayBefore } from './audit-chain.service.ts';

export const AUDIT_CHAIN_JOB = 'audit_chain';

/**
 * Each Taipei day (AUDIT_CHAIN_TIME): anchors the day before (its head in the database, the server log
 * and, with AUDIT_ANCHOR_MAIL, a mail kept elsewhere), then verifies the whole chain and records the
 * outcome; a broken chain is logged as an error.
 */
export const auditChainJob = (app: FastifyInstance): DailyJob => ({
  name: AUDIT_CHAIN_JOB,
  at: app.config.jobs.auditChainAt,
  run: async (day) => {
    const system = systemContexts(app, AUDIT_CHAIN_JOB);
    const anchor = await system.inTransaction((ctx) => anchorAuditDay(ctx, dayBefore(day), app.config.audit.anchorMailTo));
    app.log.info(
      { auditAnchor: { day: anchor.day, last_id: anchor.last_id, head_hash: anchor.head_hash, entries: anchor.entries } },
      'audit chain anchored',
    );
    const check = await checkAuditChainOnce(app.singleFlight, system.read().db, (fn) => system.inTransaction(fn), 'daily');
    if (check.status === 'broken') app.log.error({ auditChain: check }, 'audit chain broken');
    return { anchor, check };
  },
});
