import type { Insertable } from 'kysely';
import type { ReadDb, Trx } from '../../db/database.ts';
import type { CodePurpose, OneTimeCodesTable } from '../../db/tables/one-time-codes.ts';

/** The open code of the e-mail for the purpose dies (a new one replaces it). */
export async function retireOpenCodes(db: Trx, email: string, purpose: CodePurpose, at: string): Promise<void> {
  await db
    .updateTable('one_time_codes')
    .set({ retired_at: at })
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('retired_at', 'is', null)
    .execute();
}

export async function insertCode(db: Trx, code: Insertable<OneTimeCodesTable>): Promise<void> {
  await db.insertInto('one_time_codes').values(code).execute();
}

/** The latest open (neither used nor retired) code of the e-mail for the purpose. */
export async function openCodeOf(db: ReadDb, email: string, purpose: CodePurpose) {
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

/**
 * Takes one try of the open code, in one statement, while it has tries left: false when none is left
 * (or it was used or retired). Taken before the code is compared, so parallel guesses never compare
 * more than `maxTries` (on PostgreSQL the row lock makes each re-read `tries`).
 */
export async function takeCodeTry(db: Trx, id: number, maxTries: number): Promise<boolean> {
  const r = await db
    .updateTable('one_time_codes')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('retired_at', 'is', null)
    .where('tries', '<', maxTries)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Uses the code up, once: false when another request did first. The right code gives back the try
 * its check took, so `tries` counts wrong tries (the OTP records screen's 錯誤次數).
 */
export async function useUpCode(db: Trx, id: number, at: string): Promise<boolean> {
  const used = await db
    .updateTable('one_time_codes')
    .set((eb) => ({ used_at: at, tries: eb('tries', '-', 1) }))
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

/** Whose codes: an admin's or a member's (an e-mail change is the account's, whatever the address). */
export type CodeOwner = { adminId: number } | { memberId: number };

const ofOwner = <Q extends { where: (...args: any[]) => Q }>(qb: Q, owner: CodeOwner): Q =>
  'adminId' in owner ? qb.where('admin_id', '=', owner.adminId) : qb.where('member_id', '=', owner.memberId);

/** The account's latest open (neither used nor retired) code for the purpose, whichever address it went to. */
export async function openCodeOfOwner(db: ReadDb, owner: CodeOwner, purpose: CodePurpose) {
  return ofOwner(
    db
      .selectFrom('one_time_codes')
      .select(['id', 'email', 'admin_id', 'member_id', 'code_hash', 'tries', 'expires_at'])
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('retired_at', 'is', null),
    owner,
  )
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The account's open codes for the purpose die (a new one replaces them, or the account cancelled). */
export async function retireOpenCodesOfOwner(db: Trx, owner: CodeOwner, purpose: CodePurpose, at: string): Promise<number> {
  const res = await ofOwner(
    db
      .updateTable('one_time_codes')
      .set({ retired_at: at })
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('retired_at', 'is', null),
    owner,
  ).executeTakeFirst();
  return Number(res.numUpdatedRows);
}
