import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, rowIdParam } from '@bo/shared/list';
import { ROLES } from '@bo/shared/permissions';
import { PAGE_TYPES, pageCategoryTree, pageRevisionSchema, pageSchema } from '@bo/shared/schemas/page';
import { categoryTree, maxDepth } from './page-category.service.ts';
import { pageReads, pageService } from './page.service.ts';
import type { AdminReadContext } from '../../lib/context/request-context.ts';

const tags = ['page'];

/** The back office's page routes beyond the kit's: the category tree, revisions (list, read, restore). */
export async function pageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/page-category/tree',
    {
      schema: {
        tags,
        description: "A page type's categories as a tree, with the depth the app config allows (pageCategoryDepth).",
        querystring: z.object({ type: z.enum(PAGE_TYPES) }),
        response: { 200: pageCategoryTree },
      },
      config: { roles: ROLES.page },
    },
    async (req) => ({
      type: req.query.type,
      max_depth: await maxDepth(req.read('admin').db, req.query.type),
      data: await categoryTree(req.read('admin').db, req.query.type),
    }),
  );

  app.get(
    '/api/admin/page/:id/revisions',
    {
      schema: {
        tags,
        description: 'Every save of the page, newest first (at most 200).',
        params: idParam,
        response: { 200: z.object({ data: z.array(pageRevisionSchema) }) },
      },
      config: { roles: ROLES.page },
    },
    async (req) => ({ data: await pageReads(req.read('admin')).revisions(req.params.id) }),
  );

  const revisionParams = z.object({ id: rowIdParam, number: rowIdParam });
  app.get(
    '/api/admin/page/:id/revisions/:number',
    {
      schema: {
        tags,
        description: 'One revision with its content, to compare with the page.',
        params: revisionParams,
        response: { 200: pageRevisionSchema },
      },
      config: { roles: ROLES.page },
    },
    async (req) => pageReads(req.read('admin')).revision(req.params.id, req.params.number),
  );

  app.post(
    '/api/admin/page/:id/revisions/:number/restore',
    {
      schema: {
        tags,
        description: "Puts the revision's content back as a new revision; the page keeps its status. Audited (restore).",
        params: revisionParams,
        response: { 200: pageSchema },
      },
      config: {
        roles: ROLES.page,
        errors: [409],
        // Issue 36: a restore goes through the version check like any write of the page.
        version: {
          target: 'page',
          id: (r) => (r.params as { id: number }).id,
          current: async (ctx, id) => (await pageReads(ctx as AdminReadContext).find([Number(id)]))[0],
        },
      },
    },
    async (req) => req.write('admin', (ctx) => pageService(ctx).restore(req.params.id, req.params.number)),
  );
}
