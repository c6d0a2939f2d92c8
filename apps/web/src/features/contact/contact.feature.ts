import { ROLES } from '@bo/shared/permissions';
import { screenFeature, type FeatureDescriptor } from '../../lib/feature.ts';

/**
 * Contacts the site's form sent (issue 11): ROLE_CONTACT and super admins handle them, while
 * modules.contact is on. Also declares the menu's site content group the other content features join.
 */
export const contactFeature = {
  ...screenFeature({
    name: 'contact',
    route: {
      name: 'contact.list',
      path: 'contact',
      roles: ROLES.contact,
      flag: 'modules.contact',
      screen: () => import('./contact-list-page.tsx'),
    },
    menu: { group: 'content', order: 40 },
  }),
  menuGroups: [{ key: 'content', icon: 'global', roles: ROLES.content, order: 40 }],
} satisfies FeatureDescriptor;
