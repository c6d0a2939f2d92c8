import type { Generated } from 'kysely';

/** Migration 0102: a stored file a change removed, kept for the history's retention (lib/storage/kept-files.repository.ts). */
export interface KeptFilesTable {
  id: Generated<number>;
  storage_key: string;
  /** The row the file belonged to (e.g. `staff_certificates` and its id): a restore of that row takes it back. */
  origin_table: string;
  origin_id: number;
  organization_id: number | null;
  file_name: string | null;
  file_type: string | null;
  file_size: number | null;
  kept_at: string;
  /** After this instant the daily sweep deletes it from storage. */
  keep_until: string;
}

export interface KeptFileTables {
  kept_files: KeptFilesTable;
}
