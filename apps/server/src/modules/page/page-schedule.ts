import type { FastifyInstance } from 'fastify';
import type { DbOrTrx } from '../../db/database.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { MinuteTask } from '../../lib/jobs/minute-tasks.ts';

const SYSTEM = { actor_id: null, impersonator_id: null, organization_id: null, ip: null, user_agent: 'scheduler' };

/**
 * Publishes the scheduled pages whose minute has come. The change is one conditional update per page
 * (`status = 'scheduled'` still holds), so with several instances ticking each page is published,
 * and audited, exactly once.
 */
export async function publishDuePages(db: DbOrTrx, now: Date): Promise<number[]> {
  const due = await db
    .selectFrom('pages')
    .select(['id', 'publish_at'])
    .where('status', '=', 'scheduled')
    .where('publish_at', '<=', now.toISOString())
    .execute();
  const published: number[] = [];
  for (const p of due) {
    const won = await db
      .updateTable('pages')
      .set({ status: 'published', published_at: p.publish_at, publish_at: null, updated_at: now.toISOString() })
      .where('id', '=', p.id)
      .where('status', '=', 'scheduled')
      .where('publish_at', '=', p.publish_at)
      .executeTakeFirst();
    if (Number(won.numUpdatedRows) !== 1) continue;
    published.push(p.id);
    await writeAudit(db, SYSTEM, {
      action: 'publish',
      target_type: 'page',
      target_id: p.id,
      before: { status: 'scheduled', publish_at: p.publish_at },
      after: { status: 'published', published_at: p.publish_at },
    });
  }
  return published;
}

export const pagePublishTask = (app: FastifyInstance): MinuteTask => ({
  name: 'publish-scheduled-pages',
  async run(now) {
    const ids = await publishDuePages(app.db, now);
    if (ids.length) app.log.info({ pages: ids }, 'scheduled pages published');
  },
});
