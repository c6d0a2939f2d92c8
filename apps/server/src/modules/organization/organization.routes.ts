import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '@bo/shared/list';
import { ROLES } from '@bo/shared/permissions';
import { ownOrganizationInput, ownOrganizationSchema } from '@bo/shared/schemas/organization';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/errors.ts';
import { findOrganizationDetail } from '../admin-organization/admin-organization.repository.ts';

/** The active organization only: any other id is 404, whatever the caller's roles elsewhere. */
function activeOrganization(actor: Actor, id: number): number {
  if (actor.organizationId !== id) throw notFound();
  return id;
}

const toOwn = ({ member_count: _n, ...o }: NonNullable<Awaited<ReturnType<typeof findOrganizationDetail>>>) => o;

/** Own organization, edited by its SUB_ACCOUNT_ROLE_ADMIN or a super admin (spec section 7). */
export async function organizationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['organization'];

  app.get('/api/admin/account/organization/:id', {
    schema: { tags, params: idParam, response: { 200: ownOrganizationSchema } },
    config: { roles: ROLES.organizationAdmin, organization: true },
  }, async (req) => {
    const o = await findOrganizationDetail(app.db, activeOrganization(req.actor, req.params.id));
    if (!o) throw notFound();
    return toOwn(o);
  });

  app.put('/api/admin/account/organization/:id', {
    schema: { tags, params: idParam, body: ownOrganizationInput, response: { 200: ownOrganizationSchema } },
    config: { roles: ROLES.organizationAdmin, organization: true },
  }, (req) => req.inTransaction(async ({ trx, actor, audit }) => {
    const id = activeOrganization(actor, req.params.id);
    const before = await findOrganizationDetail(trx, id);
    if (!before) throw notFound();
    await trx.updateTable('organizations').set({ name: req.body.name, company_id: req.body.company_id ?? null, updated_at: new Date().toISOString() })
      .where('id', '=', id).execute();
    const after = (await findOrganizationDetail(trx, id))!;
    await audit({ action: 'update', target_type: 'organization', target_id: id, before: toOwn(before), after: toOwn(after) });
    return toOwn(after);
  }));
}
