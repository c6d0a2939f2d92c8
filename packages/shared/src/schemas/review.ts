import { z } from 'zod';
import { rowIdParam } from '../list.ts';
import { ADMIN_ROLES } from '../roles.ts';

/**
 * Issue 41: four eyes before the website changes. A review is of one version of a page, banner,
 * product or video (the record's version of issue 36); its author (who last changed that version)
 * cannot approve it; the website shows the published snapshot, never an unapproved working record.
 * docs/content.md "Review workflow".
 */
export { BUILT_IN_STAGES, REVIEW_KEYS, REVIEW_TYPES, type BuiltInStage, type ReviewType } from '../review-constants.ts';
import { BUILT_IN_STAGES, REVIEW_TYPES } from '../review-constants.ts';

export const reviewType = z.enum(REVIEW_TYPES);

const stageName = z.object({
  'zh-TW': z.string().trim().min(1).max(40),
  'en-US': z.string().trim().min(1).max(40),
});

export const reviewStageSchema = z.object({
  key: z.string().regex(/^[a-z][a-z0-9_]{0,31}$/),
  name: stageName,
  /** Who may move an item into this stage (any one of them; ROLE_MAINTAINER always passes). Empty: the type's editors. */
  roles: z.array(z.enum(ADMIN_ROLES)).max(20),
});
export type ReviewStage = z.infer<typeof reviewStageSchema>;

export const reviewWorkflowSchema = z.object({
  target_type: reviewType,
  enabled: z.boolean(),
  stages: z.array(reviewStageSchema).min(BUILT_IN_STAGES.length).max(12),
});
export type ReviewWorkflow = z.infer<typeof reviewWorkflowSchema>;

/** GET /api/admin/review-workflows: one workflow per content type, the document's version, and who may approve. */
export const reviewWorkflowsResponse = z.object({
  data: z.array(reviewWorkflowSchema),
  version: z.number().int(),
  /** Per type: how many active admins may edit it (switching on needs two). */
  editors: z.record(reviewType, z.number().int()),
});
export type ReviewWorkflows = z.infer<typeof reviewWorkflowsResponse>;

/** PUT /api/admin/review-workflows (If-Match: the version read): every type's workflow. */
export const reviewWorkflowsInput = z.object({ data: z.array(reviewWorkflowSchema).min(1).max(REVIEW_TYPES.length) });
export type ReviewWorkflowsInput = z.infer<typeof reviewWorkflowsInput>;

const adminRef = z.object({ id: z.number().int(), name: z.string() });

export const reviewStateSchema = z.object({
  target_type: reviewType,
  target_id: z.number().int(),
  stage: z.string(),
  /** The record version under review (issue 36's version). */
  version: z.number().int(),
  /** The record's version now: differs from `version` when it changed since the review's step. */
  current_version: z.number().int(),
  /** Who last changed the version under review: they cannot approve it. */
  author: adminRef.nullable(),
  approved_by: adminRef.nullable(),
  approved_at: z.string().nullable(),
  /** sha-256 of the canonical JSON of the approved content: what is published is provably what was approved. */
  approved_hash: z.string().nullable(),
  published_version: z.number().int().nullable(),
  published_hash: z.string().nullable(),
  published_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type ReviewState = z.infer<typeof reviewStateSchema>;

export const reviewCommentSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  admin: adminRef.nullable(),
  body: z.string(),
  /** A return's reason is a comment too. */
  kind: z.enum(['comment', 'return', 'approve', 'submit']),
  created_at: z.string(),
});
export type ReviewComment = z.infer<typeof reviewCommentSchema>;

/** One field that differs between the published snapshot and the working record. */
export const reviewDiffRow = z.object({ field: z.string(), published: z.unknown(), working: z.unknown() });

/** GET /api/admin/reviews/:target_type/:id */
export const reviewDetailSchema = z.object({
  workflow_enabled: z.boolean(),
  /** The stages of the type's workflow, in order (names for the steps bar). */
  stages: z.array(reviewStageSchema),
  title: z.string().nullable(),
  state: reviewStateSchema,
  comments: z.array(reviewCommentSchema),
  /** Against the published snapshot; every field of the working record when nothing is published yet. */
  diff: z.array(reviewDiffRow),
  /** What the caller may do now (the server checks again). */
  can: z.object({ submit: z.boolean(), approve: z.boolean(), return: z.boolean(), publish: z.boolean(), comment: z.boolean() }),
});
export type ReviewDetail = z.infer<typeof reviewDetailSchema>;

export const reviewParams = z.object({ target_type: reviewType, id: rowIdParam });

export const reviewListQuery = z.object({
  /** `awaiting`: the items the caller may move on (「待我審核」), never their own versions. */
  mine: z.enum(['awaiting']).optional(),
  target_type: reviewType.optional(),
});

export const reviewListItem = z.object({
  target_type: reviewType,
  target_id: z.number().int(),
  title: z.string().nullable(),
  stage: z.string(),
  version: z.number().int(),
  author: adminRef.nullable(),
  updated_at: z.string().nullable(),
});
export type ReviewListItem = z.infer<typeof reviewListItem>;

/** GET /api/admin/reviews: the items, and counts per type (the menu's badge is their sum). */
export const reviewListResponse = z.object({
  data: z.array(reviewListItem),
  counts: z.record(reviewType, z.number().int()),
  total: z.number().int(),
});
export type ReviewList = z.infer<typeof reviewListResponse>;

const note = z.string().trim().max(2000);

/** POST …/submit and …/approve (If-Match: the record version read): an optional note kept as a comment. */
export const reviewStepInput = z.object({ comment: note.optional() });
/** POST …/return (If-Match): the reason is required. */
export const reviewReturnInput = z.object({ reason: note.min(1) });
/** POST …/comments: on the version shown (If-Match is not needed: a comment changes no record). */
export const reviewCommentInput = z.object({ body: note.min(1) });
/** POST …/publish (If-Match): publishes the approved version as the website's snapshot. */
export const reviewPublishInput = z.object({});

/** A new installation's stages (every type): 草稿 → 待審核 → 已核准 → 已發布, and 退回; each open to the type's editors. */
export const DEFAULT_REVIEW_STAGES: readonly ReviewStage[] = [
  { key: 'draft', name: { 'zh-TW': '草稿', 'en-US': 'Draft' }, roles: [] },
  { key: 'in_review', name: { 'zh-TW': '待審核', 'en-US': 'In review' }, roles: [] },
  { key: 'approved', name: { 'zh-TW': '已核准', 'en-US': 'Approved' }, roles: [] },
  { key: 'published', name: { 'zh-TW': '已發布', 'en-US': 'Published' }, roles: [] },
  { key: 'returned', name: { 'zh-TW': '退回', 'en-US': 'Returned' }, roles: [] },
];
