import { defineModule } from '../../lib/kit/server-module.ts';
import { adminOrganizationRoutes } from './admin-organization.routes.ts';

/** Admin organizations (sub-accounts), flag adminSubAccount. */
export const adminOrganizationModule = defineModule({
  name: 'admin-organization',
  flag: 'adminSubAccount',
  routes: [adminOrganizationRoutes],
});
