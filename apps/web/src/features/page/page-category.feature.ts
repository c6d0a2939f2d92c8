import { ROLES } from '@bo/shared/permissions';
import { resourceScreens } from '../../components/resource/resource-screens.ts';

/** Page categories, one tree per page type, as deep as the app config's pageCategoryDepth allows. */
export const pageCategoryFeature = resourceScreens({
  name: 'page-category',
  roles: { read: ROLES.page, write: ROLES.page },
  flag: 'modules.page',
  create: 'dialog',
  menu: { group: 'content', order: 15 },
  screens: () => import('./page-category.screens.tsx'),
});
