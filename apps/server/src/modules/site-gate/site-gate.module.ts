import { defineModule } from '../../lib/kit/server-module.ts';
import type { OrganizationDependent } from '../../lib/kit/organization-dependents.ts';
import { countOrganizationEntries, deleteOrganizationEntries } from './site-gate.repository.ts';
import { siteGateRoutes } from './site-gate.routes.ts';

/** The organization's gate entries go with it (they would go with its sites too: site_id cascades). */
const entries: OrganizationDependent = {
  name: 'site_entries',
  count: countOrganizationEntries,
  async remove(db, organizationId) {
    await deleteOrganizationEntries(db, organizationId);
    return [];
  },
};

/** Issue 39 (docs/site-gate.md): the site gate's verdicts, scans, offline snapshot and the site director's overrides. */
export const siteGateModule = defineModule({
  name: 'site-gate',
  routes: [siteGateRoutes],
  dependents: [entries],
});
