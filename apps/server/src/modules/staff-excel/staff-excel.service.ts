import { streamToBuffer } from './stream-to-buffer.ts';
import type { FastifyInstance } from 'fastify';
import { parseAddress, CELL_RANGE, type CellMapping, type ExportStaff, type StaffExcelLayout } from '@bo/shared/schemas/staff-excel';
import { todayInTaipei } from '@bo/shared/dates';
import type { DbOrTrx } from '../../db/database.ts';
import { badRequest } from '../../lib/errors.ts';
import { loadAppConfig } from '../settings/app-config.repository.ts';
import { certificatesOf, staffRowsForExport, type StaffRow } from '../staff/staff.repository.ts';
import { libraryPhotoKey } from '../staff/staff.service.ts';
import type { StaffExcelRow } from './staff-excel.repository.ts';
import type { RenderInput } from './staff-excel.render.ts';

/**
 * Checks a mapping against the cell limit of the app config (spec section 9, staffExcelMaxCellLimit)
 * and the layout: one cell mapped once, the photo in card layout only, a roster's staff cells on its start row,
 * certificate types of this organization.
 */
export async function validateCells(db: DbOrTrx, organizationId: number, layout: StaffExcelLayout, startRow: number, cells: CellMapping[]) {
  const { staffExcelMaxCellLimit: limit } = await loadAppConfig(db);
  if (cells.length > limit) throw badRequest({ cells: ['validate.error.too_many_cells'] }, `At most ${limit} cells can be mapped`);
  const errors: Record<string, string[]> = {};
  const seen = new Set<string>();
  const typeIds = [...new Set(cells.flatMap((c) => (c.type === 'certificate' ? [c.certificate_type_id] : [])))];
  const known = new Set(typeIds.length
    ? (await db.selectFrom('certificate_types').select('id').where('organization_id', '=', organizationId).where('id', 'in', typeIds).execute()).map((r) => r.id)
    : []);
  let photos = 0;
  cells.forEach((c, i) => {
    const add = (field: string, key: string) => { (errors[`cells.${i}.${field}`] ??= []).push(key); };
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
        const a = parseAddress(m[1]!); const b = parseAddress(m[2]!);
        if (b.row < a.row || b.col < a.col) add('range', 'validate.error.cell_range_incorrect');
      }
    }
    if (layout === 'roster' && c.type !== 'fixed' && row !== startRow) add('cell', 'validate.error.roster_start_row');
  });
  if (Object.keys(errors).length) throw badRequest(errors);
}

export function toExportStaff(row: StaffRow, certs: Awaited<ReturnType<typeof certificatesOf>>): ExportStaff {
  return {
    name: row.name, nickname: row.nickname, national_id: row.national_id, birthday: row.birthday, gender: row.gender,
    mobile: row.mobile, email: row.email, address: row.address, emergency_contact: row.emergency_contact,
    emergency_phone: row.emergency_phone, blood_type: row.blood_type, job_title: row.job_title, hire_date: row.hire_date,
    notes: row.notes, status: row.status,
    certificates: certs.map((c) => ({ certificate_type_id: c.certificate_type_id, number: c.number, issued_at: c.issued_at, expires_at: c.expires_at })),
  };
}

/** Everything the renderer needs for these staff of the organization (any id outside it is 404). */
export async function exportInput(app: FastifyInstance, organizationId: number, template: StaffExcelRow, staffIds: number[], exportDate?: string): Promise<{ input: RenderInput; rows: StaffRow[] }> {
  const rows = await staffRowsForExport(app.db, organizationId, staffIds);
  const certs = await certificatesOf(app.db, organizationId, rows.map((r) => r.id));
  const byStaff = new Map<number, typeof certs>();
  for (const c of certs) {
    if (!byStaff.has(c.staff_id)) byStaff.set(c.staff_id, []);
    byStaff.get(c.staff_id)!.push(c);
  }
  const org = await app.db.selectFrom('organizations').select(['name', 'company_id']).where('id', '=', organizationId).executeTakeFirstOrThrow();
  const cells = JSON.parse(template.cells) as CellMapping[];
  const wantsPhoto = template.layout === 'card' && cells.some((c) => c.type === 'photo');
  let photos: (Uint8Array | null)[] | undefined;
  if (wantsPhoto) {
    photos = [];
    for (const r of rows) {
      const key = r.photo_key ?? (r.photo_id ? await libraryPhotoKey(app.db, organizationId, r.photo_id) : null);
      photos.push(key && (await app.storage.exists(key)) ? await streamToBuffer(await app.storage.get(key)) : null);
    }
  }
  const template_ = await streamToBuffer(await app.storage.get(template.file_key));
  return {
    rows,
    input: {
      template: template_, layout: template.layout as StaffExcelLayout, start_row: template.start_row, cells,
      staff: rows.map((r) => toExportStaff(r, byStaff.get(r.id) ?? [])), photos,
      context: { organization_name: org.name, organization_company_id: org.company_id, export_date: exportDate ?? todayInTaipei() },
    },
  };
}
