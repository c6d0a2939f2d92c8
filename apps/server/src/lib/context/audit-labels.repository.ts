import type { ReadDb } from '../../db/database.ts';

/**
 * `columns` of the row of `table` with this id, or undefined. The table and columns come from the
 * label registry (lib/context/audit-labels.ts), never from a request.
 */
export async function labelFields(
  db: ReadDb,
  table: string,
  columns: readonly string[],
  id: number,
): Promise<Record<string, unknown> | undefined> {
  return (await db
    .selectFrom(table as 'admins')
    .select(columns as unknown as 'id'[])
    .where('id', '=', id)
    .executeTakeFirst()) as Record<string, unknown> | undefined;
}
