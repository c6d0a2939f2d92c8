import type { OrganizationDependent } from '../../lib/kit/organization-dependents.ts';
import { countOrganizationRows } from '../../lib/kit/count-organization-rows.ts';

export const staffDependent: OrganizationDependent = {
  name: 'staff',
  count: (db, organizationId) => countOrganizationRows(db, 'staff', organizationId),
  remove: async (db, organizationId) => {
    const staff = await db.selectFrom('staff').select('photo_key').where('organization_id', '=', organizationId).execute();
    const certs = await db.selectFrom('staff_certificates').select('file_key').where('organization_id', '=', organizationId).execute();
    await db.deleteFrom('staff_certificates').where('organization_id', '=', organizationId).execute();
    await db.deleteFrom('staff').where('organization_id', '=', organizationId).execute();
    await db.deleteFrom('certificate_types').where('organization_id', '=', organizationId).execute();
    return [...staff.map((s) => s.photo_key), ...certs.map((c) => c.file_key)].filter((k): k is string => !!k);
  },
};

export const staffExcelDependent: OrganizationDependent = {
  name: 'staff_excels',
  count: (db, organizationId) => countOrganizationRows(db, 'staff_excels', organizationId),
  remove: async (db, organizationId) => {
    const rows = await db.selectFrom('staff_excels').select('file_key').where('organization_id', '=', organizationId).execute();
    await db.deleteFrom('staff_excels').where('organization_id', '=', organizationId).execute();
    return rows.map((r) => r.file_key);
  },
};
