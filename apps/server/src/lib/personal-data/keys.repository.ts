import type { ReadDb, Trx } from '../../db/database.ts';

export type KeyPurpose = 'data' | 'index';

/** Every stored key (a handful of rows): the newest unretired data key seals, any data key opens. */
export const storedKeys = (db: ReadDb) =>
  db.selectFrom('personal_data_keys').select(['id', 'purpose', 'wrapped', 'retired_at']).orderBy('id').execute();

export async function insertKey(db: Trx, purpose: KeyPurpose, wrapped: string): Promise<number> {
  const row = await db
    .insertInto('personal_data_keys')
    .values({ purpose, wrapped, created_at: new Date().toISOString(), retired_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Data keys other than `keep` stop sealing (they still open until nothing uses them). */
export async function retireDataKeysExcept(db: Trx, keep: number): Promise<void> {
  await db
    .updateTable('personal_data_keys')
    .set({ retired_at: new Date().toISOString() })
    .where('purpose', '=', 'data')
    .where('id', '!=', keep)
    .where('retired_at', 'is', null)
    .execute();
}

/** Retired data keys no value is sealed with any more. */
export async function deleteDataKeys(db: Trx, ids: readonly number[]): Promise<void> {
  if (ids.length)
    await db
      .deleteFrom('personal_data_keys')
      .where('purpose', '=', 'data')
      .where('id', 'in', [...ids])
      .execute();
}
