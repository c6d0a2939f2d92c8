import type { z } from 'zod';
import {
  PAGE_KEYS,
  type PageCategory,
  type PageCategoryNode,
  type PageType,
  type pageCategoryInput,
  type pageCategoryListQuery,
} from '@bo/shared/schemas/page';
import type { ReadDb } from '../../db/database.ts';
import { badRequest } from '../../lib/errors.ts';
import { categoryRules, nestCategories } from '../../lib/kit/category-tree.ts';
import type { AdminReadContext, RequestContext } from '../../lib/context/request-context.ts';
import type { ResourceReads, ResourceWrites } from '../../lib/kit/resource-routes.ts';
import { loadAppConfig } from '../../lib/app-config.ts';
import { categoryRowsOf, pageCategories } from './page.repository.ts';

type Input = z.output<typeof pageCategoryInput>;
type Query = z.output<typeof pageCategoryListQuery>;

/** How deep a type's tree may go: the app config's pageCategoryDepth (spec section 3). */
export const maxDepth = async (db: ReadDb, type: PageType) => (await loadAppConfig(db)).pageCategoryDepth[type];

/** The categories of a type as a tree, in their order. */
export async function categoryTree(db: ReadDb, type: PageType): Promise<PageCategoryNode[]> {
  return nestCategories<PageCategoryNode>(await categoryRowsOf(db, type));
}

export const pageCategoryReads = ({ db, scope }: AdminReadContext): ResourceReads<PageCategory, Query> => ({
  list: (query) =>
    pageCategories.list(db, scope, query, (qb) => {
      let q = query.type ? qb.where('pc.type', '=', query.type) : qb;
      if (query.parent_id) q = q.where('pc.parent_id', '=', query.parent_id);
      return q;
    }),
  find: (ids) => pageCategories.find(db, scope, ids),
});

/**
 * Categories: a parent of the same type; depth at most pageCategoryDepth[type] (a deeper one is a
 * field error on parent_id); a category with sub-categories or pages is not deleted (409).
 */
export function pageCategoryService(ctx: RequestContext): ResourceWrites<PageCategory, Input> {
  const { db, scope } = ctx;
  const rules = categoryRules(db, 'page_categories');
  const depthUnder = async (input: Input, self?: number) =>
    rules.depthUnder(input.parent_id, {
      self,
      maxDepth: await maxDepth(db, input.type),
      tooDeepKey: PAGE_KEYS.categoryTooDeep,
      sameTree: (parent) => parent.type === input.type,
    });
  return {
    async create(input) {
      return pageCategories.create(db, scope, { ...input, depth: await depthUnder(input) });
    },
    async update(before, input) {
      if (input.type !== before.type) throw badRequest({ type: ['validate.error.invalid'] });
      const depth = await depthUnder(input, before.id);
      await rules.refuseMoveWithChildren(before.id, before.depth, depth);
      await pageCategories.update(db, scope, before.id, { ...input, depth });
      return pageCategories.findOr404(db, scope, before.id);
    },
    remove: (rows) =>
      rules.removeChildrenFirst(
        rows,
        (r) => r.page_count > 0,
        (id) => pageCategories.remove(db, scope, [id]),
      ),
  };
}
