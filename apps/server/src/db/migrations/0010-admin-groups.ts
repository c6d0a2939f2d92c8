import type { Kysely } from 'kysely';
import { withId, withTimestamps } from '../columns.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('admin_groups'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('roles', 'text', (c) => c.notNull().defaultTo('[]')),
  ).execute();
  await db.schema.createIndex('admins_group_idx').on('admins').column('group_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('admins_group_idx').ifExists().execute();
  await db.schema.dropTable('admin_groups').ifExists().execute();
}
