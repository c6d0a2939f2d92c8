import type { Generated } from 'kysely';
import type { WorkRunKind, WorkRunStatus } from '@bo/shared/schemas/work-runs';

/** Migration 0097: a long piece of work an admin started, and how it ended (lib/work-runs/). */
export interface WorkRunsTable {
  id: Generated<number>;
  kind: WorkRunKind;
  organization_id: number | null;
  admin_id: number;
  status: WorkRunStatus;
  /** JSON: what the work was on (a file name, a template, the stored keys of a photo upload). */
  detail: string;
  /** The process that ran it: its host name and pid. */
  host: string;
  pid: number;
  started_at: string;
  /** Touched while the process runs the work; a stale one means the process is gone. */
  heartbeat_at: string;
  finished_at: string | null;
  /** When its admin closed the notice of an interrupted run. */
  dismissed_at: string | null;
}

export interface WorkRunTables {
  work_runs: WorkRunsTable;
}
