import type { Kysely } from 'kysely';

/**
 * How an admin reads dates (issue 14, point 6): 'gregorian' (2026/11/23) or 'roc' (民國 115/11/23).
 * A profile preference, so it follows the admin from browser to browser.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('admins')
    .addColumn('date_calendar', 'text', (c) => c.notNull().defaultTo('gregorian'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('admins').dropColumn('date_calendar').execute();
}
