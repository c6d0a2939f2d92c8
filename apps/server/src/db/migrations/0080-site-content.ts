import type { Kysely } from 'kysely';
import { withId, withTimestamps } from '../columns.ts';

/**
 * Site content (issue 11): videos, banners and contacts. Content belongs to the site, not to an
 * organization. Texts are zh-TW, with an optional en-US column (`*_en`) the public API falls back from.
 * Photos are library photos (`photo_id`); a photo deleted from the library is let go (set to null,
 * audited) by the photo module's row references. Every list filter and sort has an index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('videos'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('title_en', 'text')
      .addColumn('youtube_url', 'text', (c) => c.notNull())
      .addColumn('youtube_id', 'text', (c) => c.notNull())
      .addColumn('photo_id', 'integer', (c) => c.references('photos.id').onDelete('set null'))
      .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('videos_published_sort_idx').on('videos').columns(['published', 'sort_order', 'id']).execute();
  await db.schema.createIndex('videos_sort_idx').on('videos').columns(['sort_order', 'id']).execute();
  await db.schema.createIndex('videos_updated_idx').on('videos').columns(['updated_at']).execute();
  await db.schema.createIndex('videos_photo_idx').on('videos').columns(['photo_id']).execute();

  await withTimestamps(
    withId(db, db.schema.createTable('banners'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('title_en', 'text')
      .addColumn('position', 'text', (c) => c.notNull())
      .addColumn('photo_id', 'integer', (c) => c.references('photos.id').onDelete('set null'))
      .addColumn('link', 'text')
      /** Taipei days, YYYY-MM-DD, both inclusive; null: no bound. */
      .addColumn('starts_on', 'text')
      .addColumn('ends_on', 'text')
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('banners_position_sort_idx').on('banners').columns(['position', 'sort_order', 'id']).execute();
  await db.schema.createIndex('banners_sort_idx').on('banners').columns(['sort_order', 'id']).execute();
  await db.schema.createIndex('banners_dates_idx').on('banners').columns(['starts_on', 'ends_on']).execute();
  await db.schema.createIndex('banners_photo_idx').on('banners').columns(['photo_id']).execute();

  await withTimestamps(
    withId(db, db.schema.createTable('contacts'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('phone', 'text')
      .addColumn('company', 'text')
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
      .addColumn('handler_note', 'text')
      .addColumn('assignee_id', 'integer', (c) => c.references('admins.id').onDelete('set null'))
      .addColumn('handled_at', 'text')
      .addColumn('locale', 'text', (c) => c.notNull())
      .addColumn('ip', 'text'),
  ).execute();
  await db.schema.createIndex('contacts_status_idx').on('contacts').columns(['status', 'id']).execute();
  await db.schema.createIndex('contacts_assignee_idx').on('contacts').columns(['assignee_id', 'id']).execute();
  await db.schema.createIndex('contacts_created_idx').on('contacts').columns(['created_at']).execute();
  await db.schema.createIndex('contacts_ip_created_idx').on('contacts').columns(['ip', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('contacts').execute();
  await db.schema.dropTable('banners').execute();
  await db.schema.dropTable('videos').execute();
}
