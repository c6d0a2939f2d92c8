import type { FastifyInstance } from 'fastify';
import type { DailyJob } from '../../lib/jobs/daily-jobs.ts';
import { systemContexts } from '../../lib/context/request-context.ts';
import { anchorAuditPeriod, anchorRecipients, dayPeriod, logAnchor } from './audit-chain-anchors.ts';
import { checkAuditChainOnce, dayBefore } from './audit-chain.service.ts';

export const AUDIT_CHAIN_JOB = 'audit_chain';

/**
 * Each Taipei day (AUDIT_CHAIN_TIME): anchors the day before (its head in the database, the server log
 * and a mail kept elsewhere: AUDIT_ANCHOR_MAIL, else every super admin when mail is set up), then
 * verifies the whole chain and records the outcome; a broken chain is logged as an error and mailed to
 * the super admins (checkAuditChain).
 */
export const auditChainJob = (app: FastifyInstance): DailyJob => ({
  name: AUDIT_CHAIN_JOB,
  at: app.config.jobs.auditChainAt,
  run: async (day) => {
    const system = systemContexts(app, AUDIT_CHAIN_JOB);
    const mailTo = await anchorRecipients(system.read().db, app.config, true);
    const anchor = await system.inTransaction((ctx) => anchorAuditPeriod(ctx, dayPeriod(dayBefore(day)), mailTo));
    if (anchor.recorded) logAnchor(app, anchor);
    const check = await checkAuditChainOnce(app.singleFlight, system.read().db, (fn) => system.inTransaction(fn), 'daily');
    if (check.status === 'broken') app.log.error({ auditChain: check }, 'audit chain broken');
    return { anchor, check };
  },
});
