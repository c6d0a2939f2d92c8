import type { Kysely } from 'kysely';

/**
 * Issue 26: an e-mail change is a one-time code mailed to the new address (purposes email_change and
 * member_email_change), found by the account that asked for it, whatever address it went to: the
 * profile shows it pending, a new request or a cancel retires it. Indexed by owner and purpose.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('one_time_codes_admin_purpose_idx').on('one_time_codes').columns(['admin_id', 'purpose', 'id']).execute();
  await db.schema.createIndex('one_time_codes_member_purpose_idx').on('one_time_codes').columns(['member_id', 'purpose', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('one_time_codes_member_purpose_idx').execute();
  await db.schema.dropIndex('one_time_codes_admin_purpose_idx').execute();
}
