import { defineModule } from '../../lib/kit/server-module.ts';
import { organizationMembersDependent } from './organization-members.repository.ts';
import { organizationMemberRoutes } from './organization-members.routes.ts';
import { organizationRoutes } from './organization.routes.ts';

/** The active organization and its members, edited by its own administrators (spec section 7). */
export const organizationModule = defineModule({
  name: 'organization',
  routes: [organizationRoutes, organizationMemberRoutes],
  dependents: [organizationMembersDependent],
});
