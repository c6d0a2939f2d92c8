import type { Kysely } from 'kysely';
import { withId, withTimestamps } from '../columns.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('admins'))
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('has_change_default_password', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('roles', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('group_id', 'integer')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('active')),
  ).execute();
  await db.schema.createIndex('admins_status_idx').on('admins').columns(['status', 'id']).execute();
  await db.schema.createIndex('admins_created_idx').on('admins').column('created_at').execute();

  await withTimestamps(
    withId(db, db.schema.createTable('organizations'))
      .addColumn('uid', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('company_id', 'text')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('active')),
  ).execute();

  await db.schema
    .createTable('organization_members')
    .addColumn('admin_id', 'integer', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('sub_account_roles', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('organization_members_pk', ['admin_id', 'organization_id'])
    .execute();
  await db.schema.createIndex('organization_members_org_idx').on('organization_members').columns(['organization_id', 'admin_id']).execute();

  await withId(db, db.schema.createTable('login_devices'))
    .addColumn('admin_id', 'integer', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('impersonator_id', 'integer')
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('organization_id', 'integer')
    .addColumn('keep_login', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('login_devices_admin_idx').on('login_devices').columns(['admin_id', 'revoked_at']).execute();

  await withId(db, db.schema.createTable('audit_logs'))
    .addColumn('actor_id', 'integer')
    .addColumn('impersonator_id', 'integer')
    .addColumn('organization_id', 'integer')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // Every list filter is "filter then newest first": (filter column, id) serves both.
  await db.schema.createIndex('audit_logs_actor_idx').on('audit_logs').columns(['actor_id', 'id']).execute();
  await db.schema.createIndex('audit_logs_action_idx').on('audit_logs').columns(['action', 'id']).execute();
  await db.schema.createIndex('audit_logs_target_idx').on('audit_logs').columns(['target_type', 'target_id', 'id']).execute();
  await db.schema.createIndex('audit_logs_org_idx').on('audit_logs').columns(['organization_id', 'id']).execute();
  await db.schema.createIndex('audit_logs_created_idx').on('audit_logs').column('created_at').execute();

  await db.schema
    .createTable('app_configs')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['app_configs', 'audit_logs', 'login_devices', 'organization_members', 'organizations', 'admins']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
