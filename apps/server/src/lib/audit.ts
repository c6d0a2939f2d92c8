import type { DbOrTrx } from '../db/database.ts';
import { resolveTargetLabel } from './audit-labels.ts';

export interface AuditEntry {
  action: string;
  target_type: string;
  target_id?: string | number | null;
  /** The target's display name; omitted, it is resolved from the target (lib/audit-labels.ts). */
  target_label?: string | null;
  before?: unknown;
  after?: unknown;
}

export interface AuditWho {
  actor_id: number | null;
  impersonator_id: number | null;
  organization_id: number | null;
  ip: string | null;
  user_agent: string | null;
}

/** Who a public call acts as: nobody signed in, known by its client address. */
export const anonymousWho = (client: { ip: string | null; userAgent: string | null }): AuditWho => ({
  actor_id: null,
  impersonator_id: null,
  organization_id: null,
  ip: client.ip,
  user_agent: client.userAgent,
});

const SECRET_KEY = /password|secret|token|(^|_)hash$|^code$|api_key/i;

/** Drops password hashes, secrets and one-time codes before anything is recorded. */
export function scrub(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrub);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !SECRET_KEY.test(k))
        .map(([k, v]) => [k, scrub(v)]),
    );
  }
  return value;
}

/**
 * Append-only: nothing in the code base updates or deletes an audit row. The target's label is
 * looked up on the same connection (the caller's transaction), before the row is written.
 */
export async function writeAudit(db: DbOrTrx, who: AuditWho, entry: AuditEntry): Promise<void> {
  const target_label = await resolveTargetLabel(db, entry);
  await db
    .insertInto('audit_logs')
    .values({
      ...who,
      action: entry.action,
      target_type: entry.target_type,
      target_id: entry.target_id == null ? null : String(entry.target_id),
      target_label,
      before: entry.before === undefined ? null : JSON.stringify(scrub(entry.before)),
      after: entry.after === undefined ? null : JSON.stringify(scrub(entry.after)),
      created_at: new Date().toISOString(),
    })
    .execute();
}
