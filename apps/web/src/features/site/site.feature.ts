import { ROLES } from '@bo/shared/permissions';
import { resourceScreens } from '../../components/resource/resource-screens.ts';
import type { FeatureDescriptor } from '../../lib/feature.ts';

/** Issue 38: sites (工地) with their subcontractors and rosters, and the subcontractors (協力廠商), under the staff menu. */
const sites = resourceScreens({
  name: 'site',
  roles: { read: ROLES.siteRead, write: ROLES.siteWrite },
  organization: true,
  menu: { group: 'staff-group', order: 30 },
  screens: () => import('./site.screens.tsx'),
});

const contractors = resourceScreens({
  name: 'contractor',
  roles: { read: ROLES.siteRead, write: ROLES.siteWrite },
  organization: true,
  menu: { group: 'staff-group', order: 40 },
  screens: () => import('./contractor.screens.tsx'),
});

export const siteFeature = {
  name: 'site',
  routes: [...sites.routes, ...contractors.routes],
  menu: [...sites.menu, ...contractors.menu],
} satisfies FeatureDescriptor;
