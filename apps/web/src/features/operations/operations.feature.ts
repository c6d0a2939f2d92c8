import { ROLES } from '@bo/shared/permissions';
import { screenFeature } from '../../lib/feature.ts';

/** Operations tools (spec section 7; issue 13, parts 4 and 5): a LINE message, the Google Drive check. */
export const operationsFeature = screenFeature({
  name: 'operations',
  route: { name: 'operations', path: 'operations', roles: ROLES.debug, screen: () => import('./operations-page.tsx') },
  menu: { group: 'admin-group', order: 85 },
});
