import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { listResponse } from '@bo/shared/list';
import { subAccountListQuery, subAccountSchema } from '@bo/shared/schemas/organization';
import { parseRoles } from '../../lib/actor.ts';
import { likePattern } from '../../lib/list.ts';
import { paginate } from '../../lib/kit/paginate.ts';

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
      let qb = app.db
        .selectFrom('organization_members as m')
        .innerJoin('organizations as o', 'o.id', 'm.organization_id')
        .select(['o.id', 'o.uid', 'o.name', 'o.company_id', 'o.status', 'm.sub_account_roles'])
        .where('m.admin_id', '=', req.actor.id);
      if (req.query.keyword) {
        const p = likePattern(req.query.keyword.toLowerCase());
        qb = qb.where(sql<boolean>`(lower(o.name) like ${p} escape '\\' or lower(coalesce(o.company_id, '')) like ${p} escape '\\')`);
      }
      const page = await paginate(qb, req.query, { idColumn: 'o.id', sortColumns: { id: 'o.id', name: 'o.name' } });
      return { data: page.data.map((r) => ({ ...r, sub_account_roles: parseRoles(r.sub_account_roles) })), meta: page.meta };
    },
  );
}
