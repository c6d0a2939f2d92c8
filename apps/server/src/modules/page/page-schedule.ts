import type { FastifyInstance } from 'fastify';
import type { MinuteTask } from '../../lib/jobs/minute-tasks.ts';
import { systemContexts, type PrincipalContexts } from '../../lib/context/request-context.ts';
import type { SystemPrincipal } from '../../lib/context/principals.ts';
import { duePages, publishScheduledPage } from './page.repository.ts';
import { holdUnapproved } from '../review/review-schedule.ts';

export const PAGE_PUBLISH_TASK = 'publish-scheduled-pages';

/**
 * Publishes the scheduled pages whose minute has come, as the system. The change is one conditional
 * update per page (`status = 'scheduled'` still holds), in a transaction with its audit entry, so
 * with several instances ticking each page is published, and audited, exactly once. With the review
 * workflow on, a page whose content is not the approved one waits (its author is mailed once per version).
 */
export async function publishDuePages(system: PrincipalContexts<SystemPrincipal>, now: Date): Promise<number[]> {
  const due = await duePages(system.read().db, now.toISOString());
  const published: number[] = [];
  for (const p of due) {
    // Issue 41: with the review workflow on, only an approved version goes out; the author hears why it waits.
    if (await holdUnapproved(system, 'page', p.id)) continue;
    const won = await system.inTransaction(async (ctx) => {
      if (!(await publishScheduledPage(ctx.trx, p.id, p.publish_at, now.toISOString()))) return false;
      await ctx.audit({
        action: 'publish',
        target_type: 'page',
        target_id: p.id,
        before: { status: 'scheduled', publish_at: p.publish_at },
        after: { status: 'published', published_at: p.publish_at },
      });
      return true;
    });
    if (won) published.push(p.id);
  }
  return published;
}

export const pagePublishTask = (app: FastifyInstance): MinuteTask => {
  const system = systemContexts(app, PAGE_PUBLISH_TASK);
  return {
    name: PAGE_PUBLISH_TASK,
    async run(now) {
      const ids = await publishDuePages(system, now);
      if (ids.length) app.log.info({ pages: ids }, 'scheduled pages published');
    },
  };
};
