import { REVIEW_KEYS, type ReviewType } from '@bo/shared/schemas/review';
import type { ReadDb } from '../../db/database.ts';
import type { UnchainedAuditRow } from '../../lib/context/audit-chain-append.ts';
import { versionsOf } from '../../lib/context/record-versions.repository.ts';
import type { WriteContext } from '../../lib/context/request-context.ts';
import { AppError } from '../../lib/errors.ts';
import { MESSAGES } from '@bo/shared/messages';
import { tellApprovers } from './review-notify.ts';
import { contentHash, isReviewType, REVIEW_TARGETS, type ReviewTarget } from './review-targets.ts';
import { readWorkflows, reviewingStages, workflowOf } from './review-workflows.ts';
import {
  findSnapshot,
  findState,
  forgetReview,
  putSnapshot,
  putState,
  snapshotsOf,
  snapshotsOfType,
  type StateRow,
} from './review.repository.ts';

export const notApproved = () =>
  new AppError(409, MESSAGES.conflict, { review: [REVIEW_KEYS.notApproved] }, undefined, { key: REVIEW_KEYS.notApproved });

export async function currentVersion(db: ReadDb, type: string, id: number): Promise<number> {
  return (await versionsOf(db, type, [String(id)])).get(String(id)) ?? 0;
}

const parse = (json: string | null): Record<string, unknown> | null => {
  if (!json) return null;
  try {
    const v = JSON.parse(json);
    return v && typeof v === 'object' && !Array.isArray(v) ? v : null;
  } catch {
    return null;
  }
};

/** Whether an audited change put the record on the website (or scheduled it): its live field went from off to on. */
function wentLive(target: ReviewTarget, rows: readonly UnchainedAuditRow[]): boolean {
  const field = target.liveField;
  if (!field) return false;
  return rows.some((r) => {
    const after = parse(r.after);
    if (!after || !(field in after) || !target.isLiveValue(after[field])) return false;
    const before = parse(r.before);
    return !(before && target.isLiveValue(before[field]));
  });
}

/** Writes the published snapshot of a record's view, as approved (`hash`), at `version`. */
export async function publishSnapshot(ctx: WriteContext, type: ReviewType, view: { id: number }, hash: string, version: number) {
  await putSnapshot(ctx.trx, {
    target_type: type,
    target_id: view.id,
    version,
    hash,
    body: JSON.stringify(view),
    published_at: new Date().toISOString(),
  });
}

/**
 * The content modules' changes as the review sees them (ContextHost.afterAudit, in the change's own
 * transaction): content as approved keeps its approval (and, once on the website, becomes the published
 * snapshot); other content goes back to review, and putting it on the website or scheduling it is refused.
 */
export async function reviewAfterAudit(ctx: WriteContext, rows: readonly UnchainedAuditRow[]): Promise<void> {
  const touched = new Map<string, { type: ReviewType; id: number; rows: UnchainedAuditRow[] }>();
  for (const r of rows) {
    if (!isReviewType(r.target_type) || !r.target_id || !/^\d+$/.test(r.target_id)) continue;
    const key = `${r.target_type}:${r.target_id}`;
    const t = touched.get(key) ?? { type: r.target_type, id: Number(r.target_id), rows: [] };
    t.rows.push(r);
    touched.set(key, t);
  }
  if (!touched.size) return;
  const workflows = await readWorkflows(ctx.trx);
  for (const { type, id, rows: mine } of touched.values()) {
    const w = workflows.find((x) => x.target_type === type)!;
    if (w.enabled) await settle(ctx, type, id, mine);
  }
}

async function settle(ctx: WriteContext, type: ReviewType, id: number, rows: readonly UnchainedAuditRow[]): Promise<void> {
  const target = REVIEW_TARGETS[type];
  const view = await target.find(ctx.trx, id);
  if (!view) {
    await forgetReview(ctx.trx, type, id);
    return;
  }
  const hash = contentHash(view);
  const state = await findState(ctx.trx, type, id);
  const version = await currentVersion(ctx.trx, type, id);
  const now = new Date().toISOString();
  if (state && state.approved_hash === hash) {
    let stage = state.stage;
    if (target.shownOnSite(view)) {
      const snap = await findSnapshot(ctx.trx, type, id);
      if (snap?.hash !== hash) await publishSnapshot(ctx, type, view, hash, version);
      stage = 'published';
    }
    await putState(ctx.trx, { ...stateColumns(state), stage, version, updated_at: now });
    return;
  }
  if (wentLive(target, rows)) throw notApproved();
  const changer = [...rows].reverse().find((r) => r.actor_kind === 'admin' && r.actor_id !== null)?.actor_id ?? null;
  const w = await workflowOf(ctx.trx, type);
  const wasPastReview = !!state && (state.approved_hash !== null || state.stage === 'published' || state.stage === 'approved');
  const stage = !state ? 'draft' : wasPastReview || reviewingStages(w).includes(state.stage) ? 'in_review' : state.stage;
  const author = changer ?? state?.author_admin_id ?? null;
  await putState(ctx.trx, {
    target_type: type,
    target_id: id,
    stage,
    version,
    author_admin_id: author,
    approved_by: null,
    approved_at: null,
    approved_hash: null,
    waiting_notified_version: state?.waiting_notified_version ?? null,
    updated_at: now,
  });
  if (wasPastReview)
    await tellApprovers(ctx, w, 'approved', { type, id, title: target.title(view) }, author, 'back_to_review', adminName(ctx));
}

const adminName = (ctx: WriteContext): string =>
  ctx.principal.kind === 'admin' && 'name' in ctx.principal ? String(ctx.principal.name) : '';

export const stateColumns = (s: NonNullable<StateRow>) => ({
  target_type: s.target_type,
  target_id: s.target_id,
  stage: s.stage,
  version: s.version,
  author_admin_id: s.author_admin_id,
  approved_by: s.approved_by,
  approved_at: s.approved_at,
  approved_hash: s.approved_hash,
  waiting_notified_version: s.waiting_notified_version,
  updated_at: s.updated_at,
});

/**
 * Whether a scheduled record may go out now: always with the workflow off; with it on only when its
 * content is the approved one. Answers the state when it must wait.
 */
export async function scheduleGate(db: ReadDb, type: ReviewType, id: number) {
  const w = await workflowOf(db, type);
  if (!w.enabled) return { ok: true as const };
  const view = await REVIEW_TARGETS[type].find(db, id);
  const state = await findState(db, type, id);
  if (view && state?.approved_hash === contentHash(view)) return { ok: true as const };
  return { ok: false as const, state: state ?? null, title: view ? REVIEW_TARGETS[type].title(view) : null };
}

/**
 * What the website and the public API show of records of a type: the records themselves with the
 * workflow off; with it on, each one's published snapshot (a record never published is not shown).
 */
export async function shownOnWebsite<V extends { id: number }>(db: ReadDb, type: ReviewType, views: readonly V[]): Promise<V[]> {
  if (!views.length || !(await workflowOf(db, type)).enabled) return [...views];
  const snaps = new Map(
    (
      await snapshotsOf(
        db,
        type,
        views.map((v) => v.id),
      )
    ).map((s) => [s.target_id, s]),
  );
  return views.flatMap((v) => {
    const s = snaps.get(v.id);
    return s ? [JSON.parse(s.body) as V] : [];
  });
}

/**
 * With the type's workflow on, every published snapshot of it (null with it off), for a public read that
 * must select on what was published rather than on the working record: a banner is put on the website by
 * its position, dates and image, which are reviewed content, so a pending edit of them must not move,
 * show or hide the published banner.
 */
export async function publishedOfType<V extends { id: number }>(db: ReadDb, type: ReviewType): Promise<V[] | null> {
  if (!(await workflowOf(db, type)).enabled) return null;
  return (await snapshotsOfType(db, type)).map((s) => JSON.parse(s.body) as V);
}

/** Whether the website shows something else than the working record (workflow on, a change not yet published): reviewers preview it. */
export async function differsFromWebsite(db: ReadDb, type: ReviewType, view: { id: number } & Record<string, unknown>): Promise<boolean> {
  if (!(await workflowOf(db, type)).enabled) return false;
  return (await findSnapshot(db, type, view.id))?.hash !== contentHash(view);
}
