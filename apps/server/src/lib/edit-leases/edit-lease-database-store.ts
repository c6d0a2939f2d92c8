import type { ReadContext, WriteContext } from '../context/request-context.ts';
import { expiryOf, type EditLeaseStore, type LeaseHolder, type LeaseTarget, type StoredLease } from './edit-lease-store.ts';
import * as leases from './edit-leases.repository.ts';

const stored = (r: leases.LeaseRow): StoredLease => ({
  target_id: r.target_id,
  admin: { id: r.admin_id, name: r.admin_name },
  since: r.since,
  expires_at: r.expires_at,
  taken_over:
    r.taken_over_by_id === null
      ? null
      : { by: { id: r.taken_over_by_id, name: r.taken_over_by_name ?? '' }, at: r.taken_over_at ?? r.since },
});

/** The default store: the edit_leases table, written in the caller's transaction (no audit entry: bookkeeping). */
export class DatabaseEditLeaseStore implements EditLeaseStore {
  async heartbeat(ctx: WriteContext, target: LeaseTarget, holder: LeaseHolder, now: Date): Promise<StoredLease[]> {
    const nowIso = now.toISOString();
    await leases.deleteExpiredLeases(ctx.trx, target, nowIso);
    const own = (await leases.leasesOn(ctx.trx, target, nowIso)).find((l) => l.admin_id === holder.id);
    if (!own) await leases.putFreshLease(ctx.trx, target, holder, nowIso, expiryOf(now));
    else await leases.renewLease(ctx.trx, target, holder.id, expiryOf(now));
    return (await leases.leasesOn(ctx.trx, target, nowIso)).map(stored);
  }

  async takeOver(ctx: WriteContext, target: LeaseTarget, holder: LeaseHolder, now: Date): Promise<LeaseHolder[]> {
    const nowIso = now.toISOString();
    await leases.deleteExpiredLeases(ctx.trx, target, nowIso);
    const before = await leases.leasesOn(ctx.trx, target, nowIso);
    const from = before.filter((l) => l.admin_id !== holder.id && l.taken_over_by_id === null);
    await leases.markTakenOver(ctx.trx, target, holder, nowIso);
    const own = before.find((l) => l.admin_id === holder.id);
    if (!own || own.taken_over_by_id !== null) await leases.putFreshLease(ctx.trx, target, holder, nowIso, expiryOf(now));
    else await leases.renewLease(ctx.trx, target, holder.id, expiryOf(now));
    return from.map((l) => ({ id: l.admin_id, name: l.admin_name }));
  }

  async end(ctx: WriteContext, target: LeaseTarget, adminId: number): Promise<void> {
    await leases.deleteLease(ctx.trx, target, adminId);
  }

  async active(ctx: ReadContext, targetType: string, ids: readonly string[], now: Date): Promise<StoredLease[]> {
    return (await leases.activeLeases(ctx.db, targetType, ids, now.toISOString())).map(stored);
  }

  async endSaved(ctx: WriteContext, saved: Parameters<EditLeaseStore['endSaved']>[1]): Promise<void> {
    await leases.deleteSavedLeases(ctx.trx, saved);
  }

  async close(): Promise<void> {}
}
