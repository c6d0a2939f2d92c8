import { ROLES } from '@bo/shared/permissions';
import { resourceScreens } from '../../components/resource/resource-screens.ts';

/** Product categories: one tree, as deep as the app config's productCategoryDepth allows. */
export const productCategoryFeature = resourceScreens({
  name: 'product-category',
  roles: { read: ROLES.product, write: ROLES.product },
  flag: 'modules.product',
  create: 'dialog',
  menu: { group: 'content', order: 55 },
  screens: () => import('./product-category.screens.tsx'),
});
