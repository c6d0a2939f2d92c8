import { countOrganizationRows, registerOrganizationDependent } from '../../lib/organization-dependents.ts';

registerOrganizationDependent({
  name: 'files',
  count: (db, organizationId) => countOrganizationRows(db, 'files', organizationId),
  remove: async (db, organizationId) => {
    const rows = await db.selectFrom('files').select('storage_key').where('organization_id', '=', organizationId).execute();
    await db.deleteFrom('signed_link_opens').where('organization_id', '=', organizationId).execute();
    await db.deleteFrom('files').where('organization_id', '=', organizationId).execute();
    return rows.map((r) => r.storage_key);
  },
});
