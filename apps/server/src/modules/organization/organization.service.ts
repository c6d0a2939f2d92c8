import type { z } from 'zod';
import type { AdminOrganizationDetail, ownOrganizationInput } from '@bo/shared/schemas/organization';
import { notFound } from '../../lib/errors.ts';
import type { OrganizationContext, OrganizationReadContext } from '../../lib/context/request-context.ts';
import { findOrganizationDetail, organizations } from '../admin-organization/admin-organization.repository.ts';

const toOwn = ({ member_count: _n, ...o }: AdminOrganizationDetail) => o;

/** The organization the request acts in, as its own administrators see it; any other id is 404. */
export const ownOrganizationReads = ({ db, organizationId }: OrganizationReadContext) => ({
  async read(id: number) {
    const o = id === organizationId ? await findOrganizationDetail(db, id) : null;
    if (!o) throw notFound();
    return toOwn(o);
  },
});

/** Its own administrators edit its name and company id. */
export function ownOrganizationService(ctx: OrganizationContext) {
  const { read } = ownOrganizationReads(ctx);
  return {
    async update(id: number, input: z.output<typeof ownOrganizationInput>) {
      const before = await read(id);
      await organizations.update(ctx.db, ctx.scope, id, { name: input.name, company_id: input.company_id ?? null });
      const after = await read(id);
      await ctx.audit({ action: 'update', target_type: 'organization', target_id: id, before, after });
      return after;
    },
  };
}
