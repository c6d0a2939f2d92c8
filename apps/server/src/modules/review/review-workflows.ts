import { can } from '@bo/shared/permissions';
import {
  BUILT_IN_STAGES,
  DEFAULT_REVIEW_STAGES,
  REVIEW_KEYS,
  REVIEW_TYPES,
  reviewWorkflowSchema,
  type ReviewStage,
  type ReviewType,
  type ReviewWorkflow,
} from '@bo/shared/schemas/review';
import type { ReadDb } from '../../db/database.ts';
import { rolesFrom } from '../../lib/context/actor.ts';
import { badRequest } from '../../lib/errors.ts';
import { REVIEW_TARGETS } from './review-targets.ts';
import { activeAdminsWithRoles, storedWorkflows } from './review.repository.ts';

const defaultWorkflow = (type: ReviewType): ReviewWorkflow => ({ target_type: type, enabled: false, stages: [...DEFAULT_REVIEW_STAGES] });

/** Every type's workflow: the stored one where it is valid, else the default (off). */
export async function readWorkflows(db: ReadDb): Promise<ReviewWorkflow[]> {
  const stored = await storedWorkflows(db);
  const list = Array.isArray(stored) ? stored : [];
  return REVIEW_TYPES.map((type) => {
    const parsed = reviewWorkflowSchema.safeParse(list.find((w) => w?.target_type === type));
    return parsed.success && !stagesProblem(parsed.data.stages) ? parsed.data : defaultWorkflow(type);
  });
}

export async function workflowOf(db: ReadDb, type: ReviewType): Promise<ReviewWorkflow> {
  return (await readWorkflows(db)).find((w) => w.target_type === type)!;
}

/**
 * The line an item moves along: draft, in_review, the company's own stages, approved, published
 * (`returned` is off it). Null when the stages are valid, else why not.
 */
export function stagesProblem(stages: readonly ReviewStage[]): string | null {
  const keys = stages.map((s) => s.key);
  if (new Set(keys).size !== keys.length) return 'duplicate';
  if (BUILT_IN_STAGES.some((k) => !keys.includes(k))) return 'missing';
  const line = keys.filter((k) => k !== 'returned');
  if (line[0] !== 'draft' || line[1] !== 'in_review' || line.at(-2) !== 'approved' || line.at(-1) !== 'published') return 'order';
  return null;
}

export const assertStages = (stages: readonly ReviewStage[]) => {
  if (stagesProblem(stages)) throw badRequest({ stages: [REVIEW_KEYS.stagesInvalid] });
};

export const lineOf = (w: ReviewWorkflow): string[] => w.stages.map((s) => s.key).filter((k) => k !== 'returned');

/** The stage an approval moves an item in `stage` to, or null when approving does not apply. */
export function nextOnApproval(w: ReviewWorkflow, stage: string): string | null {
  const line = lineOf(w);
  const at = line.indexOf(stage);
  const approved = line.indexOf('approved');
  return at >= 1 && at < approved ? line[at + 1]! : null;
}

/** Stages an item is under review in (in_review and the company's own before approved). */
export function reviewingStages(w: ReviewWorkflow): string[] {
  const line = lineOf(w);
  return line.slice(1, line.indexOf('approved'));
}

/** Who may move an item of the type into `stage`: the stage's roles, else the type's editors. */
export function rolesInto(w: ReviewWorkflow, stage: string): readonly string[] {
  const roles = w.stages.find((s) => s.key === stage)?.roles ?? [];
  return roles.length ? roles : REVIEW_TARGETS[w.target_type].editorRoles;
}

export const mayMoveInto = (held: readonly string[], w: ReviewWorkflow, stage: string) => can(held, rolesInto(w, stage));

/** The active admins holding one of `roles` (by their own and their group's ROLE_ roles). */
export async function adminsHolding(db: ReadDb, roles: readonly string[]) {
  const admins = await activeAdminsWithRoles(db);
  return admins.filter((a) => can(rolesFrom(a), roles)).map(({ id, name, email }) => ({ id, name, email }));
}

/**
 * Whether the type has a second pair of eyes under this workflow: an active admin who may approve (the
 * `approved` stage's roles) and another who may author, so that someone other than the author can approve.
 */
export async function hasSecondPairOfEyes(db: ReadDb, w: ReviewWorkflow): Promise<boolean> {
  const admins = (await activeAdminsWithRoles(db)).map((a) => ({ id: a.id, roles: rolesFrom(a) }));
  const approvers = admins.filter((a) => can(a.roles, rolesInto(w, 'approved')));
  const authors = admins.filter((a) => can(a.roles, REVIEW_TARGETS[w.target_type].editorRoles));
  return approvers.length >= 2 || (approvers.length === 1 && authors.some((a) => a.id !== approvers[0]!.id));
}

/** How many active admins may edit each type (switching a workflow on needs two: the second pair of eyes). */
export async function editorCounts(db: ReadDb): Promise<Record<ReviewType, number>> {
  const admins = await activeAdminsWithRoles(db);
  const roles = admins.map((a) => rolesFrom(a));
  return Object.fromEntries(REVIEW_TYPES.map((t) => [t, roles.filter((r) => can(r, REVIEW_TARGETS[t].editorRoles)).length])) as Record<
    ReviewType,
    number
  >;
}
