import type { OrganizationDependent } from '../../lib/kit/organization-dependents.ts';
import { countOrganizationRows } from '../../lib/kit/count-organization-rows.ts';

export const fileDependent: OrganizationDependent = {
  name: 'files',
  count: (db, organizationId) => countOrganizationRows(db, 'files', organizationId),
  remove: async (db, organizationId) => {
    const rows = await db.selectFrom('files').select('storage_key').where('organization_id', '=', organizationId).execute();
    await db.deleteFrom('signed_link_opens').where('organization_id', '=', organizationId).execute();
    await db.deleteFrom('files').where('organization_id', '=', organizationId).execute();
    return rows.map((r) => r.storage_key);
  },
};
