import { ROLES } from '@bo/shared/permissions';
import { resourceScreens } from '../../components/resource/resource-screens.ts';

/** The site's banners (issue 11): ROLE_BANNER and super admins, while modules.banner is on. */
export const bannerFeature = resourceScreens({
  name: 'banner',
  title: {
    list: { 'zh-TW': '橫幅', 'en-US': 'Banners' },
    create: { 'zh-TW': '新增橫幅', 'en-US': 'New banner' },
    update: { 'zh-TW': '編輯橫幅', 'en-US': 'Edit banner' },
  },
  roles: { read: ROLES.banner, write: ROLES.banner },
  flag: 'modules.banner',
  menu: { group: 'content', order: 20 },
  screens: () => import('./banner.screens.tsx'),
});
