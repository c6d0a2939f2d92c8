import { type Kysely, sql } from 'kysely';
import { withId, withTimestamps } from '../columns.ts';

/**
 * Products (issue 12): one category tree (depth productCategoryDepth), the product master (photos and
 * at most two attribute lists, JSON text) and its instance set, one row per combination of values
 * (`combo_key`: the values joined with U+0001, unique per product; `sku` unique across all products,
 * whatever its case).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('product_categories'))
      .addColumn('parent_id', 'integer', (c) => c.references('product_categories.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('name_en', 'text')
      .addColumn('depth', 'integer', (c) => c.notNull())
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('product_categories_parent_idx').on('product_categories').columns(['parent_id', 'sort_order']).execute();
  await db.schema.createIndex('product_categories_sort_idx').on('product_categories').columns(['sort_order']).execute();

  await withTimestamps(
    withId(db, db.schema.createTable('products'))
      .addColumn('slug', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('name_en', 'text')
      .addColumn('category_id', 'integer', (c) => c.references('product_categories.id'))
      .addColumn('summary', 'text')
      .addColumn('summary_en', 'text')
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('description_en', 'text')
      /** JSON array of library photo ids, the first is the cover. */
      .addColumn('photo_ids', 'text', (c) => c.notNull().defaultTo('[]'))
      /** JSON array of at most two lists: {name, name_en, values}. */
      .addColumn('attributes', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('published_at', 'text')
      .addColumn('updated_by', 'integer', (c) => c.references('admins.id').onDelete('set null'))
      .addUniqueConstraint('products_slug_uq', ['slug']),
  ).execute();
  await db.schema.createIndex('products_status_sort_idx').on('products').columns(['status', 'sort_order']).execute();
  await db.schema.createIndex('products_status_published_idx').on('products').columns(['status', 'published_at']).execute();
  await db.schema.createIndex('products_category_idx').on('products').columns(['category_id', 'status']).execute();
  await db.schema.createIndex('products_sort_idx').on('products').columns(['sort_order']).execute();
  await db.schema.createIndex('products_updated_idx').on('products').columns(['updated_at']).execute();

  await withTimestamps(
    withId(db, db.schema.createTable('product_instances'))
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      /** JSON array: one value per attribute list, in the lists' order. */
      .addColumn('values', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('combo_key', 'text', (c) => c.notNull())
      .addColumn('sku', 'text', (c) => c.notNull())
      .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('photo_id', 'integer', (c) => c.references('photos.id').onDelete('set null'))
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addUniqueConstraint('product_instances_combo_uq', ['product_id', 'combo_key']),
  ).execute();
  // SKUs are unique whatever their case (P1-001 and p1-001 are one SKU); the ASCII-only SKU makes lower() agree on both databases.
  await db.schema.createIndex('product_instances_sku_uq').on('product_instances').unique().expression(sql`lower(sku)`).execute();
  await db.schema.createIndex('product_instances_product_idx').on('product_instances').columns(['product_id', 'sort_order']).execute();
  await db.schema.createIndex('product_instances_photo_idx').on('product_instances').columns(['photo_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('product_instances').execute();
  await db.schema.dropTable('products').execute();
  await db.schema.dropTable('product_categories').execute();
}
