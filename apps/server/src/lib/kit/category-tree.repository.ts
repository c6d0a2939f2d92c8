import type { Kysely } from 'kysely';
import type { ReadDb } from '../../db/database.ts';

/** The category tables (category-tree.ts) and the columns their rules read. */
export type CategoryTable = 'page_categories' | 'product_categories';

export interface CategoryRow {
  id: number;
  parent_id: number | null;
  depth: number;
  /** Page categories only: the page type whose tree it is in. */
  type?: string;
}

// The table comes from the modules' declarations, never from a request.
const loose = (db: ReadDb) => db as unknown as Kysely<Record<CategoryTable, CategoryRow>>;

/** The category `id` of `table`, or undefined. */
export const categoryRow = (db: ReadDb, table: CategoryTable, id: number): Promise<CategoryRow | undefined> =>
  loose(db).selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();

/** Whether the category has a sub-category. */
export const hasSubCategory = async (db: ReadDb, table: CategoryTable, id: number): Promise<boolean> =>
  (await loose(db).selectFrom(table).select('id').where('parent_id', '=', id).executeTakeFirst()) !== undefined;

/** Whether one of `ids` has a sub-category outside `ids`. */
export const hasSubCategoryOutside = async (db: ReadDb, table: CategoryTable, ids: readonly number[]): Promise<boolean> =>
  (await loose(db)
    .selectFrom(table)
    .select('id')
    .where('parent_id', 'in', [...ids])
    .where('id', 'not in', [...ids])
    .executeTakeFirst()) !== undefined;
