import { sql, type Kysely } from 'kysely';
import { dialectOf, type ReadDb, type Trx } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { whereInScope, type Scope } from '../context/scope.ts';
import type { PersonalField, PersonalTable } from './categories.ts';

// The tables and columns come from the declaration (categories.ts), never from a caller's input.
type Row = { id: number } & Record<string, string | null>;

/** One sealed value of a row in the scope; undefined when the row is out of reach. */
export async function sealedValueOf(db: ReadDb, scope: Scope, f: PersonalField, rowId: number): Promise<string | null | undefined> {
  const row = await whereInScope(
    (db as any).selectFrom(f.table).select(['id', f.columns.sealed!]).where('id', '=', rowId),
    'organization_id',
    scope,
  ).executeTakeFirst();
  return row ? (row[f.columns.sealed!] ?? null) : undefined;
}

/** The next rows after `afterId` holding any sealed value of the fields, id order. */
export function sealedRowsAfter(db: ReadDb, table: PersonalTable, fields: PersonalField[], afterId: number, limit: number): Promise<Row[]> {
  const columns = fields.map((f) => f.columns.sealed!);
  return (db as any)
    .selectFrom(table)
    .select(['id', ...columns])
    .where('id', '>', afterId)
    .where((eb: any) => eb.or(columns.map((c) => eb(c, 'is not', null))))
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Rows still holding a plain value of the fields (before migration 0100's backfill), id order. */
export function plainRows(db: ReadDb, table: PersonalTable, fields: PersonalField[], limit: number): Promise<Row[]> {
  return (db as any)
    .selectFrom(table)
    .select(['id', ...fields.map((f) => f.field)])
    .where((eb: any) => eb.or(fields.map((f) => eb(f.field, 'is not', null))))
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function updateRow(db: Trx, table: PersonalTable, id: number, values: Record<string, string | null>): Promise<void> {
  await (db as any).updateTable(table).set(values).where('id', '=', id).execute();
}

/** Writes `values` onto the row only while its columns still hold `expected` (a write meanwhile wins); answers whether it did. */
export async function updateRowIf(
  db: Trx,
  table: PersonalTable,
  id: number,
  expected: Record<string, string>,
  values: Record<string, string | null>,
): Promise<boolean> {
  let q = (db as any).updateTable(table).set(values).where('id', '=', id);
  for (const [c, v] of Object.entries(expected)) q = q.where(c, '=', v);
  const r = await q.executeTakeFirst();
  return Number(r?.numUpdatedRows ?? 0) > 0;
}

/**
 * SQLite keeps the pages a write replaced in its write-ahead log until a checkpoint: after clearing
 * plain values, the log is folded into the file (where secure_delete zeroed them) and emptied.
 */
export async function foldSqliteLog(db: ReadDb): Promise<void> {
  if (dialectOf(db) === 'sqlite') await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db as unknown as Kysely<DB>);
}
