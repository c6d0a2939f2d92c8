import { countOrganizationRows, registerOrganizationDependent } from '../../lib/organization-dependents.ts';
import { storedKeys } from './photo.repository.ts';

registerOrganizationDependent({
  name: 'photos',
  count: (db, organizationId) => countOrganizationRows(db, 'photos', organizationId),
  remove: async (db, organizationId) => {
    const rows = await db.selectFrom('photos').select('variants').where('organization_id', '=', organizationId).execute();
    await db.deleteFrom('photos').where('organization_id', '=', organizationId).execute();
    return rows.flatMap(storedKeys);
  },
});
