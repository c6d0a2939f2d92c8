import type { ReadDb, Trx } from '../../db/database.ts';

/** Replaces the admin's recovery codes with these digests. */
export async function replaceRecoveryCodeRows(db: Trx, adminId: number, codeHashes: readonly string[], at: string): Promise<void> {
  await db.deleteFrom('two_factor_recovery_codes').where('admin_id', '=', adminId).execute();
  await db
    .insertInto('two_factor_recovery_codes')
    .values(codeHashes.map((code_hash) => ({ admin_id: adminId, code_hash, created_at: at, used_at: null })))
    .execute();
}

export async function unusedRecoveryCodes(db: ReadDb, adminId: number): Promise<{ id: number; code_hash: string }[]> {
  return db
    .selectFrom('two_factor_recovery_codes')
    .select(['id', 'code_hash'])
    .where('admin_id', '=', adminId)
    .where('used_at', 'is', null)
    .execute();
}

/** Uses the recovery code up, once: false when another request used it first. */
export async function useUpRecoveryCode(db: Trx, id: number, at: string): Promise<boolean> {
  const used = await db
    .updateTable('two_factor_recovery_codes')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

export async function countUnusedRecoveryCodes(db: ReadDb, adminId: number): Promise<number> {
  const left = await db
    .selectFrom('two_factor_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('admin_id', '=', adminId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(left.n);
}

/** When the admin confirmed an authenticator app, or null. */
export async function twoFactorEnabledAt(db: ReadDb, adminId: number): Promise<string | null> {
  const row = await db.selectFrom('admin_two_factor').select('enabled_at').where('admin_id', '=', adminId).executeTakeFirst();
  return row?.enabled_at ?? null;
}
