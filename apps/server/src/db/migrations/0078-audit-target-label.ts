import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../columns.ts';

/**
 * The audit log's readable target (issue 13, part 7). `target_label`: the target's display name
 * when the entry was written (lib/context/audit-labels.ts), so a deleted or renamed target still reads as
 * it was. The list filters it by case-insensitive prefix; the index is on `lower(target_label)`
 * (byte order on PostgreSQL, `collate "C"`, the same order as SQLite's BINARY), so the prefix
 * becomes an index range: `lower(target_label) >= p and < p || U+10FFFF`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_logs').addColumn('target_label', 'text').execute();
  const key = isPostgres(db) ? sql`lower(target_label) collate "C"` : sql`lower(target_label)`;
  await sql`create index audit_logs_target_label_idx on audit_logs (${key}, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('audit_logs_target_label_idx').ifExists().execute();
  await db.schema.alterTable('audit_logs').dropColumn('target_label').execute();
}
