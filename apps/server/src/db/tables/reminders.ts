import type { Generated } from 'kysely';

/** Migration 0077: one row per daily job and Taipei day; the unique (job, run_key) is the claim. */
export interface JobRunsTable {
  id: Generated<number>;
  job: string;
  /** The Taipei day the run is for, YYYY-MM-DD. */
  run_key: string;
  status: 'running' | 'done' | 'failed';
  started_at: string;
  finished_at: string | null;
  /** JSON: what the run did, or why it failed. */
  detail: string | null;
}

/** Migration 0077: a reminder the daily job sent (or could not send) to one recipient. */
export interface CertificateRemindersTable {
  id: Generated<number>;
  organization_id: number;
  run_key: string;
  channel: 'mail' | 'line';
  /** An e-mail address or a LINE target. */
  recipient: string;
  admin_id: number | null;
  expired_count: number;
  expiring_count: number;
  /** The outbox row of a mail reminder. */
  mail_id: number | null;
  /** Migration 0106: certificates (issue 13) or compliance (the sites' due items, issue 38). */
  kind: Generated<'certificates' | 'compliance'>;
  status: 'queued' | 'sent' | 'failed';
  error: string | null;
  created_at: string;
}

export interface ReminderTables {
  job_runs: JobRunsTable;
  certificate_reminders: CertificateRemindersTable;
}
