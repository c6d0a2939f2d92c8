import type { Kysely } from 'kysely';

/**
 * Issue 26: an invitation's standing for the organization admin who sent it. A set-password link
 * records who made it (`created_by`, null for the operator or a visitor's own reset) and the outbox
 * mail that carries it (`mail_id`), so the members list shows sent when, by whom and the mail's state.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('password_reset_tokens').addColumn('created_by', 'integer').execute();
  await db.schema.alterTable('password_reset_tokens').addColumn('mail_id', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('password_reset_tokens').dropColumn('mail_id').execute();
  await db.schema.alterTable('password_reset_tokens').dropColumn('created_by').execute();
}
