import type { PrincipalKind } from '@bo/shared/schemas/audit-log';

/** The columns of an audit row that say who wrote it (lib/context/principals.ts `auditWhoOf`). */
export interface AuditWho {
  actor_kind: PrincipalKind;
  actor_id: number | null;
  impersonator_id: number | null;
  organization_id: number | null;
  ip: string | null;
  user_agent: string | null;
}

// handover: a set-password link handed to the inviter (issue 26) is answered once, never recorded.
const SECRET_KEY = /password|secret|token|(^|_)hash$|^code$|api_key|^handover$/i;

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
