import type { Kysely } from 'kysely';
import { withId } from '../columns.ts';

/**
 * Issue 36 (history and restore): a stored file that a change removed (a certificate's scan deleted or
 * replaced, the certificate or its staff deleted) is kept in storage, listed here with the row it
 * belonged to, until `keep_until` (the history's retention, HISTORY_RETENTION_DAYS). A restore of that
 * row takes it back (and drops its line); the daily sweep deletes the expired ones from storage.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('kept_files'))
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('origin_table', 'text', (c) => c.notNull())
    .addColumn('origin_id', 'integer', (c) => c.notNull())
    .addColumn('organization_id', 'integer')
    .addColumn('file_name', 'text')
    .addColumn('file_type', 'text')
    .addColumn('file_size', 'integer')
    .addColumn('kept_at', 'text', (c) => c.notNull())
    .addColumn('keep_until', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('kept_files_origin_idx').on('kept_files').columns(['origin_table', 'origin_id', 'id']).execute();
  await db.schema.createIndex('kept_files_until_idx').on('kept_files').columns(['keep_until']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('kept_files').execute();
}
