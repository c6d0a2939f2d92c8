import { MESSAGES } from '@bo/shared/messages';
import {
  REVIEW_KEYS,
  REVIEW_TYPES,
  type ReviewComment,
  type ReviewDetail,
  type ReviewList,
  type ReviewListItem,
  type ReviewState,
  type ReviewType,
  type ReviewWorkflow,
  type ReviewWorkflows,
  type ReviewWorkflowsInput,
} from '@bo/shared/schemas/review';
import type { ReadDb } from '../../db/database.ts';
import { recordVersion } from '../../lib/context/record-versions.ts';
import type { AdminReadContext, RequestContext } from '../../lib/context/request-context.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { tellApprovers, tellAuthor } from './review-notify.ts';
import { currentVersion, notApproved, publishSnapshot, stateColumns } from './review-state.ts';
import { contentHash, contentOf, REVIEW_TARGETS } from './review-targets.ts';
import {
  assertStages,
  editorCounts,
  hasSecondPairOfEyes,
  mayMoveInto,
  nextOnApproval,
  readWorkflows,
  reviewingStages,
  workflowOf,
} from './review-workflows.ts';
import {
  addComment,
  commentsOf,
  findSnapshot,
  findState,
  putState,
  shownIds,
  statesIn,
  writeWorkflows,
  type StateRow,
} from './review.repository.ts';

const refused = (status: 403 | 409, key: string) =>
  new AppError(status, status === 403 ? MESSAGES.forbidden : MESSAGES.conflict, { review: [key] }, undefined, { key });

export const WORKFLOWS_KEY = 'all';
const reviewId = (type: ReviewType, id: number) => `${type}:${id}`;
const ref = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });

/** The item's review as it stands; an item never touched since the workflow went on is a draft (or published, with a snapshot). */
async function loadState(db: ReadDb, type: ReviewType, id: number) {
  const row = await findState(db, type, id);
  const version = await currentVersion(db, type, id);
  const snap = await findSnapshot(db, type, id);
  if (row) return { row, version, snap, author: ref(row.author_admin_id, row.author_name) };
  const last = await recordVersion(db, type, id);
  return { row: undefined, version, snap, author: last.changed_by };
}

function stateView(type: ReviewType, id: number, s: Awaited<ReturnType<typeof loadState>>): ReviewState {
  const r = s.row;
  return {
    target_type: type,
    target_id: id,
    stage: r?.stage ?? (s.snap ? 'published' : 'draft'),
    version: r?.version ?? s.version,
    current_version: s.version,
    author: s.author,
    approved_by: r ? ref(r.approved_by, r.approver_name) : null,
    approved_at: r?.approved_at ?? null,
    approved_hash: r?.approved_hash ?? null,
    published_version: s.snap?.version ?? null,
    published_hash: s.snap?.hash ?? null,
    published_at: s.snap?.published_at ?? null,
    updated_at: r?.updated_at ?? null,
  };
}

const diffOf = (published: Record<string, unknown> | null, working: Record<string, unknown>) => {
  const a = published ? contentOf(published) : {};
  const b = contentOf(working);
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]))
    .map((field) => ({ field, published: a[field] ?? null, working: b[field] ?? null }));
};

const commentView = (c: Awaited<ReturnType<typeof commentsOf>>[number]): ReviewComment => ({
  id: c.id,
  version: c.version,
  admin: ref(c.admin_id, c.admin_name),
  body: c.body,
  kind: c.kind,
  created_at: c.created_at,
});

/** The review reads of an admin: one item's review, and the items awaiting a step. */
export const reviewReads = (ctx: AdminReadContext) => ({
  async detail(type: ReviewType, id: number): Promise<ReviewDetail> {
    const target = REVIEW_TARGETS[type];
    const view = await target.find(ctx.db, id);
    if (!view) throw notFound();
    const w = await workflowOf(ctx.db, type);
    const s = await loadState(ctx.db, type, id);
    const state = stateView(type, id, s);
    const me = ctx.principal;
    const next = nextOnApproval(w, state.stage);
    const notMine = state.author?.id !== me.id;
    const approved = state.stage === 'approved' && state.approved_hash === contentHash(view);
    return {
      workflow_enabled: w.enabled,
      stages: w.stages,
      title: target.title(view),
      state,
      comments: (await commentsOf(ctx.db, type, id)).map(commentView),
      diff: diffOf(s.snap ? JSON.parse(s.snap.body) : null, view),
      can: {
        submit: w.enabled && ['draft', 'returned'].includes(state.stage) && mayMoveInto(me.roles, w, 'in_review'),
        approve: w.enabled && next !== null && notMine && mayMoveInto(me.roles, w, next),
        return: w.enabled && next !== null && mayMoveInto(me.roles, w, 'returned'),
        publish: w.enabled && approved && mayMoveInto(me.roles, w, 'published'),
        comment: true,
      },
    };
  },

  /** Items in review (or, `awaiting`, those the caller may approve: never their own versions), with counts per type. */
  async list(query: { mine?: 'awaiting'; target_type?: ReviewType }): Promise<ReviewList> {
    const workflows = await readWorkflows(ctx.db);
    const data: ReviewListItem[] = [];
    const counts = Object.fromEntries(REVIEW_TYPES.map((t) => [t, 0])) as Record<ReviewType, number>;
    for (const w of workflows) {
      const type = w.target_type;
      if (!w.enabled || (query.target_type && query.target_type !== type)) continue;
      const target = REVIEW_TARGETS[type];
      if (!mayRead(ctx, type)) continue;
      for (const s of await statesIn(ctx.db, reviewingStages(w), type)) {
        if (query.mine === 'awaiting') {
          const next = nextOnApproval(w, s.stage);
          if (!next || s.author_admin_id === ctx.principal.id || !mayMoveInto(ctx.principal.roles, w, next)) continue;
        }
        const view = await target.find(ctx.db, s.target_id);
        if (!view) continue;
        counts[type] += 1;
        data.push({
          target_type: type,
          target_id: s.target_id,
          title: target.title(view),
          stage: s.stage,
          version: s.version,
          author: ref(s.author_admin_id, s.author_name),
          updated_at: s.updated_at,
        });
      }
    }
    return { data, counts, total: data.length };
  },

  async workflows(): Promise<ReviewWorkflows> {
    return {
      data: await readWorkflows(ctx.db),
      version: (await recordVersion(ctx.db, 'review_workflow', WORKFLOWS_KEY)).version,
      editors: await editorCounts(ctx.db),
    };
  },
});

const mayRead = (ctx: AdminReadContext, type: ReviewType) => mayMoveIntoAny(ctx.principal.roles, REVIEW_TARGETS[type].editorRoles);
const mayMoveIntoAny = (held: readonly string[], roles: readonly string[]) =>
  held.includes('ROLE_MAINTAINER') || roles.some((r) => held.includes(r));

/** The review's steps, each in the request's transaction, audited on target `review` naming the record version. */
export function reviewService(ctx: RequestContext) {
  const me = ctx.principal;

  const open = async (type: ReviewType, id: number) => {
    const target = REVIEW_TARGETS[type];
    const view = await target.find(ctx.trx, id);
    if (!view) throw notFound();
    const w = await workflowOf(ctx.trx, type);
    if (!w.enabled) throw refused(409, REVIEW_KEYS.workflowOff);
    const s = await loadState(ctx.trx, type, id);
    const state = stateView(type, id, s);
    const item = { type, id, title: target.title(view) };
    return { target, view, w, s, state, item };
  };

  const save = async (
    type: ReviewType,
    id: number,
    row: NonNullable<StateRow> | undefined,
    change: Partial<ReturnType<typeof stateColumns>>,
    version: number,
    author: number | null,
  ) => {
    const base = row
      ? stateColumns(row)
      : {
          target_type: type,
          target_id: id,
          stage: 'draft',
          version,
          author_admin_id: author,
          approved_by: null,
          approved_at: null,
          approved_hash: null,
          waiting_notified_version: null,
          updated_at: '',
        };
    await putState(ctx.trx, { ...base, ...change, version, updated_at: new Date().toISOString() });
  };

  const note = async (type: ReviewType, id: number, version: number, kind: ReviewComment['kind'], body: string | undefined) => {
    if (body)
      await addComment(ctx.trx, {
        target_type: type,
        target_id: id,
        version,
        admin_id: me.id,
        kind,
        body,
        created_at: new Date().toISOString(),
      });
  };

  const detail = (type: ReviewType, id: number) => reviewReads(ctx).detail(type, id);

  return {
    async submit(type: ReviewType, id: number, comment?: string): Promise<ReviewDetail> {
      const { w, s, state, item, view } = await open(type, id);
      if (!['draft', 'returned'].includes(state.stage)) throw refused(409, REVIEW_KEYS.wrongStage);
      if (!mayMoveInto(me.roles, w, 'in_review')) throw refused(403, REVIEW_KEYS.notApprover);
      const author = state.author?.id ?? me.id;
      await save(type, id, s.row, { stage: 'in_review', author_admin_id: author }, s.version, author);
      await note(type, id, s.version, 'submit', comment);
      await ctx.audit({
        action: 'submit',
        target_type: 'review',
        target_id: reviewId(type, id),
        target_label: REVIEW_TARGETS[type].title(view),
        before: { stage: state.stage },
        after: { stage: 'in_review', version: s.version },
      });
      await tellApprovers(ctx, w, 'approved', item, author, 'submitted', me.name, comment ?? '');
      return detail(type, id);
    },

    async approve(type: ReviewType, id: number, comment?: string): Promise<ReviewDetail> {
      const { w, s, state, view, item } = await open(type, id);
      const next = nextOnApproval(w, state.stage);
      if (!next) throw refused(409, REVIEW_KEYS.wrongStage);
      // Four eyes: whoever last changed this version cannot approve it, whatever their roles.
      if (state.author?.id === me.id) throw refused(403, REVIEW_KEYS.ownVersion);
      if (!mayMoveInto(me.roles, w, next)) throw refused(403, REVIEW_KEYS.notApprover);
      const hash = contentHash(view);
      const approval = next === 'approved' ? { approved_by: me.id, approved_at: new Date().toISOString(), approved_hash: hash } : {};
      await save(type, id, s.row, { stage: next, ...approval }, s.version, state.author?.id ?? null);
      await note(type, id, s.version, 'approve', comment);
      await ctx.audit({
        action: 'approve',
        target_type: 'review',
        target_id: reviewId(type, id),
        target_label: REVIEW_TARGETS[type].title(view),
        before: { stage: state.stage },
        after: { stage: next, version: s.version, ...(next === 'approved' ? { content_sha256: hash } : {}) },
      });
      if (next === 'approved') await tellAuthor(ctx, state.author?.id ?? null, item, 'approved', me.name, comment ?? '');
      else
        await tellApprovers(
          ctx,
          w,
          nextOnApproval(w, next) ?? 'approved',
          item,
          state.author?.id ?? null,
          'submitted',
          me.name,
          comment ?? '',
        );
      return detail(type, id);
    },

    async return(type: ReviewType, id: number, reason: string): Promise<ReviewDetail> {
      const { w, s, state, item, view } = await open(type, id);
      if (!nextOnApproval(w, state.stage) && state.stage !== 'approved') throw refused(409, REVIEW_KEYS.wrongStage);
      if (!mayMoveInto(me.roles, w, 'returned')) throw refused(403, REVIEW_KEYS.notApprover);
      await save(
        type,
        id,
        s.row,
        { stage: 'returned', approved_by: null, approved_at: null, approved_hash: null },
        s.version,
        state.author?.id ?? null,
      );
      await note(type, id, s.version, 'return', reason);
      await ctx.audit({
        action: 'return',
        target_type: 'review',
        target_id: reviewId(type, id),
        target_label: REVIEW_TARGETS[type].title(view),
        before: { stage: state.stage },
        after: { stage: 'returned', version: s.version, reason },
      });
      await tellAuthor(ctx, state.author?.id ?? null, item, 'returned', me.name, reason);
      return detail(type, id);
    },

    async comment(type: ReviewType, id: number, body: string): Promise<ReviewDetail> {
      const target = REVIEW_TARGETS[type];
      const view = await target.find(ctx.trx, id);
      if (!view) throw notFound();
      const s = await loadState(ctx.trx, type, id);
      const version = s.row?.version ?? s.version;
      await note(type, id, version, 'comment', body);
      await ctx.audit({
        action: 'comment',
        target_type: 'review',
        target_id: reviewId(type, id),
        target_label: target.title(view),
        after: { version, body },
      });
      await tellAuthor(ctx, s.author?.id ?? null, { type, id, title: target.title(view) }, 'commented', me.name, body);
      return detail(type, id);
    },

    /** Publishes the approved version: its snapshot is what the website shows; the record goes live through its own audited change. */
    async publish(type: ReviewType, id: number): Promise<ReviewDetail> {
      const { w, s, state, view, target } = await open(type, id);
      const hash = contentHash(view);
      if (state.stage !== 'approved' || state.approved_hash !== hash) throw notApproved();
      if (!mayMoveInto(me.roles, w, 'published')) throw refused(403, REVIEW_KEYS.notApprover);
      await publishSnapshot(ctx, type, view, hash, s.version);
      await save(type, id, s.row, { stage: 'published' }, s.version, state.author?.id ?? null);
      await ctx.audit({
        action: 'publish',
        target_type: 'review',
        target_id: reviewId(type, id),
        target_label: REVIEW_TARGETS[type].title(view),
        before: { stage: state.stage, published_version: state.published_version },
        after: { stage: 'published', version: s.version, content_sha256: hash },
      });
      await target.goLive(ctx, view);
      return detail(type, id);
    },

    /**
     * Saves every type's workflow. Switching one on (or changing its stages' roles while on) needs a second
     * pair of eyes (an approver other than the author) and keeps the website as it is: what it shows now
     * becomes the published snapshot.
     */
    async saveWorkflows(input: ReviewWorkflowsInput): Promise<ReviewWorkflows> {
      const before = await readWorkflows(ctx.trx);
      const after: ReviewWorkflow[] = before.map((b) => input.data.find((w) => w.target_type === b.target_type) ?? b);
      for (const w of after) {
        assertStages(w.stages);
        const was = before.find((b) => b.target_type === w.target_type)!;
        if (!w.enabled) continue;
        // Switched on, or its stages' roles changed while on: someone other than the author must be able to approve.
        const restaged = JSON.stringify(w.stages) !== JSON.stringify(was.stages);
        if ((!was.enabled || restaged) && !(await hasSecondPairOfEyes(ctx.trx, w)))
          throw badRequest({ [w.target_type]: [REVIEW_KEYS.secondApproverMissing] });
        if (was.enabled) continue;
        const target = REVIEW_TARGETS[w.target_type];
        for (const id of await shownIds(ctx.trx, w.target_type)) {
          const view = await target.find(ctx.trx, id);
          if (!view) continue;
          const version = await currentVersion(ctx.trx, w.target_type, id);
          const hash = contentHash(view);
          await publishSnapshot(ctx, w.target_type, view, hash, version);
          const last = await recordVersion(ctx.trx, w.target_type, id);
          await putState(ctx.trx, {
            target_type: w.target_type,
            target_id: id,
            stage: 'published',
            version,
            author_admin_id: last.changed_by?.id ?? null,
            approved_by: null,
            approved_at: null,
            approved_hash: hash,
            waiting_notified_version: null,
            updated_at: new Date().toISOString(),
          });
        }
      }
      await writeWorkflows(ctx.trx, after, new Date().toISOString());
      await ctx.audit({ action: 'update', target_type: 'review_workflow', target_id: WORKFLOWS_KEY, before, after });
      return reviewReads(ctx).workflows();
    },
  };
}
