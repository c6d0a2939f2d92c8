import type { Kysely } from 'kysely';
import { withId, withTimestamps } from '../columns.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('photos'))
      .addColumn('uid', 'text', (c) => c.notNull().unique())
      .addColumn('organization_id', 'integer', (c) => c.references('organizations.id').onDelete('cascade'))
      .addColumn('uploader_id', 'integer')
      .addColumn('folder', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('alt', 'text', (c) => c.notNull().defaultTo(''))
      /** JSON array of tag strings. */
      .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('original_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('mime', 'text', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('bytes', 'integer', (c) => c.notNull())
      /** JSON: {size: {key, width, height, webp_key}} for every size of the variant pipeline. */
      .addColumn('variants', 'text', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('photos_org_idx').on('photos').columns(['organization_id', 'id']).execute();
  await db.schema.createIndex('photos_org_created_idx').on('photos').columns(['organization_id', 'created_at']).execute();

  await withTimestamps(
    withId(db, db.schema.createTable('files'))
      .addColumn('uid', 'text', (c) => c.notNull().unique())
      .addColumn('organization_id', 'integer', (c) => c.references('organizations.id').onDelete('cascade'))
      .addColumn('uploader_id', 'integer')
      .addColumn('folder', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('is_private', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('mime', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('storage_key', 'text', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('files_org_folder_idx').on('files').columns(['organization_id', 'folder', 'id']).execute();

  await withId(db, db.schema.createTable('signed_link_opens'))
    .addColumn('file_id', 'integer', (c) => c.notNull())
    .addColumn('organization_id', 'integer')
    .addColumn('signer_id', 'integer', (c) => c.notNull())
    .addColumn('signed_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('payload', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('opened_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('signed_link_opens_file_idx').on('signed_link_opens').columns(['file_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['signed_link_opens', 'files', 'photos']) await db.schema.dropTable(t).ifExists().execute();
}
