import type { Generated } from 'kysely';
import type { AuditChainProblem } from '@bo/shared/schemas/audit-log';

/** Migration 0085: the chain's last entry (one row, id 1); appending takes this row's lock first. */
export interface AuditChainHeadTable {
  id: number;
  last_id: number | null;
  last_hash: string;
  /** Entries chained so far. */
  entries: number;
}

/** Migration 0085: the chain's head at the end of a Taipei day (YYYY-MM-DD) or, migration 0094, hour (YYYY-MM-DDTHH). */
export interface AuditAnchorsTable {
  day: string;
  /** Migration 0094: the instant the anchored head ends at (null only before the migration filled it). */
  until: string | null;
  /** Migration 0094: the outbox row that mailed it off the server, or null (only the log did). */
  mail_id: number | null;
  last_id: number | null;
  head_hash: string;
  entries: number;
  created_at: string;
}

/** Migration 0085: one verification of the chain and what it found. */
export interface AuditChainChecksTable {
  id: Generated<number>;
  checked_at: string;
  /** `daily` (the daily job), `admin:<id>` (the audit log screen) or `cli`. */
  checked_by: string;
  from_day: string | null;
  to_day: string | null;
  entries: number;
  status: 'ok' | 'broken';
  broken_id: number | null;
  broken_created_at: string | null;
  problem: AuditChainProblem | null;
}

export interface AuditChainTables {
  audit_chain_head: AuditChainHeadTable;
  audit_anchors: AuditAnchorsTable;
  audit_chain_checks: AuditChainChecksTable;
}
