import type { Kysely } from 'kysely';
import { withId } from '../columns.ts';

/**
 * Google, Facebook and LINE (issue 10). `admin_identities`: a provider account linked to an admin
 * (one admin per provider account). `oauth_flows`: a started authorization, found by the digest of its
 * state, single-use and short-lived; its PKCE verifier and nonce are sealed (lib/secret-box.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('admin_identities'))
    .addColumn('admin_id', 'integer', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addUniqueConstraint('admin_identities_provider_subject_uq', ['provider', 'subject'])
    .addUniqueConstraint('admin_identities_admin_provider_uq', ['admin_id', 'provider'])
    .execute();

  await withId(db, db.schema.createTable('oauth_flows'))
    .addColumn('state_hash', 'text', (c) => c.notNull().unique())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('admin_id', 'integer', (c) => c.references('admins.id').onDelete('cascade'))
    .addColumn('secrets', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('oauth_flows_expires_idx').on('oauth_flows').columns(['expires_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('oauth_flows').execute();
  await db.schema.dropTable('admin_identities').execute();
}
