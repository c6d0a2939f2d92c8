import type { ReadDb } from './database.ts';
import type { DB } from './schema.ts';

/** Column values a row must have; `null` matches `is null`. */
export type RowMatch<T extends keyof DB> = { [C in keyof DB[T]]?: string | number | null };

/** Whether `table` has a row with these column values: one probe, at most one row read. */
export async function rowExists<T extends keyof DB & string>(db: ReadDb, table: T, match: RowMatch<T>): Promise<boolean> {
  // The table is a parameter, so Kysely cannot type its columns here; `RowMatch` types them for the caller.
  let q = (db as any).selectFrom(table).select('id');
  for (const [column, value] of Object.entries(match)) q = value === null ? q.where(column, 'is', null) : q.where(column, '=', value);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}
