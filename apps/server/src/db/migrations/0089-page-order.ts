import type { Kysely } from 'kysely';

/**
 * Issue 26: pages are dragged into order per type, and the website lists a type's published pages in
 * that order (newest first among equals): an index for each of the two reads.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('pages_type_sort_idx').on('pages').columns(['type', 'sort_order', 'id']).execute();
  await db.schema.createIndex('pages_type_status_sort_idx').on('pages').columns(['type', 'status', 'sort_order', 'published_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('pages_type_status_sort_idx').execute();
  await db.schema.dropIndex('pages_type_sort_idx').execute();
}
