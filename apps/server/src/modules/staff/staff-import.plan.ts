import type { ImportAction, StaffImportMapping, StaffImportMode } from '@bo/shared/schemas/staff-import';
import { STAFF_IMPORT_FIELDS } from '@bo/shared/schemas/staff-import';
import { staffFieldValues, type StaffFieldValues } from './staff-fields.ts';
import type { CheckedRow } from './staff-import.service.ts';
import type { OpenedStaffRow } from './staff.repository.ts';

/** A valid row with what the import does with it; an update carries the fields it changes, before and after. */
export interface PlannedRow extends CheckedRow {
  action: ImportAction;
  staffId?: number;
  before?: Partial<StaffFieldValues>;
  changes?: Partial<StaffFieldValues>;
}

export interface ImportPlan {
  rows: PlannedRow[];
  create: PlannedRow[];
  update: PlannedRow[];
  unchanged: PlannedRow[];
}

/**
 * What each valid row does. In `create` mode every row is a new staff (rows whose national id is
 * taken were refused by the check). In `upsert` mode a row whose national id a staff of the
 * organization holds updates that staff: only the mapped columns, and only where the roster's cell
 * is not empty (an empty cell keeps the staff's value), so a roster of a few columns never wipes
 * the rest; a row changing nothing is `unchanged`.
 */
export function planRows(
  valid: readonly CheckedRow[],
  existing: ReadonlyMap<string, OpenedStaffRow>,
  mapping: StaffImportMapping,
  mode: StaffImportMode,
): ImportPlan {
  const plan: ImportPlan = { rows: [], create: [], update: [], unchanged: [] };
  const mapped = STAFF_IMPORT_FIELDS.filter((f) => mapping[f]);
  for (const v of valid) {
    const found = mode === 'upsert' && v.input.national_id ? existing.get(v.input.national_id) : undefined;
    let p: PlannedRow;
    if (!found) p = { ...v, action: 'create' };
    else {
      const next = staffFieldValues(v.input);
      const before: Partial<StaffFieldValues> = {};
      const changes: Partial<StaffFieldValues> = {};
      for (const f of mapped) {
        const cell = v.values[f];
        if (cell === null || cell === undefined || next[f] === found[f]) continue;
        (before as Record<string, unknown>)[f] = found[f];
        (changes as Record<string, unknown>)[f] = next[f];
      }
      // An import for a contractor makes each matched staff its worker (forContractor set it on every row).
      if (v.input.contractor_id && v.input.contractor_id !== found.contractor_id) {
        before.contractor_id = found.contractor_id;
        changes.contractor_id = v.input.contractor_id;
      }
      p = Object.keys(changes).length
        ? { ...v, action: 'update', staffId: found.id, before, changes }
        : { ...v, action: 'unchanged', staffId: found.id };
    }
    plan.rows.push(p);
    plan[p.action].push(p);
  }
  return plan;
}
