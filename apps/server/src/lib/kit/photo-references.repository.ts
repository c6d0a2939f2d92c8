import type { Kysely } from 'kysely';
import type { ReadDb, Trx } from '../../db/database.ts';

type PhotoHolderRow = Record<string, number | string | null>;
// The tables and columns come from module descriptors (photo-references.ts), never from a request.
const loose = (db: ReadDb) => db as unknown as Kysely<Record<string, PhotoHolderRow>>;

/** The rows of `table` whose `column` holds one of the photos, with the other `columns` asked for. */
export const rowsHoldingPhotos = (
  db: ReadDb,
  table: string,
  column: string,
  photoIds: readonly number[],
  columns: readonly string[] = [],
): Promise<PhotoHolderRow[]> =>
  loose(db)
    .selectFrom(table)
    .select([...new Set(['id', column, ...columns])])
    .where(column, 'in', [...photoIds])
    .orderBy('id')
    .execute();

/** Empties `column` of the rows `ids` (stamping updated_at). */
export async function clearPhotoColumn(trx: Trx, table: string, column: string, ids: readonly number[]): Promise<void> {
  await (trx as unknown as Kysely<Record<string, PhotoHolderRow>>)
    .updateTable(table)
    .set({ [column]: null, updated_at: new Date().toISOString() })
    .where('id', 'in', [...ids])
    .execute();
}
