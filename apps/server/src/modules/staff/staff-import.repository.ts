import type { z } from 'zod';
import type { staffInput } from '@bo/shared/schemas/staff';
import { savedImportMapping, type SavedImportMapping } from '@bo/shared/schemas/staff-import';
import type { DbOrTrx } from '../../db/database.ts';
import type { OrganizationDependent } from '../../lib/kit/organization-dependents.ts';

type StaffData = z.output<typeof staffInput>;

/** Rows per INSERT: 500 × 20 columns stays far below the bind-parameter limits of both databases. */
const INSERT_CHUNK = 500;
/** National ids per lookup. */
const LOOKUP_CHUNK = 500;

export interface StoredImportMapping { mapping: SavedImportMapping; sheet_name: string | null; header_row: number }

/** The organization's remembered mapping, or null (none yet, or unreadable). */
export async function findImportMapping(db: DbOrTrx, organizationId: number): Promise<StoredImportMapping | null> {
  const row = await db.selectFrom('staff_import_mappings').select(['mapping', 'sheet_name', 'header_row'])
    .where('organization_id', '=', organizationId).executeTakeFirst();
  if (!row) return null;
  try {
    const parsed = savedImportMapping.safeParse(JSON.parse(row.mapping));
    return parsed.success ? { mapping: parsed.data, sheet_name: row.sheet_name, header_row: row.header_row } : null;
  } catch {
    return null;
  }
}

export async function saveImportMapping(db: DbOrTrx, organizationId: number, actorId: number, m: StoredImportMapping): Promise<void> {
  const t = new Date().toISOString();
  const values = { mapping: JSON.stringify(m.mapping), sheet_name: m.sheet_name, header_row: m.header_row, updated_by: actorId, updated_at: t };
  await db.insertInto('staff_import_mappings').values({ organization_id: organizationId, ...values, created_at: t })
    .onConflict((oc) => oc.column('organization_id').doUpdateSet(values)).execute();
}

/** Staff of the organization holding any of these national ids: id → {id, name}. */
export async function staffByNationalId(db: DbOrTrx, organizationId: number, nationalIds: string[]): Promise<Map<string, { id: number; name: string }>> {
  const out = new Map<string, { id: number; name: string }>();
  const unique = [...new Set(nationalIds)];
  for (let i = 0; i < unique.length; i += LOOKUP_CHUNK) {
    const rows = await db.selectFrom('staff').select(['id', 'name', 'national_id'])
      .where('organization_id', '=', organizationId).where('national_id', 'in', unique.slice(i, i + LOOKUP_CHUNK)).execute();
    for (const r of rows) if (r.national_id) out.set(r.national_id, { id: r.id, name: r.name });
  }
  return out;
}

/** Inserts the staff in chunks (inside the caller's transaction); answers their ids in input order. */
export async function insertImportedStaff(trx: DbOrTrx, organizationId: number, staff: StaffData[]): Promise<number[]> {
  const ids: number[] = [];
  const t = new Date().toISOString();
  for (let i = 0; i < staff.length; i += INSERT_CHUNK) {
    if (i) await new Promise<void>((resolve) => setImmediate(resolve));
    const rows = staff.slice(i, i + INSERT_CHUNK).map((d) => ({
      organization_id: organizationId, name: d.name, nickname: d.nickname ?? null, national_id: d.national_id ?? null,
      birthday: d.birthday ?? null, gender: d.gender ?? null, mobile: d.mobile ?? null, email: d.email ?? null, address: d.address ?? null,
      emergency_contact: d.emergency_contact ?? null, emergency_phone: d.emergency_phone ?? null, blood_type: d.blood_type ?? null,
      job_title: d.job_title ?? null, hire_date: d.hire_date ?? null, notes: d.notes ?? null, status: d.status,
      photo_key: null, photo_id: null, created_at: t, updated_at: t,
    }));
    const inserted = await trx.insertInto('staff').values(rows).returning('id').execute();
    // Both databases answer RETURNING rows of a multi-row VALUES in the order given.
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

// A remembered mapping is a setting of the organization, not data the delete confirmation names: it goes along, uncounted.
export const staffImportMappingDependent: OrganizationDependent = {
  name: 'staff_import_mappings',
  count: async () => 0,
  remove: async (db, organizationId) => {
    await db.deleteFrom('staff_import_mappings').where('organization_id', '=', organizationId).execute();
    return [];
  },
};
