import { defineModule } from '../../lib/kit/server-module.ts';
import { contractors, sites } from './site.repository.ts';
import { contractorResourceRoutes, siteResourceRoutes, siteRosterRoutes } from './site.routes.ts';

/** Issue 38 part 1 (docs/compliance.md): sites, their subcontractors (協力廠商) and rosters, organization-scoped. */
export const siteModule = defineModule({
  name: 'site',
  routes: [siteResourceRoutes, contractorResourceRoutes, siteRosterRoutes],
  // Sites (with their rosters and subcontractor links) go before the contractors they name.
  dependents: [sites.dependent, contractors.dependent],
});
