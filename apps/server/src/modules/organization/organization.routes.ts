import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '@bo/shared/list';
import { ROLES } from '@bo/shared/permissions';
import { ownOrganizationInput, ownOrganizationSchema } from '@bo/shared/schemas/organization';
import { withVersion } from '@bo/shared/versions';
import { answerVersioned } from '../../lib/kit/versioned-read.ts';
import type { OrganizationReadContext } from '../../lib/context/request-context.ts';
import { ownOrganizationReads, ownOrganizationService } from './organization.service.ts';

/** Own organization, edited by its SUB_ACCOUNT_ROLE_ADMIN or a super admin (spec section 7). */
export async function organizationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['organization'];
  const config = { roles: ROLES.organizationAdmin, organization: true } as const;

  app.get(
    '/api/admin/account/organization/:id',
    {
      schema: { tags, params: idParam, response: { 200: withVersion(ownOrganizationSchema) } },
      config,
    },
    async (req, reply) => {
      const ctx = req.read('organization');
      return answerVersioned(reply, ctx.db, 'organization', req.params.id, await ownOrganizationReads(ctx).read(req.params.id));
    },
  );

  app.put(
    '/api/admin/account/organization/:id',
    {
      schema: { tags, params: idParam, body: ownOrganizationInput, response: { 200: ownOrganizationSchema } },
      config: {
        ...config,
        version: {
          target: 'organization',
          id: (r) => (r.params as { id: number }).id,
          current: (ctx, id) =>
            ownOrganizationReads(ctx as OrganizationReadContext)
              .read(Number(id))
              .catch(() => undefined),
        },
      },
    },
    (req) => req.write('organization', (ctx) => ownOrganizationService(ctx).update(req.params.id, req.body)),
  );
}
