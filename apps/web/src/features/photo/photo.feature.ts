import { ROLES } from '@bo/shared/permissions';
import { adminPath, type FeatureDescriptor } from '../../lib/feature.ts';

/** The photo library; its menu entry asks more than its route (spec section 6). */
export const photoFeature = {
  name: 'photo',
  routes: [
    {
      name: 'photo.list',
      path: adminPath('photo'),
      roles: ROLES.photoList,
      title: { 'zh-TW': '相片庫', 'en-US': 'Photo library' },
      screen: () => import('./photo-library-page.tsx'),
    },
  ],
  menu: [{ key: 'photo', icon: 'picture', route: 'photo.list', roles: ROLES.photo, order: 80 }],
} satisfies FeatureDescriptor;
