import { nestCategories } from '../../lib/kit/category-tree.ts';
import { type Selectable, sql } from 'kysely';
import type { Product, ProductAttribute, ProductCategory, ProductCategoryNode, ProductInstance } from '@bo/shared/schemas/product';
import type { ReadDb, Trx } from '../../db/database.ts';
import type { ProductCategoriesTable, ProductInstancesTable, ProductsTable } from '../../db/tables/products.ts';
import { scopedTable } from '../../lib/kit/scoped-table.ts';
import { photoSummaries } from '../photo/content-photos.ts';
import { rowExists } from '../../db/row-exists.ts';

type CategoryRow = Selectable<ProductCategoriesTable> & { product_count: number | string };
export type ProductRow = Selectable<ProductsTable> & {
  category_name: string | null;
  instance_count: number | string;
  price_min: number | string | null;
  price_max: number | string | null;
  stock_total: number | string | null;
};
export type InstanceRow = Selectable<ProductInstancesTable>;

/** A JSON text column read back; anything unreadable is the empty value. */
const parseJson = <T>(json: string, fallback: T): T => {
  try {
    return JSON.parse(json) ?? fallback;
  } catch {
    return fallback;
  }
};

/** The library photo ids of a product (JSON text). */
export const photoIdsOf = (json: string): number[] => {
  const v = parseJson<unknown>(json, []);
  return Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x)) : [];
};

/** The attribute lists of a product (JSON text). */
export const attributesOf = (json: string): ProductAttribute[] => {
  const v = parseJson<unknown>(json, []);
  return Array.isArray(v)
    ? v
        .filter((a): a is ProductAttribute => !!a && typeof a === 'object' && Array.isArray((a as ProductAttribute).values))
        .map((a) => ({ name: String(a.name), name_en: a.name_en ?? null, values: a.values.map(String) }))
    : [];
};

/** The values of an instance (JSON text). */
export const valuesOf = (json: string): string[] => {
  const v = parseJson<unknown>(json, []);
  return Array.isArray(v) ? v.map(String) : [];
};

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

export const productCategories = scopedTable<ProductCategory, CategoryRow>({
  table: 'product_categories',
  alias: 'pc',
  organizationColumn: null,
  select: (db) =>
    db
      .selectFrom('product_categories as pc')
      .selectAll('pc')
      .select((eb) =>
        eb.selectFrom('products as p').select(sql<number>`count(*)`.as('n')).whereRef('p.category_id', '=', 'pc.id').as('product_count'),
      ),
  toView: (rows) => rows.map((r) => ({ ...r, product_count: Number(r.product_count) })),
  sortColumns: { sort_order: 'pc.sort_order', id: 'pc.id', name: 'pc.name' },
  keywordColumns: ['pc.name', 'pc.name_en'],
});

export async function toProducts(rows: ProductRow[], db: ReadDb): Promise<Product[]> {
  const pictures = await photoSummaries(
    db,
    rows.flatMap((r) => photoIdsOf(r.photo_ids)),
  );
  return rows.map(({ category_name, updated_by: _, ...r }) => {
    // A photo deleted meanwhile (e.g. with its organization) is simply no longer there.
    const photo_ids = photoIdsOf(r.photo_ids).filter((id) => pictures.has(id));
    return {
      ...r,
      category: r.category_id === null || category_name === null ? null : { id: r.category_id, name: category_name },
      photo_ids,
      photos: photo_ids.map((id) => pictures.get(id)!),
      attributes: attributesOf(r.attributes),
      instance_count: Number(r.instance_count),
      price_min: num(r.price_min),
      price_max: num(r.price_max),
      stock_total: Number(r.stock_total ?? 0),
    };
  });
}

export const products = scopedTable<Product, ProductRow>({
  table: 'products',
  alias: 'p',
  organizationColumn: null,
  select: (db) =>
    db
      .selectFrom('products as p')
      .leftJoin('product_categories as c', 'c.id', 'p.category_id')
      .selectAll('p')
      .select('c.name as category_name')
      .select((eb) => [
        eb
          .selectFrom('product_instances as i')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('i.product_id', '=', 'p.id')
          .as('instance_count'),
        eb
          .selectFrom('product_instances as i')
          .select(sql<number>`min(i.price)`.as('n'))
          .whereRef('i.product_id', '=', 'p.id')
          .as('price_min'),
        eb
          .selectFrom('product_instances as i')
          .select(sql<number>`max(i.price)`.as('n'))
          .whereRef('i.product_id', '=', 'p.id')
          .as('price_max'),
        eb
          .selectFrom('product_instances as i')
          .select(sql<number>`coalesce(sum(i.stock), 0)`.as('n'))
          .whereRef('i.product_id', '=', 'p.id')
          .as('stock_total'),
      ]),
  toView: toProducts,
  sortColumns: {
    sort_order: 'p.sort_order',
    id: 'p.id',
    name: 'p.name',
    updated_at: 'p.updated_at',
    published_at: 'p.published_at',
  },
  keywordColumns: ['p.name', 'p.name_en', 'p.slug', 'p.summary'],
  // A SKU typed into the search finds its product (the instance's SKU, not only the product's words).
  keywordAlso: (pattern) =>
    sql`exists (select 1 from product_instances ki where ki.product_id = p.id and lower(ki.sku) like ${pattern} escape '\\')`,
});

export async function toInstances(rows: InstanceRow[], db: ReadDb): Promise<ProductInstance[]> {
  const pictures = await photoSummaries(
    db,
    rows.map((r) => r.photo_id),
  );
  return rows.map(({ combo_key: _, ...r }) => ({
    ...r,
    values: valuesOf(r.values),
    photo: r.photo_id === null ? null : (pictures.get(r.photo_id) ?? null),
  }));
}

/** A product's instances in their order (the order of the combinations). */
export async function instancesOf(db: ReadDb, productId: number): Promise<ProductInstance[]> {
  const rows = await db
    .selectFrom('product_instances')
    .selectAll()
    .where('product_id', '=', productId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return toInstances(rows, db);
}

/** Every category in order, as the public read and the tree need them. */
export const allCategories = (db: ReadDb) =>
  db.selectFrom('product_categories').select(['id', 'parent_id', 'name', 'name_en', 'depth']).orderBy('sort_order').orderBy('id').execute();

/** The categories as a tree, in their order. */
export async function categoryTree(db: ReadDb): Promise<ProductCategoryNode[]> {
  return nestCategories<ProductCategoryNode>(await allCategories(db));
}

export const productCategoryExists = (db: ReadDb, id: number): Promise<boolean> => rowExists(db, 'product_categories', { id });

/** The product holding `slug`, if any. */
export async function productIdBySlug(db: ReadDb, slug: string): Promise<number | null> {
  return (await db.selectFrom('products').select('id').where('slug', '=', slug).executeTakeFirst())?.id ?? null;
}

/** Products whose photo list may hold one of `photoIds` (the lists are JSON text: a cheap LIKE narrows, the caller's parse decides). */
export function productsMaybeHoldingPhotos(db: ReadDb, photoIds: readonly number[]) {
  return db
    .selectFrom('products')
    .select(['id', 'photo_ids', 'name', 'status'])
    .where((eb) => eb.or(photoIds.map((id) => eb('photo_ids', 'like', `%${id}%`))))
    .orderBy('id')
    .execute();
}

export async function setProductPhotoIds(db: Trx, id: number, photoIds: readonly number[], now: string): Promise<void> {
  await db
    .updateTable('products')
    .set({ photo_ids: JSON.stringify(photoIds), updated_at: now })
    .where('id', '=', id)
    .execute();
}
