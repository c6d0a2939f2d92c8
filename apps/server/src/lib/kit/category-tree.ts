import type { ReadDb } from '../../db/database.ts';
import { categoryRow, hasSubCategory, hasSubCategoryOutside, type CategoryRow, type CategoryTable } from './category-tree.repository.ts';
import { badRequest, conflict } from '../errors.ts';
import { localized } from '../public-read.ts';
import type { ResourceDeclaration } from './resource-routes.ts';

/**
 * The rules every category tree of the site keeps (page categories per type, product categories),
 * written once: a depth limit from the app config, a parent in the same tree, no move of a category
 * that holds sub-categories, no delete of one that holds sub-categories or content, children first.
 */
export type { CategoryTable };

export interface CategoryNode {
  id: number;
  name: string;
  name_en: string | null;
  depth: number;
  children: CategoryNode[];
}

/** Rows in their order (parents before or after children alike) as a tree. */
export function nestCategories<N extends CategoryNode>(
  rows: { id: number; parent_id: number | null; name: string; name_en: string | null; depth: number }[],
): N[] {
  const nodes = new Map(
    rows.map((r) => [r.id, { id: r.id, name: r.name, name_en: r.name_en, depth: r.depth, children: [] } as unknown as N]),
  );
  const roots: N[] = [];
  for (const r of rows)
    (r.parent_id !== null ? ((nodes.get(r.parent_id)?.children as N[] | undefined) ?? roots) : roots).push(nodes.get(r.id)!);
  return roots;
}

/** A category's id and the ids of every category below it (a list by category shows its sub-categories' content too). */
export function categoryAndDescendants(id: number, rows: Iterable<{ id: number; parent_id: number | null }>): number[] {
  const all = [...rows];
  const ids = [id];
  for (let i = 0; i < ids.length; i++) for (const c of all) if (c.parent_id === ids[i]) ids.push(c.id);
  return ids;
}

/** The tree's names in the public API's locale (en-US where filled). */
export const localizeTree = <N extends CategoryNode>(nodes: N[], locale: string): N[] =>
  nodes.map((n) => ({ ...n, name: localized(locale, n.name, n.name_en), children: localizeTree(n.children, locale) }));

/**
 * The calls a category tree's resource declares (resource-routes.ts): no patch; an update that moves a
 * category holding sub-categories, or a delete of one holding sub-categories or content, answers 409.
 */
export const CATEGORY_RESOURCE_CALLS = {
  without: ['patch', 'batchPatch'],
  operationConfig: { delete: { errors: [409] }, batchDelete: { errors: [409] }, update: { errors: [409] } },
} satisfies Partial<ResourceDeclaration<never, { id: number }, unknown, unknown>>;

export function categoryRules(db: ReadDb, table: CategoryTable) {
  return {
    /**
     * The depth a category gets under `parentId` (1 at the top). The parent must exist, not be the
     * category itself and pass `sameTree` (else a field error); deeper than `maxDepth` is `tooDeepKey`.
     */
    async depthUnder(
      parentId: number | null,
      opts: { self?: number; maxDepth: number; tooDeepKey: string; sameTree?: (parent: CategoryRow) => boolean },
    ): Promise<number> {
      if (parentId === null) return 1;
      const parent = await categoryRow(db, table, parentId);
      if (!parent || parent.id === opts.self || (opts.sameTree && !opts.sameTree(parent)))
        throw badRequest({ parent_id: ['validate.error.invalid'] });
      const depth = parent.depth + 1;
      if (depth > opts.maxDepth) throw badRequest({ parent_id: [opts.tooDeepKey] });
      return depth;
    },
    /**
     * A category holding sub-categories keeps its level: moving it would move them too (and with a
     * depth of at most 5, a cycle needs such a move), so that is refused (409).
     */
    async refuseMoveWithChildren(id: number, before: number, after: number): Promise<void> {
      if (before === after) return;
      if (await hasSubCategory(db, table, id)) throw conflict({ parent_id: ['validate.error.invalid'] });
    },
    /** Deletes the rows, children first; 409 when one holds a sub-category outside them or content (`inUse`). */
    async removeChildrenFirst<R extends { id: number; depth: number }>(
      rows: R[],
      inUse: (row: R) => boolean,
      remove: (id: number) => Promise<void>,
    ): Promise<void> {
      const ids = rows.map((r) => r.id);
      if ((await hasSubCategoryOutside(db, table, ids)) || rows.some(inUse)) throw conflict();
      for (const r of [...rows].sort((a, b) => b.depth - a.depth)) await remove(r.id);
    },
  };
}
