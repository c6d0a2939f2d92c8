import type { Generated } from 'kysely';

/** Tables of migration 0105 (issue 41, docs/content.md "Review workflow"). */
export interface ReviewStatesTable {
  target_type: string;
  target_id: number;
  stage: string;
  /** The record version under review (record_versions). */
  version: number;
  author_admin_id: number | null;
  approved_by: number | null;
  approved_at: string | null;
  /** sha-256 of the canonical JSON of the approved content. */
  approved_hash: string | null;
  waiting_notified_version: number | null;
  updated_at: string;
}

export interface ReviewCommentsTable {
  id: Generated<number>;
  target_type: string;
  target_id: number;
  version: number;
  admin_id: number | null;
  kind: 'comment' | 'return' | 'approve' | 'submit';
  body: string;
  created_at: string;
}

/** What the website shows of a record while its workflow is on: the view as published (JSON). */
export interface PublishedSnapshotsTable {
  target_type: string;
  target_id: number;
  version: number;
  hash: string;
  body: string;
  published_at: string;
}

export interface ReviewTables {
  review_states: ReviewStatesTable;
  review_comments: ReviewCommentsTable;
  published_snapshots: PublishedSnapshotsTable;
}
