import type { z } from 'zod';
import { PRODUCT_KEYS, type ProductCategory, type productCategoryInput, type productCategoryListQuery } from '@bo/shared/schemas/product';
import type { ReadDb } from '../../db/database.ts';
import { categoryRules } from '../../lib/kit/category-tree.ts';
import type { AdminReadContext, RequestContext } from '../../lib/context/request-context.ts';
import type { ResourceReads, ResourceWrites } from '../../lib/kit/resource-routes.ts';
import { loadAppConfig } from '../../lib/app-config.ts';
import { productCategories } from './product.repository.ts';

type Input = z.output<typeof productCategoryInput>;
type Query = z.output<typeof productCategoryListQuery>;

/** How deep the tree may go: the app config's productCategoryDepth (spec section 3, 2 by default). */
export const maxDepth = async (db: ReadDb) => (await loadAppConfig(db)).productCategoryDepth;

export const productCategoryReads = ({ db, scope }: AdminReadContext): ResourceReads<ProductCategory, Query> => ({
  list: (query) =>
    productCategories.list(db, scope, query, (qb) => (query.parent_id ? qb.where('pc.parent_id', '=', query.parent_id) : qb)),
  find: (ids) => productCategories.find(db, scope, ids),
});

/**
 * Product categories, one tree: depth at most productCategoryDepth (a deeper one is a field error on
 * parent_id); a category with sub-categories or products is not deleted (409), nor moved to another
 * level while it has sub-categories (409).
 */
export function productCategoryService(ctx: RequestContext): ResourceWrites<ProductCategory, Input> {
  const { db, scope } = ctx;
  const rules = categoryRules(db, 'product_categories');
  const depthUnder = async (input: Input, self?: number) =>
    rules.depthUnder(input.parent_id, { self, maxDepth: await maxDepth(db), tooDeepKey: PRODUCT_KEYS.categoryTooDeep });
  return {
    async create(input) {
      return productCategories.create(db, scope, { ...input, depth: await depthUnder(input) });
    },
    async update(before, input) {
      const depth = await depthUnder(input, before.id);
      await rules.refuseMoveWithChildren(before.id, before.depth, depth);
      await productCategories.update(db, scope, before.id, { ...input, depth });
      return productCategories.findOr404(db, scope, before.id);
    },
    remove: (rows) =>
      rules.removeChildrenFirst(
        rows,
        (r) => r.product_count > 0,
        (id) => productCategories.remove(db, scope, [id]),
      ),
  };
}
