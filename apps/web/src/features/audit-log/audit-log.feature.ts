import { ROLES } from '@bo/shared/permissions';
import { adminPath, type FeatureDescriptor } from '../../lib/feature.ts';

export const auditLogFeature = {
  name: 'audit-log',
  routes: [
    {
      name: 'audit-log.list',
      path: adminPath('audit-log'),
      roles: ROLES.superAdmin,
      title: { 'zh-TW': '稽核紀錄', 'en-US': 'Audit log' },
      screen: () => import('./audit-log-list-page.tsx'),
    },
  ],
  menu: [{ key: 'audit-log', group: 'admin-group', route: 'audit-log.list', roles: ROLES.superAdmin, order: 40 }],
} satisfies FeatureDescriptor;
