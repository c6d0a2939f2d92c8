import { ROLES } from '@bo/shared/permissions';
import { listAndFormRoutes, type FeatureDescriptor } from '../../lib/feature.ts';

/** Every organization for super admins, behind the adminSubAccount flag. */
export const adminOrganizationFeature = {
  name: 'admin-organization',
  routes: listAndFormRoutes('admin-organization', {
    roles: { list: ROLES.superAdmin, create: ROLES.superAdmin, update: ROLES.superAdmin },
    flag: 'adminSubAccount',
    list: () => import('./admin-organization-list-page.tsx'),
    form: () => import('./admin-organization-form-page.tsx'),
  }),
  menu: [{ key: 'admin-organization', group: 'admin-group', route: 'admin-organization.list', roles: ROLES.superAdmin, order: 30 }],
} satisfies FeatureDescriptor;
