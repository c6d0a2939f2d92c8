import { ROLES } from '@bo/shared/permissions';
import { publicProduct } from '@bo/shared/schemas/product';
import { productPath } from '@bo/shared/site-paths';
import { sitePreviewRoutes } from '../../lib/kit/site-preview.ts';
import { allOrganizations } from '../../lib/context/scope.ts';
import { publicDetail } from './product.public.routes.ts';
import { products } from './product.repository.ts';

/** "View on the website" for a product: published, its address on the site; a draft or hidden one, a signed preview. */
export const productPreviewRoutes = sitePreviewRoutes({
  kind: 'product',
  adminPath: '/api/admin/product',
  roles: ROLES.product,
  tags: ['product'],
  livePath: async ({ db, scope }, id) => {
    const p = await products.findOr404(db, scope, id);
    return p.status === 'published' ? productPath(p) : null;
  },
  preview: async (db, id, locale) => {
    const p = await products.findBy(db, allOrganizations, (qb) => qb.where('p.id', '=', id));
    return p ? publicDetail(db, p, locale) : null;
  },
  response: publicProduct,
});
