import { ROLES } from '@bo/shared/permissions';
import { adminPath, type FeatureDescriptor } from '../../lib/feature.ts';

/**
 * Contacts the site's form sent (issue 11): ROLE_CONTACT and super admins handle them, while
 * modules.contact is on. Also declares the menu's site content group the other content features join.
 */
export const contactFeature = {
  name: 'contact',
  routes: [
    {
      name: 'contact.list',
      path: adminPath('contact'),
      roles: ROLES.contact,
      flag: 'modules.contact',
      title: { 'zh-TW': '聯絡表單', 'en-US': 'Contacts' },
      screen: () => import('./contact-list-page.tsx'),
    },
  ],
  menuGroups: [{ key: 'content', icon: 'global', roles: ROLES.content, order: 40, label: { 'zh-TW': '網站內容', 'en-US': 'Website' } }],
  menu: [{ key: 'contact', group: 'content', route: 'contact.list', roles: ROLES.contact, order: 40 }],
} satisfies FeatureDescriptor;
