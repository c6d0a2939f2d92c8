import type { Kysely } from 'kysely';

/**
 * Issue 38, reminders (docs/compliance.md "Reminders"): a subcontractor's contact may have an e-mail the
 * daily digest of its workers' due items goes to, and a reminder row says what it reminded of
 * (`certificates`, as before, or `compliance`: the due items of the sites).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contractors').addColumn('contact_email', 'text').execute();
  await db.schema
    .alterTable('certificate_reminders')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('certificates'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('certificate_reminders').dropColumn('kind').execute();
  await db.schema.alterTable('contractors').dropColumn('contact_email').execute();
}
