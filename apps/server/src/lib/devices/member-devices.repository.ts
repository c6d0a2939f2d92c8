import type { Insertable, Updateable } from 'kysely';
import type { ReadDb, Trx } from '../../db/database.ts';
import type { MemberDevicesTable } from '../../db/tables/members.ts';

/** A member device with what its token says of the member; throws when there is none. */
export async function memberDeviceWithMember(db: ReadDb, id: number) {
  return db
    .selectFrom('member_devices as d')
    .innerJoin('members as m', 'm.id', 'd.member_id')
    .select(['d.id', 'd.keep_login', 'd.session_expires_at', 'm.id as member_id', 'm.email', 'm.name', 'm.created_at', 'm.updated_at'])
    .where('d.id', '=', id)
    .executeTakeFirstOrThrow();
}

/** What decides whether a member token is alive: its device and its member. */
export async function memberDeviceForToken(db: ReadDb, id: number) {
  return db
    .selectFrom('member_devices as d')
    .innerJoin('members as m', 'm.id', 'd.member_id')
    .select(['d.id as device_id', 'd.fingerprint', 'd.token_id', 'd.revoked_at', 'd.session_expires_at', 'd.last_seen_at'])
    .select(['m.id', 'm.email', 'm.name', 'm.status'])
    .where('d.id', '=', id)
    .executeTakeFirst();
}

/** The member's latest device in this browser, or null. */
export async function memberDeviceIn(db: ReadDb, memberId: number, fingerprint: string): Promise<number | null> {
  const row = await db
    .selectFrom('member_devices')
    .select('id')
    .where('member_id', '=', memberId)
    .where('fingerprint', '=', fingerprint)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function updateMemberDevice(db: Trx, id: number, set: Updateable<MemberDevicesTable>): Promise<void> {
  await db.updateTable('member_devices').set(set).where('id', '=', id).execute();
}

export async function insertMemberDevice(db: Trx, device: Insertable<MemberDevicesTable>): Promise<number> {
  const row = await db.insertInto('member_devices').values(device).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** When and from where the member's device was last seen (as `markLoginDeviceSeen`). */
export async function markMemberDeviceSeen(db: Trx, id: number, ip: string, at: string): Promise<void> {
  await db.updateTable('member_devices').set({ last_seen_at: at, ip }).where('id', '=', id).execute();
}
