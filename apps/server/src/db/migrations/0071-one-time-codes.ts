import type { Kysely } from 'kysely';
import { withId } from '../columns.ts';

/**
 * One-time codes sent by mail (issue 10): sign-in by e-mail code and verify identity by code. Only a
 * keyed digest of the code is stored (lib/identity/secret-digest.ts). A new code for the same e-mail
 * and purpose retires the open one (retired_at). The OTP records screen lists these rows.
 *
 * login_devices.identity_verified_until: the short-lived proof of POST /account/verify-identity,
 * held by the device that proved it (lib/identity/identity-proof.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('one_time_codes'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('admin_id', 'integer', (c) => c.references('admins.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('retired_at', 'text')
    .execute();
  // The open code of an e-mail and purpose; the records screen sorts by created_at.
  await db.schema.createIndex('one_time_codes_email_purpose_idx').on('one_time_codes').columns(['email', 'purpose', 'id']).execute();
  await db.schema.createIndex('one_time_codes_created_idx').on('one_time_codes').columns(['created_at']).execute();
  await db.schema.alterTable('login_devices').addColumn('identity_verified_until', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('login_devices').dropColumn('identity_verified_until').execute();
  await db.schema.dropTable('one_time_codes').execute();
}
