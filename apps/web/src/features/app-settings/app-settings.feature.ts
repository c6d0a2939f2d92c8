import { ROLES } from '@bo/shared/permissions';
import { screenFeature } from '../../lib/feature.ts';

/** The application config of spec section 3 as a screen (issue 13): site, look, feature flags and limits, with its history. */
export const appSettingsFeature = screenFeature({
  name: 'app-settings',
  route: { name: 'app-settings', path: 'app-settings', roles: ROLES.superAdmin, screen: () => import('./app-settings-page.tsx') },
  menu: { group: 'admin-group', order: 80 },
});
