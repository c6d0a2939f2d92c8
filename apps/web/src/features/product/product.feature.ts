import { ROLES } from '@bo/shared/permissions';
import { adminPath, type FeatureDescriptor } from '../../lib/feature.ts';

/** Products of the site with their attribute lists and instance sets (issue 12), while modules.product is on. */
export const productFeature = {
  name: 'product',
  routes: [
    {
      name: 'product.list',
      path: adminPath('product'),
      roles: ROLES.product,
      flag: 'modules.product',
      title: { 'zh-TW': '產品', 'en-US': 'Products' },
      screen: () => import('./product-list-page.tsx'),
    },
    {
      name: 'product.create',
      path: adminPath('product/create'),
      roles: ROLES.product,
      flag: 'modules.product',
      mode: 'create',
      title: { 'zh-TW': '新增產品', 'en-US': 'New product' },
      screen: () => import('./product-form-page.tsx'),
    },
    {
      name: 'product.update',
      path: adminPath('product/:target/update'),
      roles: ROLES.product,
      flag: 'modules.product',
      mode: 'update',
      title: { 'zh-TW': '編輯產品', 'en-US': 'Edit product' },
      screen: () => import('./product-form-page.tsx'),
    },
  ],
  menu: [{ key: 'product', group: 'content', route: 'product.list', roles: ROLES.product, order: 50 }],
} satisfies FeatureDescriptor;
