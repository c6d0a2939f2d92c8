import type { Kysely } from 'kysely';

/** Certificate reminders by LINE too (issue 13): the organization's LINE group, room or user to push the digest to. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('organizations').addColumn('certificate_reminder_line_target', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('organizations').dropColumn('certificate_reminder_line_target').execute();
}
