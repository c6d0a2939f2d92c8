import { versionConflictBody } from '@bo/shared/versions';
import type { CurrentView } from '../../lib/context/version-check.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, listResponse } from '@bo/shared/list';
import { MESSAGES } from '@bo/shared/messages';
import { ROLES } from '@bo/shared/permissions';
import {
  adminOrganizationDetailSchema,
  adminOrganizationInput,
  adminOrganizationListQuery,
  adminOrganizationSchema,
  confirmQuery,
  ORGANIZATION_PATCH_FIELDS,
  organizationBatchDeleteBody,
  organizationDeleteConflict,
  organizationPatchValues,
} from '@bo/shared/schemas/organization';
import type { AdminReadContext, RequestContext } from '../../lib/context/request-context.ts';
import { resourceRoutes } from '../../lib/kit/resource-routes.ts';
import { adminOrganizationReads, adminOrganizationService } from './admin-organization.service.ts';

const ok = z.object({ message: z.string() });
const base = '/api/admin/admin-organization';
const tags = ['admin-organization'];

/**
 * Admin organizations (sub-accounts), flag adminSubAccount (on by default): as for admin groups, 404
 * to every signed-in admin while the flag is off, 401 without a token. The kit declares seven calls;
 * the deletes are written here, as they answer 409 with what would go along until confirmed.
 */
export async function adminOrganizationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = (ctx: RequestContext) => adminOrganizationService(ctx, app.organizationDependents);
  await resourceRoutes({
    path: base,
    tags,
    target: 'organization',
    history: true,
    roles: { read: ROLES.superAdmin, write: ROLES.superAdmin },
    schemas: {
      view: adminOrganizationDetailSchema,
      input: adminOrganizationInput,
      listQuery: adminOrganizationListQuery,
      list: listResponse(adminOrganizationSchema),
    },
    patch: { fields: ORGANIZATION_PATCH_FIELDS, rules: organizationPatchValues },
    serviceAudits: ['patch', 'batchPatch'],
    without: ['delete', 'batchDelete'],
    reads: adminOrganizationReads(app.organizationDependents),
    service,
  })(app);

  // Issue 36: a delete is refused (409) when the organization changed since it was read, as every write.
  const deleteConflict = z.union([organizationDeleteConflict, versionConflictBody]);
  const current: CurrentView = async (ctx, id) =>
    (await adminOrganizationReads(app.organizationDependents)(ctx as AdminReadContext).find([Number(id)]))[0];
  const remove = async (req: FastifyRequest, reply: FastifyReply, ids: number[], confirm: boolean) => {
    const { conflict } = await req.write('admin', (ctx) => service(ctx).removeWithDependents(ids, confirm));
    if (conflict) return reply.code(409).send({ message: MESSAGES.conflict, dependents: conflict });
    return { message: 'OK' };
  };

  app.delete(
    `${base}/batch`,
    {
      schema: { tags, body: organizationBatchDeleteBody, response: { 200: ok, 409: deleteConflict } },
      config: { roles: ROLES.superAdmin, version: { target: 'organization', ids: (r) => (r.body as { ids: number[] }).ids, current } },
    },
    (req, reply) => remove(req, reply, req.body.ids, req.body.confirm === true),
  );

  app.delete(
    `${base}/:id`,
    {
      schema: { tags, params: idParam, querystring: confirmQuery, response: { 200: ok, 409: deleteConflict } },
      config: { roles: ROLES.superAdmin, version: { target: 'organization', id: (r) => (r.params as { id: number }).id, current } },
    },
    (req, reply) => remove(req, reply, [req.params.id], req.query.confirm),
  );
}
