import { ROLES } from '@bo/shared/permissions';
import { listAndFormRoutes, type FeatureDescriptor } from '../../lib/feature.ts';

/** Products of the site with their attribute lists and instance sets (issue 12), while modules.product is on. */
export const productFeature = {
  name: 'product',
  routes: listAndFormRoutes('product', {
    roles: { list: ROLES.product, create: ROLES.product, update: ROLES.product },
    flag: 'modules.product',
    list: () => import('./product-list-page.tsx'),
    form: () => import('./product-form-page.tsx'),
  }),
  menu: [{ key: 'product', group: 'content', route: 'product.list', roles: ROLES.product, order: 50 }],
} satisfies FeatureDescriptor;
