import { ROLES } from '@bo/shared/permissions';
import { screenFeature } from '../../lib/feature.ts';

/** The photo library; its menu entry asks more than its route (spec section 6). */
export const photoFeature = screenFeature({
  name: 'photo',
  route: { name: 'photo.list', path: 'photo', roles: ROLES.photoList, screen: () => import('./photo-library-page.tsx') },
  menu: { icon: 'picture', roles: ROLES.photo, order: 80 },
});
