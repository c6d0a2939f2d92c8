import { ROLES } from '@bo/shared/permissions';
import { screenFeature } from '../../lib/feature.ts';

export const fileFeature = screenFeature({
  name: 'file',
  route: { name: 'admin.file', path: 'file', roles: ROLES.file, screen: () => import('./file-manager-page.tsx') },
  menu: { icon: 'folder', order: 40 },
});
