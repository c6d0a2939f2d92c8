import type { OrganizationDependent } from '../../lib/kit/organization-dependents.ts';
import { countOrganizationRows } from '../../lib/kit/count-organization-rows.ts';

/** Memberships go with their organization; the admins themselves stay. */
export const organizationMembersDependent: OrganizationDependent = {
  name: 'members',
  count: (db, organizationId) => countOrganizationRows(db, 'organization_members', organizationId),
  remove: async (db, organizationId) => {
    await db.deleteFrom('organization_members').where('organization_id', '=', organizationId).execute();
    return [];
  },
};
