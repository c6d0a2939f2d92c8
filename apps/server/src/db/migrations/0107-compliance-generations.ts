import type { Kysely } from 'kysely';

/**
 * Issue 38, the dashboards' cache: a counter per organization raised in the transaction that changes
 * what its compliance dashboards show (due items recomputed, a site, subcontractor or roster written).
 * A dashboard answer is kept under the counter it was computed at (modules/compliance/dashboard-cache.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('compliance_generations')
    .addColumn('organization_id', 'integer', (c) => c.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('generation', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('compliance_generations').execute();
}
