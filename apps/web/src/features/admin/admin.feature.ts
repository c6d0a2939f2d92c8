import { ROLES } from '@bo/shared/permissions';
import { adminPath, listAndFormRoutes, type FeatureDescriptor } from '../../lib/feature.ts';

/** Admin accounts, and the "Administration" menu group the other super-admin screens join. */
export const adminFeature = {
  name: 'admin',
  routes: [
    ...listAndFormRoutes('admin', {
      roles: { list: ROLES.superAdmin, create: ROLES.superAdmin, update: ROLES.adminUpdate },
      list: () => import('./admin-list-page.tsx'),
      form: () => import('./admin-form-page.tsx'),
    }),
    { name: 'admin.security', path: adminPath('security'), roles: ROLES.superAdmin, screen: () => import('./security-policy-page.tsx') },
  ],
  menuGroups: [{ key: 'admin-group', icon: 'safety', roles: ROLES.superAdmin, order: 70 }],
  menu: [
    { key: 'admin', group: 'admin-group', route: 'admin.list', roles: ROLES.superAdmin, order: 10 },
    { key: 'security', group: 'admin-group', route: 'admin.security', roles: ROLES.superAdmin, order: 90 },
  ],
} satisfies FeatureDescriptor;
