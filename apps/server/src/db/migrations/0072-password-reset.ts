import type { Kysely } from 'kysely';
import { withId } from '../columns.ts';

/**
 * Set-password links (issue 10): a reset by mail ('reset', 30 minutes) or a new admin's invitation
 * ('invite', 72 hours). Only a keyed digest of the token is stored; `password_fingerprint` is a digest
 * of the password hash when the link was made, so a link dies when the password changes by any path.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('password_reset_tokens'))
    .addColumn('admin_id', 'integer', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('password_fingerprint', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('password_reset_tokens_admin_idx').on('password_reset_tokens').columns(['admin_id', 'used_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('password_reset_tokens').execute();
}
