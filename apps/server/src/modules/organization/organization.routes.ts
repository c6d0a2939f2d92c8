import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '@bo/shared/list';
import { ROLES } from '@bo/shared/permissions';
import { ownOrganizationInput, ownOrganizationSchema } from '@bo/shared/schemas/organization';
import { ownOrganizationReads, ownOrganizationService } from './organization.service.ts';

/** Own organization, edited by its SUB_ACCOUNT_ROLE_ADMIN or a super admin (spec section 7). */
export async function organizationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['organization'];
  const config = { roles: ROLES.organizationAdmin, organization: true } as const;

  app.get(
    '/api/admin/account/organization/:id',
    {
      schema: { tags, params: idParam, response: { 200: ownOrganizationSchema } },
      config,
    },
    (req) => ownOrganizationReads(req.read('organization')).read(req.params.id),
  );

  app.put(
    '/api/admin/account/organization/:id',
    {
      schema: { tags, params: idParam, body: ownOrganizationInput, response: { 200: ownOrganizationSchema } },
      config,
    },
    (req) => req.write('organization', (ctx) => ownOrganizationService(ctx).update(req.params.id, req.body)),
  );
}
