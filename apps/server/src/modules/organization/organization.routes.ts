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

  // Its own administrators read it here (我的組織, and its reminder settings, audited on it): its edit
  // lease and its record version are theirs to see too, as the super admin's through the organizations resource.
  fastify.recordReaders.add({
    target: 'organization',
    roles: ROLES.organizationAdmin,
    organization: true,
    find: (ctx, id) =>
      ownOrganizationReads(ctx as OrganizationReadContext)
        .read(Number(id))
        .catch(() => undefined),
  });

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
