import type { Kysely } from 'kysely';

/**
 * The audit-log list filters by target_type alone and by target_id alone, newest first; 0001's
 * (target_type, target_id, id) index orders by target_id inside a type, so neither is served by it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('audit_logs_target_type_idx').on('audit_logs').columns(['target_type', 'id']).execute();
  await db.schema.createIndex('audit_logs_target_id_idx').on('audit_logs').columns(['target_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('audit_logs_target_id_idx').ifExists().execute();
  await db.schema.dropIndex('audit_logs_target_type_idx').ifExists().execute();
}
