import type { OrganizationDependent } from '../../lib/kit/organization-dependents.ts';
import { countOrganizationRows } from '../../lib/kit/count-organization-rows.ts';
import { storedKeys } from './photo.repository.ts';

export const photoDependent: OrganizationDependent = {
  name: 'photos',
  count: (db, organizationId) => countOrganizationRows(db, 'photos', organizationId),
  remove: async (db, organizationId) => {
    const rows = await db.selectFrom('photos').select('variants').where('organization_id', '=', organizationId).execute();
    await db.deleteFrom('photos').where('organization_id', '=', organizationId).execute();
    return rows.flatMap(storedKeys);
  },
};
