import type { Updateable } from 'kysely';
import type { ReadDb, Trx } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';

/** An admin by its (lower-cased) e-mail, with what a sign-in code or a reset link mail needs. */
export const adminByEmail = (db: ReadDb, email: string) =>
  db.selectFrom('admins').select(['id', 'email', 'name', 'status', 'password_hash']).where('email', '=', email).executeTakeFirst();

export const adminRow = (db: ReadDb, id: number) => db.selectFrom('admins').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Who a switched session acts for (the profile's `impersonator`). */
export const adminSummary = async (db: ReadDb, id: number) =>
  (await db.selectFrom('admins').select(['id', 'email', 'name']).where('id', '=', id).executeTakeFirst()) ?? null;

export const adminIdByEmail = (db: ReadDb, email: string) =>
  db.selectFrom('admins').select('id').where('email', '=', email).executeTakeFirst();

export async function updateAdmin(db: Trx, id: number, changes: Updateable<DB['admins']>): Promise<void> {
  await db.updateTable('admins').set(changes).where('id', '=', id).execute();
}

/** A new password: the initial one is then changed (spec section 5). */
export async function setAdminPassword(db: Trx, id: number, passwordHash: string, at: string): Promise<void> {
  await updateAdmin(db, id, { password_hash: passwordHash, has_change_default_password: 1, updated_at: at });
}

/** What renewal reads of the request's login device. */
export const sessionDevice = (db: ReadDb, deviceId: number) =>
  db
    .selectFrom('login_devices')
    .select(['organization_id', 'keep_login', 'token_id', 'token_expires_at', 'session_expires_at'])
    .where('id', '=', deviceId)
    .executeTakeFirstOrThrow();

export async function updateDevice(db: Trx, deviceId: number, changes: Updateable<DB['login_devices']>): Promise<void> {
  await db.updateTable('login_devices').set(changes).where('id', '=', deviceId).execute();
}

/** Signs every browser of the admin out, but `exceptDeviceId` when given. */
export async function revokeAdminDevices(db: Trx, adminId: number, at: string, exceptDeviceId?: number): Promise<void> {
  let q = db.updateTable('login_devices').set({ revoked_at: at }).where('admin_id', '=', adminId).where('revoked_at', 'is', null);
  if (exceptDeviceId !== undefined) q = q.where('id', '!=', exceptDeviceId);
  await q.execute();
}

/** The organizations an admin may act in: a super admin every one (with its roles where a member), others their active ones. */
export function adminOrganizations(db: ReadDb, adminId: number, superAdmin: boolean) {
  const columns = ['o.id', 'o.uid', 'o.name', 'o.company_id', 'o.status', 'm.sub_account_roles'] as const;
  return superAdmin
    ? db
        .selectFrom('organizations as o')
        .leftJoin('organization_members as m', (j) => j.onRef('m.organization_id', '=', 'o.id').on('m.admin_id', '=', adminId))
        .select(columns)
        .orderBy('o.id')
        .execute()
    : db
        .selectFrom('organizations as o')
        .innerJoin('organization_members as m', 'm.organization_id', 'o.id')
        .select(columns)
        .where('m.admin_id', '=', adminId)
        .where('o.status', '=', 'active')
        .orderBy('o.id')
        .execute();
}
