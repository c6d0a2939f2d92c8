import { savedImportMapping, type SavedImportMapping } from '@bo/shared/schemas/staff-import';
import type { ReadDb, Trx } from '../../db/database.ts';
import { scopedTable } from '../../lib/kit/scoped-table.ts';
import { owningOrganization, whereInScope, type Scope } from '../../lib/context/scope.ts';

export interface StoredImportMapping {
  mapping: SavedImportMapping;
  sheet_name: string | null;
  header_row: number;
}

/** The remembered import mapping, one row per organization. */
export const staffImportMappings = scopedTable({
  table: 'staff_import_mappings',
  alias: 'm',
  toView: (rows: { id: number }[]) => rows,
  sortColumns: { id: 'm.id' },
  // A remembered mapping is a setting of the organization, not data the delete confirmation names.
  dependent: { name: 'staff_import_mappings', counted: false },
});

/** The scope's remembered mapping, or null (none yet, or unreadable). */
export async function findImportMapping(db: ReadDb, scope: Scope): Promise<StoredImportMapping | null> {
  const row = await whereInScope(
    db.selectFrom('staff_import_mappings').select(['mapping', 'sheet_name', 'header_row']),
    'organization_id',
    scope,
  ).executeTakeFirst();
  if (!row) return null;
  try {
    const parsed = savedImportMapping.safeParse(JSON.parse(row.mapping));
    return parsed.success ? { mapping: parsed.data, sheet_name: row.sheet_name, header_row: row.header_row } : null;
  } catch {
    return null;
  }
}

export async function saveImportMapping(db: Trx, scope: Scope, actorId: number, m: StoredImportMapping): Promise<void> {
  const organization_id = owningOrganization(scope);
  if (organization_id === null) throw new Error('an import mapping belongs to one organization');
  const t = new Date().toISOString();
  const values = {
    mapping: JSON.stringify(m.mapping),
    sheet_name: m.sheet_name,
    header_row: m.header_row,
    updated_by: actorId,
    updated_at: t,
  };
  await db
    .insertInto('staff_import_mappings')
    .values({ organization_id, ...values, created_at: t })
    .onConflict((oc) => oc.column('organization_id').doUpdateSet(values))
    .execute();
}
