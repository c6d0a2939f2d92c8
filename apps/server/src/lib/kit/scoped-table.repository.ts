import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { ReadDb, Trx } from '../../db/database.ts';

/*
 * The scoped table's queries (scoped-table.ts). Their table is named by a module's declaration, never
 * by a request, so Kysely cannot type its columns: the builders are loose inside, but a read still
 * takes a ReadDb and a write a Trx.
 */
type AnyQuery = SelectQueryBuilder<any, any, any>;
type Loose = Kysely<any>;
const reading = (db: ReadDb): Loose => db as unknown as Loose;
const writing = (trx: Trx): Loose => trx as unknown as Loose;

/** Every column of `table` as `alias`. */
export const selectAllOf = (db: ReadDb, table: string, alias: string): AnyQuery =>
  reading(db).selectFrom(`${table} as ${alias}`).selectAll(alias);

/** Any of `columns` holds the lower-cased LIKE `pattern`, or one of `also`. */
export function keywordMatch(columns: readonly string[], pattern: string, also: RawBuilder<unknown>[] = []): RawBuilder<boolean> {
  const matches = [...columns.map((c) => sql`lower(${sql.ref(c)}) like ${pattern} escape '\\'`), ...also];
  return sql<boolean>`(${sql.join(matches, sql` or `)})`;
}

/** Inserts a row; answers its id. */
export async function insertRow(trx: Trx, table: string, values: Record<string, unknown>): Promise<number> {
  const row = await writing(trx).insertInto(table).values(values).returning('id').executeTakeFirstOrThrow();
  return row.id as number;
}

/** An update of the rows `ids` (the caller adds the scope); executed by the caller. */
export const updateRows = (trx: Trx, table: string, ids: readonly number[], values: Record<string, unknown>) =>
  writing(trx)
    .updateTable(table)
    .set(values)
    .where('id', 'in', [...ids]);

/** A delete of the rows `ids` (the caller adds the scope); executed by the caller. */
export const deleteRows = (trx: Trx, table: string, ids: readonly number[]) =>
  writing(trx)
    .deleteFrom(table)
    .where('id', 'in', [...ids]);

/** Ids and `column` (as `place`) of `table` (the caller adds the scope and filters). */
export const placesOf = (db: ReadDb, table: string, column: string): AnyQuery =>
  reading(db)
    .selectFrom(table)
    .select(['id', `${column} as place`]);

/** The non-empty storage keys `columns` of an organization's rows of `table` hold. */
export async function storedKeysOf(
  db: ReadDb,
  table: string,
  columns: readonly string[],
  orgColumn: string,
  organizationId: number,
): Promise<string[]> {
  const rows = (await reading(db).selectFrom(table).select(columns).where(orgColumn, '=', organizationId).execute()) as Record<
    string,
    unknown
  >[];
  return rows.flatMap((r) => columns.map((c) => r[c])).filter((k): k is string => typeof k === 'string' && k !== '');
}

/** How many rows of `table` belong to the organization. */
export async function countOrganizationRowsOf(db: ReadDb, table: string, orgColumn: string, organizationId: number): Promise<number> {
  const r = await reading(db)
    .selectFrom(table)
    .select(sql<number>`count(*)`.as('n'))
    .where(orgColumn, '=', organizationId)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Deletes the organization's rows of `table`. */
export async function deleteOrganizationRows(trx: Trx, table: string, orgColumn: string, organizationId: number): Promise<void> {
  await writing(trx).deleteFrom(table).where(orgColumn, '=', organizationId).execute();
}
