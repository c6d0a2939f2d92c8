import type { Kysely } from 'kysely';
import { withId, withTimestamps } from '../columns.ts';

/**
 * Members of the website (issue 12): their accounts, linked provider accounts, sessions (one row per
 * browser, like login_devices) and the single-use links mailed to them. Sign-in codes share
 * one_time_codes (purpose member_sign_in, member_id); provider flows share oauth_flows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('members'))
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
      .addColumn('email_verified_at', 'text')
      .addColumn('locale', 'text', (c) => c.notNull().defaultTo('zh-TW'))
      .addColumn('last_sign_in_at', 'text'),
  ).execute();
  await db.schema.createIndex('members_status_created_idx').on('members').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('members_created_idx').on('members').columns(['created_at']).execute();
  await db.schema.createIndex('members_verified_idx').on('members').columns(['email_verified_at']).execute();
  await db.schema.createIndex('members_sign_in_idx').on('members').columns(['last_sign_in_at']).execute();
  await db.schema.createIndex('members_name_idx').on('members').columns(['name']).execute();

  await withId(db, db.schema.createTable('member_identities'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addUniqueConstraint('member_identities_provider_subject_uq', ['provider', 'subject'])
    .addUniqueConstraint('member_identities_member_provider_uq', ['member_id', 'provider'])
    .execute();

  await withId(db, db.schema.createTable('member_devices'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('keep_login', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('signed_in_at', 'text', (c) => c.notNull())
    .addColumn('session_expires_at', 'text', (c) => c.notNull())
    .addColumn('token_id', 'text')
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('member_devices_member_fp_idx').on('member_devices').columns(['member_id', 'fingerprint']).execute();

  await withId(db, db.schema.createTable('member_links'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('password_fingerprint', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('member_links_member_idx').on('member_links').columns(['member_id', 'purpose']).execute();

  await db.schema
    .alterTable('one_time_codes')
    .addColumn('member_id', 'integer', (c) => c.references('members.id').onDelete('cascade'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('one_time_codes').dropColumn('member_id').execute();
  await db.schema.dropTable('member_links').execute();
  await db.schema.dropTable('member_devices').execute();
  await db.schema.dropTable('member_identities').execute();
  await db.schema.dropTable('members').execute();
}
