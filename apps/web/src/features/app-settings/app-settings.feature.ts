import { ROLES } from '@bo/shared/permissions';
import { adminPath, type FeatureDescriptor } from '../../lib/feature.ts';

/** The application config of spec section 3 as a screen (issue 13): site, look, feature flags and limits, with its history. */
export const appSettingsFeature = {
  name: 'app-settings',
  routes: [
    {
      name: 'app-settings',
      path: adminPath('app-settings'),
      roles: ROLES.superAdmin,
      title: { 'zh-TW': '系統設定', 'en-US': 'Settings' },
      screen: () => import('./app-settings-page.tsx'),
    },
  ],
  menu: [{ key: 'app-settings', group: 'admin-group', route: 'app-settings', roles: ROLES.superAdmin, order: 80 }],
} satisfies FeatureDescriptor;
