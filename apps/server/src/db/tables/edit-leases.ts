/** Migration 0101: an admin's edit lease on a record (lib/edit-leases/). */
export interface EditLeasesTable {
  target_type: string;
  target_id: string;
  admin_id: number;
  /** The admin's name when the lease was taken: what the others' banner shows. */
  admin_name: string;
  since: string;
  expires_at: string;
  taken_over_by_id: number | null;
  taken_over_by_name: string | null;
  taken_over_at: string | null;
}

export interface EditLeaseTables {
  edit_leases: EditLeasesTable;
}
