import { ROLES } from '@bo/shared/permissions';
import { screenFeature } from '../../lib/feature.ts';

/** Issue 37, items 5 and 6: what the next retention run touches, and the personal-data inventory. */
export const personalDataFeature = screenFeature({
  name: 'personal-data',
  route: { name: 'personal-data', path: 'personal-data', roles: ROLES.superAdmin, screen: () => import('./personal-data-page.tsx') },
  menu: { group: 'admin-group', order: 82 },
});
