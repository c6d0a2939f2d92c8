import { ROLES } from '@bo/shared/permissions';
import { resourceScreens } from '../../components/resource/resource-screens.ts';

/** Product categories: one tree, as deep as the app config's productCategoryDepth allows. */
export const productCategoryFeature = resourceScreens({
  name: 'product-category',
  title: {
    list: { 'zh-TW': '產品分類', 'en-US': 'Product categories' },
    create: { 'zh-TW': '新增產品分類', 'en-US': 'New product category' },
    update: { 'zh-TW': '編輯產品分類', 'en-US': 'Edit product category' },
  },
  roles: { read: ROLES.product, write: ROLES.product },
  flag: 'modules.product',
  create: 'dialog',
  menu: { group: 'content', order: 55 },
  screens: () => import('./product-category.screens.tsx'),
});
