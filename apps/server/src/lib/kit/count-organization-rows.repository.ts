import { sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { ReadDb } from '../../db/database.ts';

/** Rows of an organization-scoped table, for a dependent's `count`. */
export async function countOrganizationRows(db: ReadDb, table: keyof DB & string, organizationId: number): Promise<number> {
  const r = await (db as any)
    .selectFrom(table)
    .select(sql<number>`count(*)`.as('n'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}
