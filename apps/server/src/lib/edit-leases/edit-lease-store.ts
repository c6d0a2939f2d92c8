import { EDIT_LEASE_TTL_MS, type EditLeaseState } from '@bo/shared/schemas/edit-leases';
import type { ReadContext, WriteContext } from '../context/request-context.ts';

/** A record as the audit names it: its target type and id (packages/shared/src/audit-actions.ts). */
export interface LeaseTarget {
  targetType: string;
  targetId: string;
}

export interface LeaseHolder {
  id: number;
  name: string;
}

/** One admin's lease on a record; `taken_over`: another admin took the editing over from them. */
export interface StoredLease {
  target_id: string;
  admin: LeaseHolder;
  since: string;
  expires_at: string;
  taken_over: { by: LeaseHolder; at: string } | null;
}

/** An audited change: its admin's lease on that record ends (the record was saved). */
export interface SavedRecord {
  target_type: string;
  target_id: string;
  admin_id: number;
}

/**
 * Where leases live: the database (default, edit-lease-database-store.ts) or Redis when REDIS_URL is
 * set (edit-lease-redis-store.ts), so every instance sees every lease. Times come from the app's clock
 * (`now`); a lease is active while `expires_at` is after it.
 */
export interface EditLeaseStore {
  /**
   * Takes or renews `holder`'s lease, unless another admin took it over (then it stays as it is and
   * says so). Answers the target's active leases, `holder`'s among them.
   */
  heartbeat(ctx: WriteContext, target: LeaseTarget, holder: LeaseHolder, now: Date): Promise<StoredLease[]>;
  /** Takes `holder`'s lease and marks everyone else's taken over; answers whom it took over from. */
  takeOver(ctx: WriteContext, target: LeaseTarget, holder: LeaseHolder, now: Date): Promise<LeaseHolder[]>;
  end(ctx: WriteContext, target: LeaseTarget, adminId: number): Promise<void>;
  /** The active leases on the rows `ids` of `targetType` (taken-over ones are not). */
  active(ctx: ReadContext, targetType: string, ids: readonly string[], now: Date): Promise<StoredLease[]>;
  /** Ends the leases of records their holders just saved (the context's audit hook, request-context.ts). */
  endSaved(ctx: WriteContext, saved: readonly SavedRecord[]): Promise<void>;
  close(): Promise<void>;
}

export const expiryOf = (now: Date): string => new Date(now.getTime() + EDIT_LEASE_TTL_MS).toISOString();

/** What a heartbeat answers `adminId`: their own lease, the others' active ones, and a take-over. */
export function leaseStateFor(adminId: number, leases: readonly StoredLease[]): EditLeaseState {
  const own = leases.find((l) => l.admin.id === adminId);
  return {
    mine: own && !own.taken_over ? { since: own.since, expires_at: own.expires_at } : null,
    others: leases.filter((l) => l.admin.id !== adminId && !l.taken_over).map((l) => ({ admin: l.admin, since: l.since })),
    taken_over: own?.taken_over ?? null,
  };
}
