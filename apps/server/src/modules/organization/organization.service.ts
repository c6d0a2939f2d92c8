import type { z } from 'zod';
import type { AdminOrganizationDetail, ownOrganizationInput } from '@bo/shared/schemas/organization';
import { notFound } from '../../lib/errors.ts';
import type { OrganizationContext } from '../../lib/kit/request-context.ts';
import { findOrganizationDetail, organizations } from '../admin-organization/admin-organization.repository.ts';

const toOwn = ({ member_count: _n, ...o }: AdminOrganizationDetail) => o;

/** The organization the request acts in, as its own administrators see and edit it; any other id is 404. */
export function ownOrganizationService(ctx: OrganizationContext) {
  const { db, organizationId } = ctx;
  const load = async (id: number) => {
    const o = id === organizationId ? await findOrganizationDetail(db, id) : null;
    if (!o) throw notFound();
    return o;
  };
  return {
    read: async (id: number) => toOwn(await load(id)),

    async update(id: number, input: z.output<typeof ownOrganizationInput>) {
      const before = toOwn(await load(id));
      await organizations.update(db, ctx.scope, id, { name: input.name, company_id: input.company_id ?? null });
      const after = toOwn(await load(id));
      await ctx.audit({ action: 'update', target_type: 'organization', target_id: id, before, after });
      return after;
    },
  };
}
