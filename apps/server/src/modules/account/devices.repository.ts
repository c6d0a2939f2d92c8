import type { ReadDb, Trx } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { rowExists } from '../../db/row-exists.ts';

/** An admin's signed-in devices: not revoked, session not over (one row per browser, login-device.ts). */
export async function listDevices(db: ReadDb, adminId: number, currentDeviceId: number) {
  const rows = await db
    .selectFrom('login_devices')
    .select(['id', 'admin_id', 'user_agent', 'ip', 'created_at', 'signed_in_at', 'session_expires_at', 'last_seen_at', 'revoked_at'])
    .where('admin_id', '=', adminId)
    .where('revoked_at', 'is', null)
    .where('session_expires_at', '>', new Date().toISOString())
    .orderBy('last_seen_at', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => ({ ...r, signed_in_at: r.signed_in_at ?? r.created_at, current: r.id === currentDeviceId }));
}

/** The admin's devices not revoked yet, but the one it calls from. */
export async function otherDeviceIds(db: ReadDb, adminId: number, currentDeviceId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('login_devices')
    .select('id')
    .where('admin_id', '=', adminId)
    .where('id', '!=', currentDeviceId)
    .where('revoked_at', 'is', null)
    .execute();
  return rows.map((r) => r.id);
}

/** Whose devices a revocation may touch: one admin's own, or (an operator) any admin's. */
export type DeviceOwner = { readonly adminId: number } | 'any';

/** Revokes the listed devices of `owner`; all or nothing (404 when one is not theirs or already revoked). */
export async function revokeDevices(db: Trx, ids: readonly number[], owner: DeviceOwner): Promise<void> {
  let q = db
    .selectFrom('login_devices')
    .select('id')
    .where('id', 'in', [...ids])
    .where('revoked_at', 'is', null);
  if (owner !== 'any') q = q.where('admin_id', '=', owner.adminId);
  const found = await q.execute();
  if (found.length !== new Set(ids).size) throw notFound();
  await db
    .updateTable('login_devices')
    .set({ revoked_at: new Date().toISOString() })
    .where('id', 'in', [...ids])
    .execute();
}

export const adminExists = (db: ReadDb, adminId: number): Promise<boolean> => rowExists(db, 'admins', { id: adminId });
