/**
 * The review workflow's names (issue 41) without its schemas: the overview's review card and the API
 * client read these on the first signed-in screen, where building the zod schemas would cost a long task.
 */
export const REVIEW_TYPES = ['page', 'banner', 'product', 'video'] as const;
export type ReviewType = (typeof REVIEW_TYPES)[number];

/**
 * The stages the server's rules use; a company renames them and may add its own between `in_review`
 * and `approved` (each one more approval by someone who is not the author). `returned` is off the line.
 */
export const BUILT_IN_STAGES = ['draft', 'in_review', 'approved', 'published', 'returned'] as const;
export type BuiltInStage = (typeof BUILT_IN_STAGES)[number];

/** Translation keys of the review's refusals (the web's i18n has them in zh-TW and en-US). */
export const REVIEW_KEYS = {
  /** 403: whoever last changed a version cannot approve it. */
  ownVersion: 'review.error.own_version',
  /** 403: the caller's roles may not move the item into the next stage. */
  notApprover: 'review.error.not_approver',
  /** 409: publishing or scheduling a version that is not approved. */
  notApproved: 'review.error.not_approved',
  /** 409: the step does not apply in the item's stage (approve a draft, submit what is in review). */
  wrongStage: 'review.error.wrong_stage',
  /** 409: the workflow of this content type is off. */
  workflowOff: 'review.error.workflow_off',
  /** 400: switching a workflow on while fewer than two admins may edit that content type. */
  secondApproverMissing: 'review.error.second_approver_missing',
  /** 400: the stages are not a valid line (built-ins missing, duplicate keys, order). */
  stagesInvalid: 'review.error.stages_invalid',
} as const;
