import { IMPORT_KEYS, toSavedMapping, type StaffImportMapping, type StaffImportMode } from '@bo/shared/schemas/staff-import';
import { conflict } from '../../lib/errors.ts';
import { eventLoopPacer } from '../../lib/event-loop.ts';
import type { RequestContext } from '../../lib/context/request-context.ts';
import { staffFieldValues } from './staff-fields.ts';
import { planRows } from './staff-import.plan.ts';
import { saveImportMapping } from './staff-import.repository.ts';
import { mappedFields, type CheckedRoster } from './staff-import.service.ts';
import type { Roster } from './staff-import.workbook.ts';
import { recordDepartures } from './staff-departures.repository.ts';
import { insertStaffRows, sealStaffFields, staff, staffByNationalId } from './staff.repository.ts';
import { auditValues } from '../../lib/personal-data/sealed-columns.ts';
import { writableKeyRing } from '../../lib/personal-data/vault.ts';
import { plainStaffValues } from './staff-fields.ts';

export interface ImportRun {
  fileName: string;
  roster: Roster;
  mapping: StaffImportMapping;
  mode: StaffImportMode;
  checked: CheckedRoster;
}

export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
}

/** The import itself, in the context's organization and transaction. */
export function staffImportService(ctx: RequestContext) {
  const { db, scope } = ctx;
  return {
    /**
     * Creates (and in `upsert` mode updates) the valid rows, all or none, audits each staff and the
     * import, and remembers the mapping for the organization's next import. National ids are looked
     * up again inside the transaction: in `create` mode one taken since the check is a 409; in
     * `upsert` mode the rows are matched against the staff as they are now.
     */
    async import({ fileName, roster, mapping, mode, checked: { valid, invalid } }: ImportRun): Promise<ImportCounts> {
      const ring = await writableKeyRing(db, ctx.config);
      const existing = await staffByNationalId(
        db,
        scope,
        ring,
        valid.map((v) => v.input.national_id).filter((v): v is string => !!v),
      );
      if (mode === 'create' && existing.size) throw conflict({ file: [IMPORT_KEYS.alreadyExists] });
      const plan = planRows(valid, existing, mapping, mode);

      const createdIds = await insertStaffRows(
        db,
        scope,
        ring,
        plan.create.map((v) => staffFieldValues(v.input)),
      );
      await recordDepartures(db, scope, createdIds);
      const pace = eventLoopPacer();
      for (const [i, id] of createdIds.entries()) {
        await pace();
        const { certificates: _none, ...fields } = plan.create[i]!.input;
        await ctx.audit({
          action: 'create',
          target_type: 'staff',
          target_id: id,
          after: auditValues(ring, 'staff', {
            id,
            organization_id: ctx.organizationId,
            ...fields,
            source: 'import',
            roster_row: plan.create[i]!.row,
          }),
        });
      }
      for (const u of plan.update) {
        await pace();
        await staff.update(db, scope, u.staffId!, plainStaffValues(u.changes!));
        await sealStaffFields(db, scope, ring, u.staffId!, u.changes!);
        await recordDepartures(db, scope, [u.staffId!]);
        await ctx.audit({
          action: 'update',
          target_type: 'staff',
          target_id: u.staffId!,
          before: auditValues(ring, 'staff', u.before!),
          after: auditValues(ring, 'staff', { ...u.changes, source: 'import', roster_row: u.row }),
        });
      }
      await ctx.audit({
        action: 'import',
        target_type: 'staff',
        target_id: null,
        after: {
          file_name: fileName,
          sheet: roster.sheet,
          header_row: roster.headerRow,
          mode,
          mapping,
          fields: mappedFields(mapping),
          total: roster.rows.length,
          imported_count: createdIds.length + plan.update.length,
          created_count: createdIds.length,
          updated_count: plan.update.length,
          unchanged_count: plan.unchanged.length,
          rejected_count: invalid.length,
          staff_ids: createdIds,
          updated_staff_ids: plan.update.map((u) => u.staffId!),
          rejected_rows: invalid.map((r) => r.row),
        },
      });
      await saveImportMapping(db, scope, ctx.principal.id, {
        mapping: toSavedMapping(mapping, roster.columns),
        sheet_name: roster.sheet,
        header_row: roster.headerRow,
      });
      return { created: createdIds.length, updated: plan.update.length, unchanged: plan.unchanged.length };
    },
  };
}
