import type { Kysely } from 'kysely';
import { withId, withTimestamps } from '../columns.ts';

/**
 * The column mapping of an organization's last staff import (issue 14, point 7), so the next import
 * starts from it: one row per organization, `mapping` a JSON array of {field, header, column}.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('staff_import_mappings'))
      .addColumn('organization_id', 'integer', (c) => c.notNull().unique().references('organizations.id').onDelete('cascade'))
      .addColumn('mapping', 'text', (c) => c.notNull())
      .addColumn('sheet_name', 'text')
      .addColumn('header_row', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('updated_by', 'integer'),
  ).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('staff_import_mappings').ifExists().execute();
}
