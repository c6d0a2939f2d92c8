import { ROLES } from '@bo/shared/permissions';
import { adminPath, type FeatureDescriptor } from '../../lib/feature.ts';

/** Admin groups, behind the adminGroup flag of the application config. */
export const adminGroupFeature = {
  name: 'admin-group',
  routes: [
    {
      name: 'admin-group.list',
      path: adminPath('admin-group'),
      roles: ROLES.superAdmin,
      flag: 'adminGroup',
      title: { 'zh-TW': '管理員群組', 'en-US': 'Admin groups' },
      screen: () => import('./admin-group-list-page.tsx'),
    },
    {
      name: 'admin-group.update',
      path: adminPath('admin-group/:target/update'),
      roles: ROLES.superAdmin,
      mode: 'update',
      flag: 'adminGroup',
      title: { 'zh-TW': '編輯管理員群組', 'en-US': 'Edit admin group' },
      screen: () => import('./admin-group-form-page.tsx'),
    },
  ],
  menu: [{ key: 'admin-group', group: 'admin-group', route: 'admin-group.list', roles: ROLES.superAdmin, flag: 'adminGroup', order: 20 }],
} satisfies FeatureDescriptor;
