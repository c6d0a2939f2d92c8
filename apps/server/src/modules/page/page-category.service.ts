import type { z } from 'zod';
import {
  PAGE_KEYS,
  type PageCategory,
  type PageCategoryNode,
  type PageType,
  type pageCategoryInput,
  type pageCategoryListQuery,
} from '@bo/shared/schemas/page';
import type { DbOrTrx } from '../../db/database.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import type { RequestContext } from '../../lib/kit/request-context.ts';
import type { ResourceService } from '../../lib/kit/resource-routes.ts';
import { loadAppConfig } from '../settings/app-config.repository.ts';
import { pageCategories } from './page.repository.ts';

type Input = z.output<typeof pageCategoryInput>;
type Query = z.output<typeof pageCategoryListQuery>;

/** How deep a type's tree may go: the app config's pageCategoryDepth (spec section 3). */
export const maxDepth = async (db: DbOrTrx, type: PageType) => (await loadAppConfig(db)).pageCategoryDepth[type];

/** The categories of a type as a tree, in their order. */
export async function categoryTree(db: DbOrTrx, type: PageType): Promise<PageCategoryNode[]> {
  const rows = await db
    .selectFrom('page_categories')
    .select(['id', 'parent_id', 'name', 'name_en', 'depth'])
    .where('type', '=', type)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  const nodes = new Map(
    rows.map((r) => [r.id, { id: r.id, name: r.name, name_en: r.name_en, depth: r.depth, children: [] as PageCategoryNode[] }]),
  );
  const roots: PageCategoryNode[] = [];
  for (const r of rows) (r.parent_id !== null ? (nodes.get(r.parent_id)?.children ?? roots) : roots).push(nodes.get(r.id)!);
  return roots;
}

/**
 * Categories: a parent of the same type; depth at most pageCategoryDepth[type] (a deeper one is a
 * field error on parent_id); a category with sub-categories or pages is not deleted (409).
 */
export function pageCategoryService(ctx: RequestContext): ResourceService<PageCategory, Input, Query> {
  const { db, scope } = ctx;
  const depthUnder = async (input: Input, self?: number): Promise<number> => {
    if (input.parent_id === null) return 1;
    const parent = await db
      .selectFrom('page_categories')
      .select(['id', 'type', 'depth'])
      .where('id', '=', input.parent_id)
      .executeTakeFirst();
    if (!parent || parent.type !== input.type || parent.id === self) throw badRequest({ parent_id: ['validate.error.invalid'] });
    const depth = parent.depth + 1;
    if (depth > (await maxDepth(db, input.type))) throw badRequest({ parent_id: [PAGE_KEYS.categoryTooDeep] });
    return depth;
  };
  return {
    list: (query) =>
      pageCategories.list(db, scope, query, (qb) => {
        let q = query.type ? qb.where('pc.type', '=', query.type) : qb;
        if (query.parent_id) q = q.where('pc.parent_id', '=', query.parent_id);
        return q;
      }),
    find: (ids) => pageCategories.find(db, scope, ids),
    async create(input) {
      return pageCategories.create(db, scope, { ...input, depth: await depthUnder(input) });
    },
    async update(before, input) {
      if (input.type !== before.type) throw badRequest({ type: ['validate.error.invalid'] });
      const depth = await depthUnder(input, before.id);
      // Moving a category with sub-categories would move them too: kept simple, refused.
      if (depth !== before.depth) {
        const child = await db.selectFrom('page_categories').select('id').where('parent_id', '=', before.id).executeTakeFirst();
        if (child) throw conflict({ parent_id: ['validate.error.invalid'] });
      }
      await pageCategories.update(db, scope, before.id, { ...input, depth });
      return pageCategories.findOr404(db, scope, before.id);
    },
    async remove(rows) {
      const ids = rows.map((r) => r.id);
      const child = await db
        .selectFrom('page_categories')
        .select('id')
        .where('parent_id', 'in', ids)
        .where('id', 'not in', ids)
        .executeTakeFirst();
      if (child || rows.some((r) => r.page_count > 0)) throw conflict();
      // Children first when a batch holds a parent and its child.
      for (const r of [...rows].sort((a, b) => b.depth - a.depth)) await pageCategories.remove(db, scope, [r.id]);
    },
  };
}
