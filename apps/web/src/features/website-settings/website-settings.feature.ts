import { ROLES } from '@bo/shared/permissions';
import { screenFeature } from '../../lib/feature.ts';

/** The website's identity (issue 26): company name, tagline, logo, contact, social links, footer; page editors and super admins. */
export const websiteSettingsFeature = screenFeature({
  name: 'website-settings',
  route: {
    name: 'website-settings',
    path: 'website-settings',
    roles: ROLES.website,
    screen: () => import('./website-settings-page.tsx'),
  },
  menu: { group: 'content', order: 70 },
});
