import { type Kysely, sql } from 'kysely';

/**
 * Issue 37, retention: the day a staff left (set when the status becomes `left`, cleared when it
 * changes back) and the time retention anonymised the record. Staff already marked as left get the
 * day of their last change, the best the table knows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('staff').addColumn('left_on', 'text').execute();
  await db.schema.alterTable('staff').addColumn('anonymised_at', 'text').execute();
  await db.updateTable('staff').set({ left_on: sql`substr(updated_at, 1, 10)` }).where('status', '=', 'left').execute();
  await db.schema.createIndex('staff_left_on_idx').on('staff').columns(['left_on', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('staff_left_on_idx').execute();
  await db.schema.alterTable('staff').dropColumn('anonymised_at').execute();
  await db.schema.alterTable('staff').dropColumn('left_on').execute();
}
