import type { Kysely } from 'kysely';

/**
 * Issue 36 section 2 (who is editing): one row per admin with a form open on a record, named by its
 * audit target type and id. `expires_at` moves on with every heartbeat; a row past it is no lease.
 * `taken_over_by_*`: another admin took the editing over, so this admin's heartbeat renews nothing.
 * The database store of lib/edit-leases/ (Redis holds them instead when REDIS_URL is set).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('edit_leases')
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('admin_id', 'integer', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('admin_name', 'text', (c) => c.notNull())
    .addColumn('since', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('taken_over_by_id', 'integer')
    .addColumn('taken_over_by_name', 'text')
    .addColumn('taken_over_at', 'text')
    .addPrimaryKeyConstraint('edit_leases_pk', ['target_type', 'target_id', 'admin_id'])
    .execute();
  await db.schema.createIndex('edit_leases_expiry_idx').on('edit_leases').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('edit_leases').execute();
}
