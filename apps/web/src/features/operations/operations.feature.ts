import { ROLES } from '@bo/shared/permissions';
import { adminPath, type FeatureDescriptor } from '../../lib/feature.ts';

/** Operations tools (spec section 7; issue 13, parts 4 and 5): a LINE message, the Google Drive check. */
export const operationsFeature = {
  name: 'operations',
  routes: [
    {
      name: 'operations',
      path: adminPath('operations'),
      roles: ROLES.debug,
      title: { 'zh-TW': '維運工具', 'en-US': 'Operations tools' },
      screen: () => import('./operations-page.tsx'),
    },
  ],
  menu: [{ key: 'operations', group: 'admin-group', route: 'operations', roles: ROLES.debug, order: 85 }],
} satisfies FeatureDescriptor;
