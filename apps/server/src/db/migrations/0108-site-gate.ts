import { type Kysely, sql } from 'kysely';
import { withId, withTimestamps } from '../columns.ts';

/**
 * Issue 39 (docs/site-gate.md): a worker's pass for a site, and the entry log the site gate writes.
 * A pass names itself, never the person: its QR carries `code` and `serial` signed by the server
 * (lib/gate/pass-token.ts). Reissuing revokes the old row and makes a new one (the old QR is then refused).
 * An entry is one scan at the gate, let in or refused, with the verdict's reasons; each is also an audit
 * entry (the audit chain). `client_entry_id` makes a scan queued offline count once however often it is sent.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const org = (c: any) => c.notNull().references('organizations.id').onDelete('cascade');

  await withTimestamps(
    withId(db, db.schema.createTable('site_passes'))
      .addColumn('organization_id', 'integer', org)
      .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
      .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
      // The short code printed under the QR and typed at the gate when a camera cannot read it (e.g. K7Q2-M9XD).
      .addColumn('code', 'text', (c) => c.notNull())
      // Raised on every reissue for the same worker and site; the QR names it, so an old QR is refused.
      .addColumn('serial', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('issued_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      // lost | revoked | reissued | left_site
      .addColumn('revoked_reason', 'text')
      .addColumn('replaced_by_id', 'integer'),
  ).execute();
  await db.schema.createIndex('site_passes_code_uq').unique().on('site_passes').columns(['code']).execute();
  // One current pass per worker and site: two issues at once cannot both make one (the second finds the first).
  await db.schema
    .createIndex('site_passes_current_uq')
    .unique()
    .on('site_passes')
    .columns(['site_id', 'staff_id'])
    .where(sql.ref('revoked_at'), 'is', null)
    .execute();
  await db.schema.createIndex('site_passes_site_idx').on('site_passes').columns(['site_id', 'revoked_at', 'staff_id']).execute();
  await db.schema.createIndex('site_passes_staff_idx').on('site_passes').columns(['staff_id', 'site_id']).execute();

  await withId(db, db.schema.createTable('site_entries'))
    .addColumn('organization_id', 'integer', org)
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    // Null when the code named no pass of this organization.
    .addColumn('staff_id', 'integer', (c) => c.references('staff.id').onDelete('set null'))
    .addColumn('pass_id', 'integer', (c) => c.references('site_passes.id').onDelete('set null'))
    // in | out
    .addColumn('direction', 'text', (c) => c.notNull().defaultTo('in'))
    // admit | refuse: what the rules said at the scan
    .addColumn('verdict', 'text', (c) => c.notNull())
    // 1 when the worker went in (admitted, or refused and then let in by the site director)
    .addColumn('admitted', 'integer', (c) => c.notNull())
    // JSON array of GateReason (packages/shared/src/schemas/gate.ts)
    .addColumn('reasons', 'text', (c) => c.notNull().defaultTo('[]'))
    // When the gate scanned (the device's clock, ISO), and the Taipei day of it
    .addColumn('scanned_at', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('admin_id', 'integer', (c) => c.references('admins.id').onDelete('set null'))
    .addColumn('device_id', 'text')
    .addColumn('client_entry_id', 'text', (c) => c.notNull())
    // 1 when the verdict came from the device's snapshot (no connection at the scan)
    .addColumn('offline', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('snapshot_at', 'text')
    .addColumn('override_admin_id', 'integer', (c) => c.references('admins.id').onDelete('set null'))
    .addColumn('override_reason', 'text')
    .addColumn('override_at', 'text')
    .execute();
  await db.schema
    .createIndex('site_entries_client_uq')
    .unique()
    .on('site_entries')
    .columns(['organization_id', 'client_entry_id'])
    .execute();
  await db.schema.createIndex('site_entries_site_day_idx').on('site_entries').columns(['site_id', 'day', 'id']).execute();
  await db.schema.createIndex('site_entries_site_staff_idx').on('site_entries').columns(['site_id', 'staff_id', 'day']).execute();
  await db.schema.createIndex('site_entries_org_override_idx').on('site_entries').columns(['organization_id', 'override_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_entries').execute();
  await db.schema.dropTable('site_passes').execute();
}
