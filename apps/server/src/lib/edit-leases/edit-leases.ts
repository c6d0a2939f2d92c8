import type { WriteContext } from '../context/request-context.ts';
import type { EditLeaseStore, SavedRecord } from './edit-lease-store.ts';

/** Audited acts that read or send a record rather than change it: its editor's lease stays. */
const NOT_A_SAVE = new Set([
  'export',
  'sign_link',
  'send_test',
  'reveal',
  'view',
  'verify_chain',
  'anchor_chain',
  'test_permission',
  'take_over',
]);

interface AuditedRow {
  actor_kind: string;
  actor_id: number | null;
  action: string;
  target_type: string;
  target_id: string | null;
}

/** The records an admin changed in a transaction, from its audit rows. */
export function savedRecordsOf(rows: readonly AuditedRow[]): SavedRecord[] {
  return rows.flatMap((r) =>
    r.actor_kind === 'admin' && r.actor_id !== null && r.target_id !== null && !NOT_A_SAVE.has(r.action)
      ? [{ target_type: r.target_type, target_id: r.target_id, admin_id: r.actor_id }]
      : [],
  );
}

/**
 * The app's edit leases (app.editLeases): the store every instance shares, and the audit hook that
 * ends a lease when its holder saves the record (ContextHost.afterAudit, lib/context/request-context.ts).
 */
export class EditLeases {
  constructor(readonly store: EditLeaseStore) {}

  async endOnSave(ctx: WriteContext, rows: readonly AuditedRow[]): Promise<void> {
    const saved = savedRecordsOf(rows);
    if (saved.length) await this.store.endSaved(ctx, saved);
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
