import type { Insertable, Selectable, Updateable } from 'kysely';
import type { ReadDb, Trx } from '../../db/database.ts';
import type { LoginDevicesTable } from '../../db/schema.ts';
import { rowExists } from '../../db/row-exists.ts';

export type LoginDevice = Selectable<LoginDevicesTable>;

/** The device's whole row; throws when there is none. */
export async function loginDevice(db: ReadDb, id: number): Promise<LoginDevice> {
  return db.selectFrom('login_devices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/**
 * Sets the device's token columns, only while its current token is still `replacing` (null: it has
 * none): answers false when another request replaced it first.
 */
export async function replaceDeviceToken(
  db: Trx,
  id: number,
  replacing: string | null,
  set: Updateable<LoginDevicesTable>,
): Promise<boolean> {
  const update = db.updateTable('login_devices').set(set).where('id', '=', id);
  const { numUpdatedRows } = await (replacing === null
    ? update.where('token_id', 'is', null)
    : update.where('token_id', '=', replacing)
  ).executeTakeFirst();
  return numUpdatedRows > 0n;
}

/** The latest device of the admin in this browser, as the admin itself (null) or as this super admin. */
export async function sameBrowserDeviceId(
  db: ReadDb,
  adminId: number,
  fingerprint: string,
  impersonatorId: number | null,
): Promise<number | null> {
  const same = db.selectFrom('login_devices').select('id').where('admin_id', '=', adminId).where('fingerprint', '=', fingerprint);
  const row = await (impersonatorId === null
    ? same.where('impersonator_id', 'is', null)
    : same.where('impersonator_id', '=', impersonatorId)
  )
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function updateLoginDevice(db: Trx, id: number, set: Updateable<LoginDevicesTable>): Promise<void> {
  await db.updateTable('login_devices').set(set).where('id', '=', id).execute();
}

export async function insertLoginDevice(db: Trx, device: Insertable<LoginDevicesTable>): Promise<number> {
  const row = await db.insertInto('login_devices').values(device).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Whether the admin itself (not a super admin acting as it) has had a device in this browser. */
export const hasOwnDeviceIn = (db: ReadDb, adminId: number, fingerprint: string): Promise<boolean> =>
  rowExists(db, 'login_devices', { admin_id: adminId, fingerprint, impersonator_id: null });

/** Until when the device's verify-identity proof holds, or null. */
export async function identityVerifiedUntil(db: ReadDb, id: number): Promise<string | null> {
  const row = await db.selectFrom('login_devices').select('identity_verified_until').where('id', '=', id).executeTakeFirst();
  return row?.identity_verified_until ?? null;
}

/** When and from where the device was last seen (at most once a LAST_SEEN_RESOLUTION_MS, plugins/access.ts). */
export async function markLoginDeviceSeen(db: Trx, id: number, ip: string, at: string): Promise<void> {
  await db.updateTable('login_devices').set({ last_seen_at: at, ip }).where('id', '=', id).execute();
}
