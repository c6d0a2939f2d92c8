import type { Insertable } from 'kysely';
import type { DbOrTrx } from '../../db/database.ts';
import type { CodePurpose, OneTimeCodesTable } from '../../db/tables/one-time-codes.ts';

/** The open code of the e-mail for the purpose dies (a new one replaces it). */
export async function retireOpenCodes(db: DbOrTrx, email: string, purpose: CodePurpose, at: string): Promise<void> {
  await db
    .updateTable('one_time_codes')
    .set({ retired_at: at })
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('retired_at', 'is', null)
    .execute();
}

export async function insertCode(db: DbOrTrx, code: Insertable<OneTimeCodesTable>): Promise<void> {
  await db.insertInto('one_time_codes').values(code).execute();
}

/** The latest open (neither used nor retired) code of the e-mail for the purpose. */
export async function openCodeOf(db: DbOrTrx, email: string, purpose: CodePurpose) {
  return db
    .selectFrom('one_time_codes')
    .select(['id', 'admin_id', 'member_id', 'code_hash', 'tries', 'expires_at'])
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('retired_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function countWrongCodeTry(db: DbOrTrx, id: number): Promise<void> {
  await db
    .updateTable('one_time_codes')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Uses the code up, once and while it has tries left: false when another request did first. */
export async function useUpCode(db: DbOrTrx, id: number, maxTries: number, at: string): Promise<boolean> {
  const used = await db
    .updateTable('one_time_codes')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('tries', '<', maxTries)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}
