import type { Kysely } from 'kysely';

/**
 * Issue 36 (no lost work): a record's version, bumped by the typed audit writer with every change of
 * the record (lib/context/record-versions.ts), and one row per bump naming who changed which fields, so
 * a stale write's 409 says who changed what since the version it was read at. No row: version 0.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('record_versions')
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('record_versions_pk', ['target_type', 'target_id'])
    .execute();
  await db.schema
    .createTable('record_version_changes')
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('record_version_changes_pk', ['target_type', 'target_id', 'version'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('record_version_changes').execute();
  await db.schema.dropTable('record_versions').execute();
}
