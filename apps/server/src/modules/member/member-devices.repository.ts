import type { Trx, ReadDb } from '../../db/database.ts';

/** The browsers the member has signed in on, latest first. */
export function memberDevices(db: ReadDb, memberId: number) {
  return db
    .selectFrom('member_devices')
    .select(['id', 'member_id', 'user_agent', 'ip', 'created_at', 'signed_in_at', 'session_expires_at', 'last_seen_at', 'revoked_at'])
    .where('member_id', '=', memberId)
    .orderBy('signed_in_at', 'desc')
    .limit(200)
    .execute();
}

/** Logs one of the member's browsers out (its token dies at once); false when the member has no such device. */
export async function revokeMemberDevice(trx: Trx, memberId: number, deviceId: number): Promise<boolean> {
  const done = await trx
    .updateTable('member_devices')
    .set({ revoked_at: new Date().toISOString(), token_id: null })
    .where('id', '=', deviceId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Logs every browser of the member out. */
export async function revokeMemberDevices(trx: Trx, memberId: number): Promise<void> {
  await trx
    .updateTable('member_devices')
    .set({ revoked_at: new Date().toISOString(), token_id: null })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .execute();
}
