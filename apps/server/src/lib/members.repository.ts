import type { Insertable } from 'kysely';
import type { ReadDb, Trx } from '../db/database.ts';
import type { MembersTable } from '../db/tables/members.ts';

/** The member with this (lower-cased) e-mail, as sign-in checks it. */
export async function memberByEmail(db: ReadDb, email: string) {
  return db
    .selectFrom('members')
    .select(['id', 'password_hash', 'status', 'email_verified_at'])
    .where('email', '=', email)
    .executeTakeFirst();
}

export async function insertMember(db: Trx, member: Insertable<MembersTable>): Promise<{ id: number; status: MembersTable['status'] }> {
  return db.insertInto('members').values(member).returning(['id', 'status']).executeTakeFirstOrThrow();
}

export async function setMemberLastSignIn(db: Trx, id: number, at: string): Promise<void> {
  await db.updateTable('members').set({ last_sign_in_at: at }).where('id', '=', id).execute();
}

/** Confirms an unconfirmed member's e-mail and drops its pending password; false when it was confirmed already. */
export async function confirmMemberEmail(db: Trx, id: number, at: string): Promise<boolean> {
  const proven = await db
    .updateTable('members')
    .set({ email_verified_at: at, password_hash: null, updated_at: at })
    .where('id', '=', id)
    .where('email_verified_at', 'is', null)
    .executeTakeFirst();
  return Number(proven.numUpdatedRows) === 1;
}
