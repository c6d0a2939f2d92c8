import { instanceRowsOf } from './product-instance.repository.ts';
import { ROLES } from '@bo/shared/permissions';
import { sortOrder } from '@bo/shared/schemas/content';
import {
  PRODUCT_STATUSES,
  productCategoryInput,
  productCategoryListQuery,
  productCategorySchema,
  productInput,
  productListQuery,
  productSchema,
} from '@bo/shared/schemas/product';
import { z } from 'zod';
import { CATEGORY_RESOURCE_CALLS } from '../../lib/kit/category-tree.ts';
import { resourceRoutes } from '../../lib/kit/resource-routes.ts';
import { defineModule } from '../../lib/kit/server-module.ts';
import { productCategoryReads, productCategoryService } from './product-category.service.ts';
import { productPhotosReference } from './product-photos.ts';
import { productPreviewRoutes } from './product.preview.ts';
import { productPublicRoutes } from './product.public.routes.ts';
import { products } from './product.repository.ts';
import { productRoutes } from './product.routes.ts';
import { productReads, productService } from './product.service.ts';

/**
 * Products of the site with their category tree and instance sets (issue 12, docs/content.md):
 * ROLE_PRODUCT and super admins; module flag modules.product.
 */
export const productModule = defineModule({
  name: 'product',
  site: true,
  flag: 'modules.product',
  routes: [
    resourceRoutes({
      path: '/api/admin/product-category',
      tags: ['product'],
      target: 'product_category',
      roles: { read: ROLES.product, write: ROLES.product },
      schemas: { view: productCategorySchema, input: productCategoryInput, listQuery: productCategoryListQuery },
      ...CATEGORY_RESOURCE_CALLS,
      reads: productCategoryReads,
      service: productCategoryService,
    }),
    resourceRoutes({
      path: '/api/admin/product',
      tags: ['product'],
      target: 'product',
      // Its SKU rows' edits (price, stock, SKU: audited on product_instance) are part of its history, as a staff's certificates are.
      history: {
        parts: async (ctx, id) => [{ targetType: 'product_instance', ids: (await instanceRowsOf(ctx.db, id)).map((r) => r.id) }],
      },
      roles: { read: ROLES.product, write: ROLES.product },
      schemas: { view: productSchema, input: productInput, listQuery: productListQuery },
      patch: { fields: ['status', 'sort_order'], rules: { status: z.enum(PRODUCT_STATUSES), sort_order: sortOrder.unwrap() } },
      operationConfig: { create: { errors: [409] }, update: { errors: [409] } },
      order: { table: products },
      reads: productReads,
      service: productService,
    }),
    productRoutes,
    productPublicRoutes,
    productPreviewRoutes,
  ],
  references: [productPhotosReference],
  photoReferences: [
    {
      table: 'product_instances',
      column: 'photo_id',
      target: 'product_instance',
      kind: 'product_instance',
      label: 'name',
      onWebsite: true,
      versionOf: { target: 'product', column: 'product_id' },
    },
  ],
});
