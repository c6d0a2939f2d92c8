import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '@bo/shared/list';
import { ROLES } from '@bo/shared/permissions';
import {
  REVIEW_TYPES,
  reviewCommentInput,
  reviewDetailSchema,
  reviewListQuery,
  reviewListResponse,
  reviewPublishInput,
  reviewReturnInput,
  reviewStepInput,
  reviewWorkflowsInput,
  reviewWorkflowsResponse,
  type ReviewType,
} from '@bo/shared/schemas/review';
import type { AdminReadContext } from '../../lib/context/request-context.ts';
import { REVIEW_TARGETS } from './review-targets.ts';
import { reviewReads, reviewService, WORKFLOWS_KEY } from './review.service.ts';

const tags = ['review'];
/** Who reads the review lists: any editor of one of the reviewed types (each type's items only for its editors). */
const REVIEWERS = [...new Set(REVIEW_TYPES.flatMap((t) => REVIEW_TARGETS[t].editorRoles))];

/**
 * Issue 41: the review of pages, banners, products and videos (docs/content.md "Review workflow").
 * Each type has its own routes, guarded by its editors' roles; every step carries the record version
 * it was read at (`If-Match`): approving a version that changed since is a 409 (edited_elsewhere).
 */
export async function reviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/reviews',
    {
      schema: {
        tags,
        description:
          '「待我審核」 with `mine=awaiting`: the items the caller may approve (never their own versions); counts per type for the menu badge.',
        querystring: reviewListQuery,
        response: { 200: reviewListResponse },
      },
      config: { roles: REVIEWERS },
    },
    async (req) => reviewReads(req.read('admin')).list(req.query),
  );

  app.get(
    '/api/admin/review-workflows',
    {
      schema: {
        tags,
        description: "Every content type's workflow (stages, roles per stage, on/off), its version and how many admins may edit each type.",
        response: { 200: reviewWorkflowsResponse },
      },
      config: { roles: ROLES.superAdmin },
    },
    async (req, reply) => {
      const body = await reviewReads(req.read('admin')).workflows();
      return reply.header('etag', `"${body.version}"`).send(body);
    },
  );

  app.put(
    '/api/admin/review-workflows',
    {
      schema: {
        tags,
        description:
          'Saves the workflows (If-Match: the version read). Switching a type on (or changing the roles of its stages while on) is refused (400 review.error.second_approver_missing) unless someone other than the author may approve; what the website shows then becomes the published snapshot.',
        body: reviewWorkflowsInput,
        response: { 200: reviewWorkflowsResponse },
      },
      config: { roles: ROLES.superAdmin, errors: [409, 428], version: { target: 'review_workflow', id: () => WORKFLOWS_KEY } },
    },
    async (req) => req.write('admin', (ctx) => reviewService(ctx).saveWorkflows(req.body)),
  );

  for (const type of REVIEW_TYPES) typeRoutes(fastify, type);
}

function typeRoutes(fastify: FastifyInstance, type: ReviewType) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const roles = REVIEW_TARGETS[type].editorRoles;
  const base = `/api/admin/reviews/${type}/:id`;
  const id = (r: { params: unknown }) => (r.params as { id: number }).id;
  // The record's own version: a step on a version that changed since it was read is a 409.
  const version = {
    target: type,
    id,
    current: async (ctx: unknown, key: string) => REVIEW_TARGETS[type].find((ctx as AdminReadContext).db, Number(key)),
  } as const;
  const step = { roles, errors: [403, 409, 428] as const, version };

  app.get(
    base,
    {
      schema: {
        tags,
        description: `A ${type}'s review: stage, version, author, comments, and the diff against the published snapshot.`,
        params: idParam,
        response: { 200: reviewDetailSchema },
      },
      config: { roles },
    },
    async (req) => reviewReads(req.read('admin')).detail(type, req.params.id),
  );

  app.post(
    `${base}/submit`,
    {
      schema: {
        tags,
        description: `Sends the ${type}'s version to review (If-Match); the approvers get a mail.`,
        params: idParam,
        body: reviewStepInput,
        response: { 200: reviewDetailSchema },
      },
      config: step,
    },
    async (req) => req.write('admin', (ctx) => reviewService(ctx).submit(type, req.params.id, req.body.comment)),
  );

  app.post(
    `${base}/approve`,
    {
      schema: {
        tags,
        description: `Approves the ${type}'s version (If-Match). 403 review.error.own_version for whoever last changed it, review.error.not_approver without the stage's role.`,
        params: idParam,
        body: reviewStepInput,
        response: { 200: reviewDetailSchema },
      },
      config: step,
    },
    async (req) => req.write('admin', (ctx) => reviewService(ctx).approve(type, req.params.id, req.body.comment)),
  );

  app.post(
    `${base}/return`,
    {
      schema: {
        tags,
        description: `Returns the ${type}'s version to its author with a reason (If-Match).`,
        params: idParam,
        body: reviewReturnInput,
        response: { 200: reviewDetailSchema },
      },
      config: step,
    },
    async (req) => req.write('admin', (ctx) => reviewService(ctx).return(type, req.params.id, req.body.reason)),
  );

  app.post(
    `${base}/comments`,
    {
      schema: {
        tags,
        description: `A comment on the ${type}'s version under review; its author gets a mail.`,
        params: idParam,
        body: reviewCommentInput,
        response: { 200: reviewDetailSchema },
      },
      config: { roles, version: 'create' },
    },
    async (req) => req.write('admin', (ctx) => reviewService(ctx).comment(type, req.params.id, req.body.body)),
  );

  app.post(
    `${base}/publish`,
    {
      schema: {
        tags,
        description: `Publishes the approved ${type} version (If-Match): the website shows its snapshot. 409 review.error.not_approved otherwise.`,
        params: idParam,
        body: reviewPublishInput,
        response: { 200: reviewDetailSchema },
      },
      config: step,
    },
    async (req) => req.write('admin', (ctx) => reviewService(ctx).publish(type, req.params.id)),
  );
}
