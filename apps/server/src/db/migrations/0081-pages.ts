import type { Kysely } from 'kysely';
import { withId, withTimestamps } from '../columns.ts';

/**
 * Pages (issue 11): three types, each with its category tree; a revision per save; scheduled
 * publishing (`publish_at`, published by a conditional update on the minute, exactly once).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('page_categories'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('parent_id', 'integer', (c) => c.references('page_categories.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('name_en', 'text')
      .addColumn('depth', 'integer', (c) => c.notNull())
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema
    .createIndex('page_categories_type_parent_idx')
    .on('page_categories')
    .columns(['type', 'parent_id', 'sort_order'])
    .execute();
  await db.schema.createIndex('page_categories_parent_idx').on('page_categories').columns(['parent_id']).execute();

  await withTimestamps(
    withId(db, db.schema.createTable('pages'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('slug', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('title_en', 'text')
      .addColumn('summary', 'text')
      .addColumn('summary_en', 'text')
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('body_en', 'text')
      .addColumn('cover_photo_id', 'integer', (c) => c.references('photos.id').onDelete('set null'))
      .addColumn('category_id', 'integer', (c) => c.references('page_categories.id'))
      .addColumn('seo_description', 'text')
      .addColumn('seo_description_en', 'text')
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('location', 'text')
      .addColumn('client', 'text')
      .addColumn('period_start', 'text')
      .addColumn('period_end', 'text')
      /** JSON array of library photo ids. */
      .addColumn('gallery', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('publish_at', 'text')
      .addColumn('published_at', 'text')
      .addColumn('updated_by', 'integer', (c) => c.references('admins.id').onDelete('set null'))
      .addUniqueConstraint('pages_type_slug_uq', ['type', 'slug']),
  ).execute();
  await db.schema.createIndex('pages_type_status_published_idx').on('pages').columns(['type', 'status', 'published_at']).execute();
  await db.schema.createIndex('pages_status_publish_at_idx').on('pages').columns(['status', 'publish_at']).execute();
  await db.schema.createIndex('pages_category_idx').on('pages').columns(['category_id', 'status']).execute();
  await db.schema.createIndex('pages_updated_idx').on('pages').columns(['updated_at']).execute();
  await db.schema.createIndex('pages_cover_idx').on('pages').columns(['cover_photo_id']).execute();

  await withId(db, db.schema.createTable('page_revisions'))
    .addColumn('page_id', 'integer', (c) => c.notNull().references('pages.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    /** JSON: the page's content fields as saved. */
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.references('admins.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('page_revisions_page_number_uq', ['page_id', 'number'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('page_revisions').execute();
  await db.schema.dropTable('pages').execute();
  await db.schema.dropTable('page_categories').execute();
}
