/**
 * Every audit target type and the actions recorded on it: the audit writer accepts only these
 * pairs, so a typo or a new action is a type error until it is declared. The pairs are declared
 * once, as the runtime constant AUDIT_ACTIONS in packages/shared/src/audit-actions.ts: add new
 * actions there (the web's labels come from the same constant).
 */
import type { AuditActions, AuditTarget } from '@bo/shared/audit-actions';

export type { AuditActions, AuditTarget } from '@bo/shared/audit-actions';

/** A record another entry's change counts for (a product instance's product), optionally naming the fields it touched there (issue 36). */
export interface VersionOf {
  target_type: AuditTarget;
  target_id: string | number;
  fields?: readonly string[];
}

/** One audit entry, its action checked against its target type. */
export type TypedAuditEntry = {
  [T in AuditTarget]: {
    action: AuditActions[T];
    target_type: T;
    target_id?: string | number | null;
    /** The target's display name; when omitted, writeAudit resolves it (lib/context/audit-labels.ts). */
    target_label?: string | null;
    before?: unknown;
    after?: unknown;
    /** Recorded under this organization instead of the request's (a change reaching rows of several). */
    organization_id?: number | null;
    /** Issue 36: the records this change counts for besides its target (a product instance's product): their versions go up too. */
    version_of?: VersionOf | readonly VersionOf[];
  };
}[AuditTarget];
