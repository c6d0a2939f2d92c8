import type { PrincipalKind } from '@bo/shared/schemas/audit-log';

/** Migration 0099: a record's version (lib/context/record-versions.ts); no row is version 0. */
export interface RecordVersionsTable {
  /** An audit target type (packages/shared/src/audit-actions.ts) and the record's id as text ('' for a single document). */
  target_type: string;
  target_id: string;
  version: number;
}

/** Migration 0099: one row per version a record went up to: who changed which fields, when. */
export interface RecordVersionChangesTable {
  target_type: string;
  target_id: string;
  version: number;
  actor_kind: PrincipalKind;
  actor_id: number | null;
  /** JSON array of the fields the change touched. */
  fields: string;
  changed_at: string;
}

export interface RecordVersionTables {
  record_versions: RecordVersionsTable;
  record_version_changes: RecordVersionChangesTable;
}
