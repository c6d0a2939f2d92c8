import { ROLES } from '@bo/shared/permissions';
import { adminPath, type FeatureDescriptor } from '../../lib/feature.ts';

/** Every organization for super admins, behind the adminSubAccount flag. */
export const adminOrganizationFeature = {
  name: 'admin-organization',
  routes: [
    {
      name: 'admin-organization.list',
      path: adminPath('admin-organization'),
      roles: ROLES.superAdmin,
      flag: 'adminSubAccount',
      title: { 'zh-TW': '組織管理', 'en-US': 'Organizations' },
      screen: () => import('./admin-organization-list-page.tsx'),
    },
    {
      name: 'admin-organization.create',
      path: adminPath('admin-organization/create'),
      roles: ROLES.superAdmin,
      mode: 'create',
      flag: 'adminSubAccount',
      title: { 'zh-TW': '新增組織', 'en-US': 'New organization' },
      screen: () => import('./admin-organization-form-page.tsx'),
    },
    {
      name: 'admin-organization.update',
      path: adminPath('admin-organization/:target/update'),
      roles: ROLES.superAdmin,
      mode: 'update',
      flag: 'adminSubAccount',
      title: { 'zh-TW': '編輯組織', 'en-US': 'Edit organization' },
      screen: () => import('./admin-organization-form-page.tsx'),
    },
  ],
  menu: [
    {
      key: 'admin-organization',
      group: 'admin-group',
      route: 'admin-organization.list',
      roles: ROLES.superAdmin,
      flag: 'adminSubAccount',
      order: 30,
    },
  ],
} satisfies FeatureDescriptor;
