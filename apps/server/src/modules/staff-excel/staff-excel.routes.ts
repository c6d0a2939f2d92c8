import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '@bo/shared/permissions';
import { batchPatchBody, idParam, idsBody, patchBody, rowIdParam } from '@bo/shared/list';
import { VALIDATION_KEYS } from '@bo/shared/messages';
import { staffDisplayName } from '@bo/shared/schemas/staff';
import { todayInTaipei } from '@bo/shared/dates';
import {
  STAFF_EXCEL_PATCHABLE, exportMergeBody, exportSplitBody, sheetGrid, staffExcelListQuery, staffExcelListResponse,
  staffExcelSchema, staffExcelUpdateInput, type StaffExcelLayout,
} from '@bo/shared/schemas/staff-excel';
import type { Trx } from '../../db/database.ts';
import { writeAudit } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import { findStaffRow, staffIdsMatching } from '../staff/staff.repository.ts';
import { contentDisposition, storageKey } from '../staff/staff.uploads.ts';
import { findStaffExcel, listStaffExcels, toStaffExcel } from './staff-excel.repository.ts';
import { exportInput, validateCells } from './staff-excel.service.ts';
import { RenderPool } from './staff-excel.pool.ts';
import { streamToBuffer } from './stream-to-buffer.ts';
import { loadAllOr404 } from '../../lib/load-all.ts';
import { parsePatch } from '../../lib/patch-fields.ts';
import { removeObjects } from '../../lib/storage/remove-objects.ts';
import { readUpload } from '../../lib/uploads/multipart.ts';
import { storeThenRecord } from '../../lib/uploads/store-then-record.ts';

const base = '/api/admin/organization/staff-excel';
const ok = z.object({ message: z.string() });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MAX_EXPORT_STAFF = 10_000;

const parseJsonField = (v: string | undefined, field: string) => {
  if (v === undefined || v === '') return undefined;
  try { return JSON.parse(v); } catch { throw badRequest({ [field]: [VALIDATION_KEYS.invalid] }); }
};

const zodErrors = (issues: z.core.$ZodIssue[]) => {
  const errors: Record<string, string[]> = {};
  for (const i of issues) {
    const key = i.path.join('.') || '_';
    const msg = i.message.startsWith('validate.') ? i.message
      : i.code === 'too_small' || (i.code === 'invalid_type' && /undefined/.test(i.message)) ? VALIDATION_KEYS.required : VALIDATION_KEYS.invalid;
    (errors[key] ??= []).push(msg);
  }
  return errors;
};

export async function staffExcelRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff-excel'];
  const read = { roles: ROLES.staffRead, organization: true } as const;
  const write = { roles: ROLES.staffWrite, organization: true } as const;
  const pool = new RenderPool();
  app.addHook('onClose', async () => pool.close());

  const checkedTemplate = async (buffer: Buffer) => {
    try {
      return await pool.inspect(buffer);
    } catch {
      throw badRequest({ file: ['validate.error.xlsx_incorrect'] });
    }
  };

  app.get(`${base}/index`, {
    schema: { tags, querystring: staffExcelListQuery, response: { 200: staffExcelListResponse } },
    config: read,
  }, (req) => listStaffExcels(app.db, req.organizationId, req.query));

  app.get(`${base}/:id`, {
    schema: { tags, params: idParam, response: { 200: staffExcelSchema } },
    config: read,
  }, async (req) => toStaffExcel(await findStaffExcel(app.db, req.organizationId, req.params.id)));

  app.get(`${base}/:id/sheet`, {
    schema: { tags, params: idParam, response: { 200: sheetGrid } },
    config: read,
  }, async (req) => {
    const row = await findStaffExcel(app.db, req.organizationId, req.params.id);
    return pool.grid(await streamToBuffer(await app.storage.get(row.file_key)));
  });

  app.get(`${base}/:id/file`, {
    schema: { tags, params: idParam },
    config: read,
  }, async (req, reply) => {
    const row = await findStaffExcel(app.db, req.organizationId, req.params.id);
    reply.header('content-type', XLSX).header('content-disposition', contentDisposition('attachment', row.file_name)).header('cache-control', 'private, no-store');
    return reply.send(await app.storage.get(row.file_key));
  });

  /** Multipart: `file` (.xlsx) with `name`, `layout`, optional `start_row` and `cells` (JSON). */
  app.post(base, {
    schema: { tags, consumes: ['multipart/form-data'], response: { 200: staffExcelSchema } },
    config: write,
  }, async (req) => {
    const orgId = req.organizationId;
    const upload = await readUpload(req, app.config.uploadMaxBytes);
    const parsed = staffExcelUpdateInput.safeParse({
      name: upload.fields.name ?? upload.filename.replace(/\.xlsx$/i, ''),
      layout: upload.fields.layout,
      start_row: upload.fields.start_row ? Number(upload.fields.start_row) : undefined,
      cells: parseJsonField(upload.fields.cells, 'cells') ?? [],
    });
    if (!parsed.success) throw badRequest(zodErrors(parsed.error.issues));
    const info = await checkedTemplate(upload.buffer);
    await validateCells(app.db, orgId, parsed.data.layout, parsed.data.start_row, parsed.data.cells);
    const key = storageKey('templates', orgId, 'xlsx');
    return storeThenRecord(app.storage, req.log, [{ key, body: upload.buffer, contentType: XLSX }], () =>
      req.inTransaction(async ({ trx, audit }) => {
        const t = new Date().toISOString();
        const row = await trx.insertInto('staff_excels').values({
          organization_id: orgId, name: parsed.data.name, layout: parsed.data.layout, start_row: parsed.data.start_row,
          cells: JSON.stringify(parsed.data.cells), file_key: key, file_name: upload.filename,
          file_size: upload.buffer.length, sheet_name: info.sheetName, created_at: t, updated_at: t,
        }).returningAll().executeTakeFirstOrThrow();
        const out = toStaffExcel(row);
        await audit({ action: 'create', target_type: 'staff_excel', target_id: row.id, after: out });
        return out;
      }));
  });

  /** Replaces the template file, keeping the mapping. */
  app.post(`${base}/:id/file`, {
    schema: { tags, params: idParam, consumes: ['multipart/form-data'], response: { 200: staffExcelSchema } },
    config: write,
  }, async (req) => {
    const orgId = req.organizationId;
    await findStaffExcel(app.db, orgId, req.params.id);
    const upload = await readUpload(req, app.config.uploadMaxBytes);
    const info = await checkedTemplate(upload.buffer);
    const key = storageKey('templates', orgId, 'xlsx');
    const { out, old } = await storeThenRecord(app.storage, req.log, [{ key, body: upload.buffer, contentType: XLSX }], () =>
      req.inTransaction(async ({ trx, audit }) => {
        const before = await findStaffExcel(trx, orgId, req.params.id);
        const row = await trx.updateTable('staff_excels').set({
          file_key: key, file_name: upload.filename, file_size: upload.buffer.length, sheet_name: info.sheetName, updated_at: new Date().toISOString(),
        }).where('id', '=', before.id).returningAll().executeTakeFirstOrThrow();
        await audit({ action: 'replace_file', target_type: 'staff_excel', target_id: before.id, before: { file_name: before.file_name }, after: { file_name: row.file_name } });
        return { out: toStaffExcel(row), old: before.file_key };
      }));
    if (old) await removeObjects(app.storage, [old], req.log);
    return out;
  });

  app.put(`${base}/:id`, {
    schema: { tags, params: idParam, body: staffExcelUpdateInput, response: { 200: staffExcelSchema } },
    config: write,
  }, (req) => req.inOrganization(async ({ trx, organizationId, audit }) => {
    const before = await findStaffExcel(trx, organizationId, req.params.id);
    await validateCells(trx, organizationId, req.body.layout, req.body.start_row, req.body.cells);
    const row = await trx.updateTable('staff_excels').set({
      name: req.body.name, layout: req.body.layout, start_row: req.body.start_row, cells: JSON.stringify(req.body.cells), updated_at: new Date().toISOString(),
    }).where('id', '=', before.id).returningAll().executeTakeFirstOrThrow();
    const after = toStaffExcel(row);
    await audit({ action: 'update', target_type: 'staff_excel', target_id: before.id, before: toStaffExcel(before), after });
    return after;
  }));

  const patchValue = (body: { field: string; value: unknown }) =>
    parsePatch(STAFF_EXCEL_PATCHABLE, staffExcelUpdateInput.shape, body).value as string | number;

  const applyPatch = async (trx: Trx, orgId: number, id: number, field: string, value: string | number) => {
    const before = await findStaffExcel(trx, orgId, id);
    const next = { layout: before.layout as StaffExcelLayout, start_row: before.start_row, [field]: value } as { layout: StaffExcelLayout; start_row: number };
    await validateCells(trx, orgId, next.layout, next.start_row, JSON.parse(before.cells));
    const row = await trx.updateTable('staff_excels').set({ [field]: value, updated_at: new Date().toISOString() })
      .where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    return { before, row };
  };

  app.patch(`${base}/batch`, {
    schema: { tags, body: batchPatchBody, response: { 200: ok } },
    config: write,
  }, (r) => r.inOrganization(async ({ trx, organizationId, audit }) => {
    const value = patchValue(r.body);
    for (const id of [...new Set(r.body.ids)]) {
      const { before, row } = await applyPatch(trx, organizationId, id, r.body.field, value);
      await audit({ action: 'patch', target_type: 'staff_excel', target_id: id, before: { [r.body.field]: (before as any)[r.body.field] }, after: { [r.body.field]: (row as any)[r.body.field] } });
    }
    return { message: 'OK' };
  }));

  app.patch(`${base}/:id`, {
    schema: { tags, params: idParam, body: patchBody, response: { 200: staffExcelSchema } },
    config: write,
  }, (r) => r.inOrganization(async ({ trx, organizationId, audit }) => {
    const value = patchValue(r.body);
    const { before, row } = await applyPatch(trx, organizationId, r.params.id, r.body.field, value);
    await audit({ action: 'patch', target_type: 'staff_excel', target_id: row.id, before: { [r.body.field]: (before as any)[r.body.field] }, after: { [r.body.field]: (row as any)[r.body.field] } });
    return toStaffExcel(row);
  }));

  const remove = async (r: import('fastify').FastifyRequest, ids: number[]) => {
    const keys = await r.inOrganization(async ({ trx, organizationId, audit }) => {
      const rows = await loadAllOr404(ids, (unique) =>
        trx.selectFrom('staff_excels').selectAll().where('organization_id', '=', organizationId).where('id', 'in', unique).execute());
      await trx.deleteFrom('staff_excels').where('organization_id', '=', organizationId).where('id', 'in', rows.map((row) => row.id)).execute();
      for (const row of rows) await audit({ action: 'delete', target_type: 'staff_excel', target_id: row.id, before: toStaffExcel(row) });
      return rows.map((row) => row.file_key);
    });
    await removeObjects(app.storage, keys, app.log);
    return { message: 'OK' };
  };

  app.delete(`${base}/batch`, {
    schema: { tags, body: idsBody, response: { 200: ok } },
    config: write,
  }, (r) => remove(r, r.body.ids));

  app.delete(`${base}/:id`, {
    schema: { tags, params: idParam, response: { 200: ok } },
    config: write,
  }, (r) => remove(r, [r.params.id]));

  // Exports are reads of personal data: staff readers may export, and each export is audited.
  app.post(`${base}/export-merge/:id`, {
    schema: { tags, params: idParam, body: exportMergeBody },
    config: read,
  }, async (r, reply) => {
    const orgId = r.organizationId;
    const template = await findStaffExcel(app.db, orgId, r.params.id);
    let ids = r.body.staff_ids;
    if (!ids) {
      if (!r.body.filter) throw badRequest({ staff_ids: [VALIDATION_KEYS.required] });
      ids = await staffIdsMatching(app.db, orgId, r.body.filter as any, MAX_EXPORT_STAFF + 1);
      if (ids.length > MAX_EXPORT_STAFF) throw badRequest({ staff_ids: ['validate.error.too_many'] });
    }
    if (!ids.length) throw badRequest({ staff_ids: [VALIDATION_KEYS.required] });
    const { input, rows } = await exportInput(app, orgId, template, ids, r.body.options.export_date);
    const bytes = await pool.render(input);
    // Audit who was exported: a repeated id is one staff, one sheet or row.
    const exported = rows.map((s) => s.id);
    await writeAudit(app.db, r.auditWho(), { action: 'export', target_type: 'staff_excel', target_id: template.id, after: { mode: 'merge', staff_count: exported.length, staff_ids: exported.slice(0, 100) } });
    const name = r.body.options.file_name || `${template.name}-${(r.body.options.export_date ?? todayInTaipei()).replaceAll('-', '')}`;
    return reply.header('content-type', XLSX).header('content-disposition', contentDisposition('attachment', `${name}.xlsx`))
      .header('cache-control', 'private, no-store').send(bytes);
  });

  app.post(`${base}/export-split/:id/:staff_id`, {
    schema: { tags, params: z.object({ id: rowIdParam, staff_id: rowIdParam }), body: exportSplitBody },
    config: read,
  }, async (r, reply) => {
    const orgId = r.organizationId;
    const template = await findStaffExcel(app.db, orgId, r.params.id);
    const staff = await findStaffRow(app.db, orgId, r.params.staff_id);
    const { input } = await exportInput(app, orgId, template, [staff.id], r.body.options.export_date);
    const bytes = await pool.render(input);
    await writeAudit(app.db, r.auditWho(), { action: 'export', target_type: 'staff_excel', target_id: template.id, after: { mode: 'split', staff_count: 1, staff_ids: [staff.id] } });
    const name = r.body.options.file_name || `${template.name}-${staffDisplayName(staff)}`;
    return reply.header('content-type', XLSX).header('content-disposition', contentDisposition('attachment', `${name}.xlsx`))
      .header('cache-control', 'private, no-store').send(bytes);
  });

}
