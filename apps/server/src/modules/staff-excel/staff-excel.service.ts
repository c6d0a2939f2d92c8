import type { z } from 'zod';
import {
  CELL_RANGE,
  parseAddress,
  type CellMapping,
  type ExportStaff,
  type StaffExcel,
  type StaffExcelLayout,
  type staffExcelListQuery,
  type staffExcelUpdateInput,
} from '@bo/shared/schemas/staff-excel';
import { todayInTaipei } from '@bo/shared/dates';
import type { ReadDb } from '../../db/database.ts';
import { badRequest } from '../../lib/errors.ts';
import type { AdminReadContext, RequestContext } from '../../lib/context/request-context.ts';
import type { ResourceReads, ResourceWrites } from '../../lib/kit/resource-routes.ts';
import { owningOrganization, type Scope } from '../../lib/context/scope.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import { loadAppConfig } from '../../lib/app-config.ts';
import { knownCertificateTypeIds } from '../staff/certificate-type.repository.ts';
import { staffFieldValues } from '../staff/staff-fields.ts';
import { certificatesOf, type CertificateRow } from '../staff/staff-certificate.repository.ts';
import { staffIdsMatching, staffRows, staffRowsForExport, type StaffFilter, type StaffRow } from '../staff/staff.repository.ts';
import { keywordIndex, staffReads } from '../staff/staff.service.ts';
import { withoutStoredPersonal } from '../../lib/personal-data/sealed-columns.ts';
import type { RenderInput } from './staff-excel.render.ts';
import { listStaffExcels, organizationHeading, staffExcelRows, staffExcels, type StaffExcelRow } from './staff-excel.repository.ts';
import { streamToBuffer } from './stream-to-buffer.ts';

type Input = z.output<typeof staffExcelUpdateInput>;
type Query = z.output<typeof staffExcelListQuery>;
/** A stored template file: its key, name as uploaded, size and first sheet. */
export interface TemplateFile {
  key: string;
  name: string;
  size: number;
  sheetName: string;
}

/**
 * Checks a mapping against the cell limit of the app config (spec section 9, staffExcelMaxCellLimit)
 * and the layout: one cell mapped once, the photo in card layout only, a roster's staff cells on its start row,
 * certificate types of this organization.
 */
export async function validateCells(db: ReadDb, scope: Scope, layout: StaffExcelLayout, startRow: number, cells: CellMapping[]) {
  const { staffExcelMaxCellLimit: limit } = await loadAppConfig(db);
  if (cells.length > limit) throw badRequest({ cells: ['validate.error.too_many_cells'] }, `At most ${limit} cells can be mapped`);
  const errors: Record<string, string[]> = {};
  const seen = new Set<string>();
  const known = await knownCertificateTypeIds(db, scope, [
    ...new Set(cells.flatMap((c) => (c.type === 'certificate' ? [c.certificate_type_id] : []))),
  ]);
  let photos = 0;
  cells.forEach((c, i) => {
    const add = (field: string, key: string) => {
      const at = `cells.${i}.${field}`;
      errors[at] = [...(errors[at] ?? []), key];
    };
    if (seen.has(c.cell)) add('cell', 'validate.error.cell_mapped_twice');
    seen.add(c.cell);
    const { row } = parseAddress(c.cell);
    if (c.type === 'certificate' && !known.has(c.certificate_type_id)) add('certificate_type_id', 'validate.error.invalid');
    if (c.type === 'photo') {
      photos++;
      if (layout !== 'card') add('type', 'validate.error.photo_card_only');
      if (photos > 1) add('type', 'validate.error.one_photo_only');
      const m = CELL_RANGE.exec(c.range);
      if (m && m[1] !== c.cell) add('range', 'validate.error.cell_range_incorrect');
      if (m) {
        const a = parseAddress(m[1]!);
        const b = parseAddress(m[2]!);
        if (b.row < a.row || b.col < a.col) add('range', 'validate.error.cell_range_incorrect');
      }
    }
    if (layout === 'roster' && c.type !== 'fixed' && row !== startRow) add('cell', 'validate.error.roster_start_row');
  });
  if (Object.keys(errors).length) throw badRequest(errors);
}

/** A staff as an export sees it: the staff fields (one list, staff-fields.ts) and certificates. */
export const toExportStaff = (row: StaffRow, certs: CertificateRow[]): ExportStaff => ({
  // Masked (A12****789, 「已記錄」): `national_id_full` too, until an export is revealed on purpose.
  ...staffFieldValues(withoutStoredPersonal('staff', row)),
  // Only the current certificate of each type is exported (a superseded one is history).
  certificates: certs
    .filter((c) => !c.superseded)
    .map((c) => ({
      certificate_type_id: c.certificate_type_id,
      number: c.number,
      issued_at: c.issued_at,
      expires_at: c.expires_at,
    })),
});

export interface StaffExcelReads extends ResourceReads<StaffExcel, Query> {
  /** The stored template (with its file's key), or 404. */
  row(id: number): Promise<StaffExcelRow>;
  checkCells(input: Pick<Input, 'layout' | 'start_row' | 'cells'>): Promise<void>;
  /** A staff of the scope, or 404 (the staff of a split export). */
  staff(id: number): Promise<StaffRow>;
  /** Staff ids of the scope matching a staff list filter (export of "all matching"), at most `max`. */
  staffIdsMatching(filter: StaffFilter, max: number): Promise<number[]>;
  exportInput(
    storage: Storage,
    template: StaffExcelRow,
    staffIds: number[],
    exportDate?: string,
  ): Promise<{ input: RenderInput; rows: StaffRow[] }>;
}

export interface StaffExcelService extends ResourceWrites<StaffExcel, Input> {
  /** A new template with its (already stored) file; audited as created. */
  createWithFile(input: Input, file: TemplateFile): Promise<StaffExcel>;
  /** Another file for a template, keeping the mapping; the old file goes after commit. */
  replaceFile(id: number, file: TemplateFile): Promise<StaffExcel>;
}

/** Staff spreadsheet templates of the context's organization, and what their exports read. */
export function staffExcelReads(ctx: AdminReadContext): StaffExcelReads {
  const { db, scope } = ctx;
  return {
    list: (q) => listStaffExcels(db, scope, q),
    find: (ids) => staffExcels.find(db, scope, ids),
    row: (id) => staffExcelRows.findOr404(db, scope, id),
    checkCells: (i) => validateCells(db, scope, i.layout, i.start_row, i.cells),
    staff: (id) => staffRows.findOr404(db, scope, id),
    staffIdsMatching: async (filter, max) => staffIdsMatching(db, scope, await keywordIndex(ctx, filter), max),

    /** Everything the renderer needs for these staff of the scope (any id outside it is 404). */
    async exportInput(storage, template, staffIds, exportDate) {
      const rows = await staffRowsForExport(db, scope, staffIds);
      const byStaff = new Map<number, CertificateRow[]>();
      for (const c of await certificatesOf(
        db,
        rows.map((r) => r.id),
      ))
        byStaff.set(c.staff_id, [...(byStaff.get(c.staff_id) ?? []), c]);
      const org = await organizationHeading(db, owningOrganization(scope)!);
      const cells = JSON.parse(template.cells) as CellMapping[];
      let photos: (Uint8Array | null)[] | undefined;
      if (template.layout === 'card' && cells.some((c) => c.type === 'photo')) {
        photos = [];
        const staff = staffReads(ctx);
        for (const r of rows) {
          const key = await staff.photoKey(r);
          photos.push(key && (await storage.exists(key)) ? await streamToBuffer(await storage.get(key)) : null);
        }
      }
      return {
        rows,
        input: {
          template: await streamToBuffer(await storage.get(template.file_key)),
          layout: template.layout as StaffExcelLayout,
          start_row: template.start_row,
          cells,
          staff: rows.map((r) => toExportStaff(r, byStaff.get(r.id) ?? [])),
          photos,
          context: { organization_name: org.name, organization_company_id: org.company_id, export_date: exportDate ?? todayInTaipei() },
        },
      };
    },
  };
}

/** Changes to the templates: a new one with its file, its mapping, another file, deletes. */
export function staffExcelService(ctx: RequestContext): StaffExcelService {
  const { db, scope } = ctx;
  const { checkCells } = staffExcelReads(ctx);
  const fileColumns = (f: TemplateFile) => ({ file_key: f.key, file_name: f.name, file_size: f.size, sheet_name: f.sheetName });

  return {
    async createWithFile(input, file) {
      const id = await staffExcels.insert(db, scope, {
        name: input.name,
        layout: input.layout,
        start_row: input.start_row,
        cells: JSON.stringify(input.cells),
        ...fileColumns(file),
      });
      const after = await staffExcels.findOr404(db, scope, id);
      await ctx.audit({ action: 'create', target_type: 'staff_excel', target_id: id, after });
      return after;
    },

    async update(before, input) {
      await checkCells(input);
      await staffExcels.update(db, scope, before.id, {
        name: input.name,
        layout: input.layout,
        start_row: input.start_row,
        cells: JSON.stringify(input.cells),
      });
      return staffExcels.findOr404(db, scope, before.id);
    },

    async patch(before, { field, value }) {
      await checkCells({ ...before, [field]: value });
      await staffExcels.update(db, scope, before.id, { [field]: value });
      return staffExcels.findOr404(db, scope, before.id);
    },

    async remove(rows) {
      const ids = rows.map((r) => r.id);
      ctx.dropAfterCommit((await staffExcelRows.find(db, scope, ids)).map((r) => r.file_key));
      await staffExcels.remove(db, scope, ids);
    },

    async replaceFile(id, file) {
      const before = await staffExcelRows.findOr404(db, scope, id);
      await staffExcels.update(db, scope, id, fileColumns(file));
      ctx.dropAfterCommit([before.file_key]);
      await ctx.audit({
        action: 'replace_file',
        target_type: 'staff_excel',
        target_id: id,
        before: { file_name: before.file_name },
        after: { file_name: file.name },
      });
      return staffExcels.findOr404(db, scope, id);
    },
  };
}
