import type { Kysely } from 'kysely';
import type { Trx } from '../../db/database.ts';

type PhotoHolderRow = Record<string, number | string | null>;
// The table and column come from module descriptors (photo-references.ts), never from a request.
const loose = (trx: Trx) => trx as unknown as Kysely<Record<string, PhotoHolderRow>>;

/** The rows of `table` whose `column` holds one of the photos. */
export const rowsHoldingPhotos = (trx: Trx, table: string, column: string, photoIds: readonly number[]): Promise<PhotoHolderRow[]> =>
  loose(trx)
    .selectFrom(table)
    .select(['id', column])
    .where(column, 'in', [...photoIds])
    .execute();

/** Empties `column` of the rows `ids` (stamping updated_at). */
export async function clearPhotoColumn(trx: Trx, table: string, column: string, ids: readonly number[]): Promise<void> {
  await loose(trx)
    .updateTable(table)
    .set({ [column]: null, updated_at: new Date().toISOString() })
    .where('id', 'in', [...ids])
    .execute();
}
