import { ROLES } from '@bo/shared/permissions';
import { adminPath, type FeatureDescriptor } from '../../lib/feature.ts';

/**
 * Issue 38 part 5: the compliance dashboards over the computed due items: the organization's, one site's
 * (linked from the site page) and, for the company-wide safety officer, across organizations.
 */
export const complianceFeature = {
  name: 'compliance',
  routes: [
    {
      name: 'compliance.dashboard',
      path: adminPath('compliance'),
      roles: ROLES.staffRead,
      screen: () => import('./compliance-page.tsx'),
    },
    {
      name: 'compliance.site',
      path: adminPath('sites/:id/compliance'),
      roles: ROLES.staffRead,
      screen: () => import('./compliance-site-page.tsx'),
    },
    {
      name: 'compliance.across',
      path: adminPath('compliance/across'),
      roles: ROLES.staffAcrossOrganizations,
      screen: () => import('./compliance-across-page.tsx'),
    },
  ],
  menuGroups: [{ key: 'compliance-group', icon: 'safety', roles: [...ROLES.staffRead, ...ROLES.staffAcrossOrganizations], order: 62 }],
  menu: [
    { key: 'compliance', group: 'compliance-group', route: 'compliance.dashboard', roles: ROLES.staffRead, order: 10 },
    { key: 'compliance-across', group: 'compliance-group', route: 'compliance.across', roles: ROLES.staffAcrossOrganizations, order: 20 },
  ],
} satisfies FeatureDescriptor;
