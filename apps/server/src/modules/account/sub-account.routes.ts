import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listResponse } from '@bo/shared/list';
import { subAccountListQuery, subAccountSchema } from '@bo/shared/schemas/organization';
import { listSubAccounts } from './sub-account.repository.ts';

/** GET /api/admin/account/sub-account/index: the organizations the caller belongs to, with its roles in each. */
export async function subAccountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/account/sub-account/index',
    {
      schema: { tags: ['account'], querystring: subAccountListQuery, response: { 200: listResponse(subAccountSchema) } },
      config: { roles: [] },
    },
    async (req) => {
      const { db, principal: actor } = req.read('admin');
      return listSubAccounts(db, actor.id, req.query);
    },
  );
}
