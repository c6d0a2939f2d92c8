import type { Kysely } from 'kysely';
import { withTimestamps } from '../columns.ts';

/**
 * Issue 26: the website's own identity (one row, id 1: company name and tagline per language, logo,
 * contact details, social links, footer text), and project cases featured on the home page.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withTimestamps(
    db.schema
      .createTable('website_settings')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('company_name', 'text')
      .addColumn('company_name_en', 'text')
      .addColumn('tagline', 'text')
      .addColumn('tagline_en', 'text')
      .addColumn('logo_photo_id', 'integer', (c) => c.references('photos.id').onDelete('set null'))
      .addColumn('phone', 'text')
      .addColumn('email', 'text')
      .addColumn('address', 'text')
      .addColumn('address_en', 'text')
      /** JSON: [{ network, url }]. */
      .addColumn('social_links', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('footer_text', 'text')
      .addColumn('footer_text_en', 'text'),
  ).execute();
  const at = new Date().toISOString();
  await db.insertInto('website_settings').values({ id: 1, social_links: '[]', created_at: at, updated_at: at }).execute();

  await db.schema
    .alterTable('pages')
    .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('pages_featured_idx').on('pages').columns(['type', 'featured', 'sort_order']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('pages_featured_idx').execute();
  await db.schema.alterTable('pages').dropColumn('featured').execute();
  await db.schema.dropTable('website_settings').execute();
}
