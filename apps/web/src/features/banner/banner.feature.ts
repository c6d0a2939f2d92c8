import { ROLES } from '@bo/shared/permissions';
import { resourceScreens } from '../../components/resource/resource-screens.ts';

/** The site's banners (issue 11): ROLE_BANNER and super admins, while modules.banner is on. */
export const bannerFeature = resourceScreens({
  name: 'banner',
  roles: { read: ROLES.banner, write: ROLES.banner },
  flag: 'modules.banner',
  menu: { group: 'content', order: 20 },
  screens: () => import('./banner.screens.tsx'),
});
