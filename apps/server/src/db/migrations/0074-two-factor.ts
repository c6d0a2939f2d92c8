import type { Kysely } from 'kysely';
import { withId } from '../columns.ts';

/**
 * Two-factor (issue 10). `admin_two_factor`: an admin's authenticator secret, sealed
 * (lib/secret-box.ts); pending until the first code confirms it. `two_factor_recovery_codes`: ten
 * single-use codes per admin, stored as keyed digests. `sign_in_challenges`: a first factor that
 * passed and waits for the second, found by the digest of its token, short-lived and single-use.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('admin_two_factor'))
    .addColumn('admin_id', 'integer', (c) => c.notNull().unique().references('admins.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('enabled_at', 'text')
    .addColumn('last_step', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('two_factor_recovery_codes'))
    .addColumn('admin_id', 'integer', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('two_factor_recovery_codes_admin_idx').on('two_factor_recovery_codes').columns(['admin_id']).execute();

  await withId(db, db.schema.createTable('sign_in_challenges'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('admin_id', 'integer', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('keep_login', 'integer', (c) => c.notNull())
    .addColumn('pending_secret', 'text')
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('sign_in_challenges_expires_idx').on('sign_in_challenges').columns(['expires_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sign_in_challenges').execute();
  await db.schema.dropTable('two_factor_recovery_codes').execute();
  await db.schema.dropTable('admin_two_factor').execute();
}
