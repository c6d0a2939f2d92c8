import type { ReviewType, ReviewWorkflow } from '@bo/shared/schemas/review';
import type { WriteContext } from '../../lib/context/request-context.ts';
import { appLink } from '../../lib/mail/outbox.ts';
import { adminsHolding, rolesInto } from './review-workflows.ts';
import { adminById } from './review.repository.ts';

/** What happened, as the mail says it (zh-TW, the admins' language; the template has en-US for a customised one). */
const EVENTS = {
  submitted: '已送審，等待您審核',
  approved: '已核准',
  returned: '已退回',
  commented: '有新的審核意見',
  back_to_review: '核准後又被修改，需要再次審核',
  schedule_waiting: '排程時間已到，但這個版本尚未核准，暫不發布',
} as const;
export type ReviewEvent = keyof typeof EVENTS;

interface Item {
  type: ReviewType;
  id: number;
  title: string | null;
}

const actorIdOf = (ctx: WriteContext) => (ctx.principal.kind === 'admin' ? ctx.principal.id : null);

const reviewLink = (ctx: WriteContext, item: Item) => appLink(ctx.config, `/admin/reviews/${item.type}/${item.id}`);

async function mailTo(
  ctx: WriteContext,
  to: { id: number; name: string; email: string },
  item: Item,
  event: ReviewEvent,
  actorName: string,
  note: string,
) {
  await ctx.sendMail({
    to: to.email,
    template: 'review_notice',
    locale: 'zh-TW',
    adminId: to.id,
    variables: {
      name: to.name,
      event: EVENTS[event],
      itemTitle: item.title ?? `#${item.id}`,
      actorName,
      note,
      link: reviewLink(ctx, item),
    },
  });
}

/** Mails the admins who may take the item's next step (never its author), e.g. on submit. */
export async function tellApprovers(
  ctx: WriteContext,
  w: ReviewWorkflow,
  nextStage: string,
  item: Item,
  authorId: number | null,
  event: ReviewEvent,
  actorName: string,
  note = '',
): Promise<number> {
  const approvers = (await adminsHolding(ctx.db, rolesInto(w, nextStage))).filter((a) => a.id !== authorId && a.id !== actorIdOf(ctx));
  for (const a of approvers) await mailTo(ctx, a, item, event, actorName, note);
  return approvers.length;
}

/** Mails the author of the version (approve, return, comment, a schedule waiting), unless they did it themselves. */
export async function tellAuthor(
  ctx: WriteContext,
  authorId: number | null,
  item: Item,
  event: ReviewEvent,
  actorName: string,
  note = '',
): Promise<boolean> {
  if (authorId === null || authorId === actorIdOf(ctx)) return false;
  const author = await adminById(ctx.db, authorId);
  if (!author) return false;
  await mailTo(ctx, author, item, event, actorName, note);
  return true;
}
