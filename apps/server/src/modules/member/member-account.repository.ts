import type { Insertable } from 'kysely';
import type { ReadDb, Trx } from '../../db/database.ts';
import type { MembersTable } from '../../db/tables/members.ts';

/** A member by its (lower-cased) e-mail, with what its mails (confirmation, reset link, sign-in code) need. */
export const memberByEmail = (db: ReadDb, email: string) =>
  db
    .selectFrom('members')
    .select(['id', 'email', 'name', 'status', 'password_hash', 'email_verified_at'])
    .where('email', '=', email)
    .executeTakeFirst();

export const insertMember = (db: Trx, member: Insertable<MembersTable>) =>
  db
    .insertInto('members')
    .values(member)
    .returning(['id', 'email', 'name', 'password_hash', 'email_verified_at'])
    .executeTakeFirstOrThrow();

/** Marks the member's e-mail confirmed (its confirmation link was used). */
export async function confirmMemberEmail(db: Trx, memberId: number, at: string): Promise<void> {
  await db.updateTable('members').set({ email_verified_at: at, updated_at: at }).where('id', '=', memberId).execute();
}

export async function setMemberPassword(db: Trx, memberId: number, passwordHash: string, at: string): Promise<void> {
  await db.updateTable('members').set({ password_hash: passwordHash, updated_at: at }).where('id', '=', memberId).execute();
}

export async function renameMember(db: Trx, memberId: number, name: string, at: string): Promise<void> {
  await db.updateTable('members').set({ name, updated_at: at }).where('id', '=', memberId).execute();
}

/** Signs one browser of a member out: the member device's token dies. */
export async function revokeMemberDevice(db: Trx, deviceId: number, at: string): Promise<void> {
  await db.updateTable('member_devices').set({ revoked_at: at, token_id: null }).where('id', '=', deviceId).execute();
}

/** Signs every browser of the member out. */
export async function revokeMemberDevices(db: Trx, memberId: number, at: string): Promise<void> {
  await db
    .updateTable('member_devices')
    .set({ revoked_at: at, token_id: null })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The member's new e-mail, proven by the code mailed to it (issue 26): confirmed with it. */
export async function setMemberEmail(db: Trx, memberId: number, email: string, at: string): Promise<void> {
  await db.updateTable('members').set({ email, email_verified_at: at, updated_at: at }).where('id', '=', memberId).execute();
}

/** Signs every other browser of the member out (a password change keeps this one). */
export async function revokeOtherMemberDevices(db: Trx, memberId: number, keepDeviceId: number, at: string): Promise<void> {
  await db
    .updateTable('member_devices')
    .set({ revoked_at: at, token_id: null })
    .where('member_id', '=', memberId)
    .where('id', '!=', keepDeviceId)
    .where('revoked_at', 'is', null)
    .execute();
}
