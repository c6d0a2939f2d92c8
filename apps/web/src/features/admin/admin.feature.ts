import { ROLES } from '@bo/shared/permissions';
import { adminPath, type FeatureDescriptor } from '../../lib/feature.ts';

/** Admin accounts, and the "Administration" menu group the other super-admin screens join. */
export const adminFeature = {
  name: 'admin',
  routes: [
    {
      name: 'admin.list',
      path: adminPath('admin'),
      roles: ROLES.superAdmin,
      title: { 'zh-TW': '管理員', 'en-US': 'Admins' },
      screen: () => import('./admin-list-page.tsx'),
    },
    {
      name: 'admin.create',
      path: adminPath('admin/create'),
      roles: ROLES.superAdmin,
      mode: 'create',
      title: { 'zh-TW': '新增管理員', 'en-US': 'New admin' },
      screen: () => import('./admin-form-page.tsx'),
    },
    {
      name: 'admin.update',
      path: adminPath('admin/:target/update'),
      roles: ROLES.adminUpdate,
      mode: 'update',
      title: { 'zh-TW': '編輯管理員', 'en-US': 'Edit admin' },
      screen: () => import('./admin-form-page.tsx'),
    },
    {
      name: 'admin.security',
      path: adminPath('security'),
      roles: ROLES.superAdmin,
      title: { 'zh-TW': '安全性', 'en-US': 'Security' },
      screen: () => import('./security-policy-page.tsx'),
    },
  ],
  menuGroups: [
    { key: 'admin-group', icon: 'safety', roles: ROLES.superAdmin, order: 70, label: { 'zh-TW': '管理', 'en-US': 'Administration' } },
  ],
  menu: [
    { key: 'admin', group: 'admin-group', route: 'admin.list', roles: ROLES.superAdmin, order: 10 },
    { key: 'security', group: 'admin-group', route: 'admin.security', roles: ROLES.superAdmin, order: 90 },
  ],
} satisfies FeatureDescriptor;
