import type { z } from 'zod';
import { PRODUCT_KEYS, type ProductCategory, type productCategoryInput, type productCategoryListQuery } from '@bo/shared/schemas/product';
import type { DbOrTrx } from '../../db/database.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import type { RequestContext } from '../../lib/kit/request-context.ts';
import type { ResourceService } from '../../lib/kit/resource-routes.ts';
import { loadAppConfig } from '../settings/app-config.repository.ts';
import { productCategories } from './product.repository.ts';

type Input = z.output<typeof productCategoryInput>;
type Query = z.output<typeof productCategoryListQuery>;

/** How deep the tree may go: the app config's productCategoryDepth (spec section 3, 2 by default). */
export const maxDepth = async (db: DbOrTrx) => (await loadAppConfig(db)).productCategoryDepth;

/**
 * Product categories, one tree: depth at most productCategoryDepth (a deeper one is a field error on
 * parent_id); a category with sub-categories or products is not deleted (409), nor moved to another
 * level while it has sub-categories (409).
 */
export function productCategoryService(ctx: RequestContext): ResourceService<ProductCategory, Input, Query> {
  const { db, scope } = ctx;
  const depthUnder = async (input: Input, self?: number): Promise<number> => {
    if (input.parent_id === null) return 1;
    const parent = await db.selectFrom('product_categories').select(['id', 'depth']).where('id', '=', input.parent_id).executeTakeFirst();
    if (!parent || parent.id === self) throw badRequest({ parent_id: ['validate.error.invalid'] });
    const depth = parent.depth + 1;
    if (depth > (await maxDepth(db))) throw badRequest({ parent_id: [PRODUCT_KEYS.categoryTooDeep] });
    return depth;
  };
  return {
    list: (query) =>
      productCategories.list(db, scope, query, (qb) => (query.parent_id ? qb.where('pc.parent_id', '=', query.parent_id) : qb)),
    find: (ids) => productCategories.find(db, scope, ids),
    async create(input) {
      return productCategories.create(db, scope, { ...input, depth: await depthUnder(input) });
    },
    async update(before, input) {
      const depth = await depthUnder(input, before.id);
      // With a depth of at most 5 a cycle needs a move under a descendant, which changes the depth: refused with children.
      if (depth !== before.depth) {
        const child = await db.selectFrom('product_categories').select('id').where('parent_id', '=', before.id).executeTakeFirst();
        if (child) throw conflict({ parent_id: ['validate.error.invalid'] });
      }
      await productCategories.update(db, scope, before.id, { ...input, depth });
      return productCategories.findOr404(db, scope, before.id);
    },
    async remove(rows) {
      const ids = rows.map((r) => r.id);
      const child = await db
        .selectFrom('product_categories')
        .select('id')
        .where('parent_id', 'in', ids)
        .where('id', 'not in', ids)
        .executeTakeFirst();
      if (child || rows.some((r) => r.product_count > 0)) throw conflict();
      // Children first when a batch holds a parent and its child.
      for (const r of [...rows].sort((a, b) => b.depth - a.depth)) await productCategories.remove(db, scope, [r.id]);
    },
  };
}
