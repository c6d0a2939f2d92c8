import { ROLES } from '@bo/shared/permissions';
import { adminPath, type FeatureDescriptor } from '../../lib/feature.ts';

export const fileFeature = {
  name: 'file',
  routes: [
    {
      name: 'admin.file',
      path: adminPath('file'),
      roles: ROLES.file,
      title: { 'zh-TW': '檔案管理', 'en-US': 'File manager' },
      screen: () => import('./file-manager-page.tsx'),
    },
  ],
  menu: [{ key: 'file', icon: 'folder', route: 'admin.file', roles: ROLES.file, order: 40 }],
} satisfies FeatureDescriptor;
