import type { ReadDb, Trx } from '../../db/database.ts';
import type { EditLeasesTable } from '../../db/tables/edit-leases.ts';
import type { LeaseHolder, LeaseTarget, SavedRecord } from './edit-lease-store.ts';

/* edit_leases (migration 0101): the database store of edit leases (edit-lease-database-store.ts). */

export type LeaseRow = EditLeasesTable;

export function leasesOn(db: ReadDb, target: LeaseTarget, nowIso: string): Promise<LeaseRow[]> {
  return db
    .selectFrom('edit_leases')
    .selectAll()
    .where('target_type', '=', target.targetType)
    .where('target_id', '=', target.targetId)
    .where('expires_at', '>', nowIso)
    .orderBy('since')
    .execute();
}

export function activeLeases(db: ReadDb, targetType: string, ids: readonly string[], nowIso: string): Promise<LeaseRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('edit_leases')
    .selectAll()
    .where('target_type', '=', targetType)
    .where('target_id', 'in', [...ids])
    .where('expires_at', '>', nowIso)
    .where('taken_over_by_id', 'is', null)
    .orderBy('since')
    .execute();
}

/** Drops the target's leases that ran out (a lease past `expires_at` is no lease anyway). */
export async function deleteExpiredLeases(trx: Trx, target: LeaseTarget, nowIso: string): Promise<void> {
  await trx
    .deleteFrom('edit_leases')
    .where('target_type', '=', target.targetType)
    .where('target_id', '=', target.targetId)
    .where('expires_at', '<=', nowIso)
    .execute();
}

/** A new lease for `holder` (replacing one that ran out or was taken over). */
export async function putFreshLease(trx: Trx, target: LeaseTarget, holder: LeaseHolder, since: string, expiresAt: string): Promise<void> {
  const fresh = {
    admin_name: holder.name,
    since,
    expires_at: expiresAt,
    taken_over_by_id: null,
    taken_over_by_name: null,
    taken_over_at: null,
  };
  await trx
    .insertInto('edit_leases')
    .values({ target_type: target.targetType, target_id: target.targetId, admin_id: holder.id, ...fresh })
    .onConflict((oc) => oc.columns(['target_type', 'target_id', 'admin_id']).doUpdateSet(fresh))
    .execute();
}

export async function renewLease(trx: Trx, target: LeaseTarget, adminId: number, expiresAt: string): Promise<void> {
  await trx
    .updateTable('edit_leases')
    .set({ expires_at: expiresAt })
    .where('target_type', '=', target.targetType)
    .where('target_id', '=', target.targetId)
    .where('admin_id', '=', adminId)
    .where('taken_over_by_id', 'is', null)
    .execute();
}

/** Marks every other admin's active lease on the target taken over by `holder`. */
export async function markTakenOver(trx: Trx, target: LeaseTarget, holder: LeaseHolder, nowIso: string): Promise<void> {
  await trx
    .updateTable('edit_leases')
    .set({ taken_over_by_id: holder.id, taken_over_by_name: holder.name, taken_over_at: nowIso })
    .where('target_type', '=', target.targetType)
    .where('target_id', '=', target.targetId)
    .where('admin_id', '!=', holder.id)
    .where('expires_at', '>', nowIso)
    .where('taken_over_by_id', 'is', null)
    .execute();
}

export async function deleteLease(trx: Trx, target: LeaseTarget, adminId: number): Promise<void> {
  await trx
    .deleteFrom('edit_leases')
    .where('target_type', '=', target.targetType)
    .where('target_id', '=', target.targetId)
    .where('admin_id', '=', adminId)
    .execute();
}

export async function deleteSavedLeases(trx: Trx, saved: readonly SavedRecord[]): Promise<void> {
  // One statement per record type and admin, ids in chunks: an import saves thousands of records at once.
  const groups = new Map<string, { target_type: string; admin_id: number; ids: string[] }>();
  for (const s of saved) {
    const key = `${s.target_type}\u0000${s.admin_id}`;
    const g = groups.get(key) ?? { target_type: s.target_type, admin_id: s.admin_id, ids: [] };
    g.ids.push(s.target_id);
    groups.set(key, g);
  }
  for (const g of groups.values())
    for (let i = 0; i < g.ids.length; i += 500)
      await trx
        .deleteFrom('edit_leases')
        .where('target_type', '=', g.target_type)
        .where('admin_id', '=', g.admin_id)
        .where('target_id', 'in', g.ids.slice(i, i + 500))
        .execute();
}
