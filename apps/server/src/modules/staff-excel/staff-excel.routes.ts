import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '@bo/shared/permissions';
import { idParam, rowIdParam } from '@bo/shared/list';
import { VALIDATION_KEYS } from '@bo/shared/messages';
import { staffDisplayName } from '@bo/shared/schemas/staff';
import { todayInTaipei } from '@bo/shared/dates';
import {
  STAFF_EXCEL_PATCHABLE,
  exportMergeBody,
  exportSplitBody,
  sheetGrid,
  staffExcelListQuery,
  staffExcelSchema,
  staffExcelUpdateInput,
} from '@bo/shared/schemas/staff-excel';
import { badRequest } from '../../lib/errors.ts';
import type { RevealReason, RevealableStaffField } from '@bo/shared/schemas/personal-data-reveal';
import type { OrganizationReadContext } from '../../lib/context/request-context.ts';
import { requireRevealRight } from '../../lib/identity/reveal-right.ts';
import { resourceRoutes } from '../../lib/kit/resource-routes.ts';
import { contentDisposition } from '../../lib/media/content-disposition.ts';
import type { RenderPool } from './staff-excel.pool.ts';
import { staffExcelReads, staffExcelService } from './staff-excel.service.ts';
import { streamToBuffer } from './stream-to-buffer.ts';

export const STAFF_EXCEL_BASE = '/api/admin/organization/staff-excel';
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const base = STAFF_EXCEL_BASE;
const tags = ['staff-excel'];
const MAX_EXPORT_STAFF = 10_000;

/** Templates of the request's organization: index, read, update, patch, batch patch, delete and batch delete (create uploads a file). */
export const staffExcelResourceRoutes = resourceRoutes({
  path: base,
  tags,
  target: 'staff_excel',
  organization: true,
  roles: { read: ROLES.staffRead, write: ROLES.staffWrite },
  schemas: { view: staffExcelSchema, input: staffExcelUpdateInput, listQuery: staffExcelListQuery },
  patch: { fields: STAFF_EXCEL_PATCHABLE, rules: staffExcelUpdateInput.shape },
  without: ['create'],
  reads: staffExcelReads,
  service: staffExcelService,
});

type UnmaskedRequest = { unmasked?: RevealableStaffField[]; reason_code?: RevealReason; reason_text?: string };

/** The fields an export shows in plain (issue 37): none, or those asked for by a holder of the reveal right (403 otherwise). */
async function unmaskedFields(ctx: OrganizationReadContext, body: UnmaskedRequest): Promise<RevealableStaffField[]> {
  const fields = [...new Set(body.unmasked ?? [])];
  if (fields.length) await requireRevealRight(ctx.db, ctx.principal);
  return fields;
}

/** What the export's audit entry says of them: which fields left unmasked, and why. */
const unmaskedRecord = (body: UnmaskedRequest, fields: RevealableStaffField[]) =>
  fields.length ? { unmasked: fields, reason_code: body.reason_code, ...(body.reason_text ? { reason_text: body.reason_text } : {}) } : {};

/** The template's file and sheet, and the exports (merged, or one staff's). */
export function staffExcelRoutes(pool: RenderPool) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const read = { roles: ROLES.staffRead, organization: true } as const;

    app.get(
      `${base}/:id/sheet`,
      {
        schema: { tags, params: idParam, response: { 200: sheetGrid } },
        config: read,
      },
      async (req) => {
        const row = await staffExcelReads(req.read('organization')).row(req.params.id);
        return pool.grid(await streamToBuffer(await app.storage.get(row.file_key)));
      },
    );

    app.get(
      `${base}/:id/file`,
      {
        schema: { tags, params: idParam },
        config: read,
      },
      async (req, reply) => {
        const row = await staffExcelReads(req.read('organization')).row(req.params.id);
        reply
          .header('content-type', XLSX)
          .header('content-disposition', contentDisposition('attachment', row.file_name))
          .header('cache-control', 'private, no-store');
        return reply.send(await app.storage.get(row.file_key));
      },
    );

    // Exports are reads of personal data: staff readers may export, and each export is audited.
    app.post(
      `${base}/export-merge/:id`,
      {
        schema: { tags, params: idParam, body: exportMergeBody },
        config: { ...read, version: { unversioned: 'an export: builds a workbook, changes no record' } },
      },
      async (req, reply) => {
        const reading = req.read('organization');
        const unmasked = await unmaskedFields(reading, req.body);
        const excels = staffExcelReads(reading);
        const template = await excels.row(req.params.id);
        let ids = req.body.staff_ids;
        if (!ids) {
          if (!req.body.filter) throw badRequest({ staff_ids: [VALIDATION_KEYS.required] });
          ids = await excels.staffIdsMatching(req.body.filter, MAX_EXPORT_STAFF + 1);
          if (ids.length > MAX_EXPORT_STAFF) throw badRequest({ staff_ids: ['validate.error.too_many'] });
        }
        if (!ids.length) throw badRequest({ staff_ids: [VALIDATION_KEYS.required] });
        const staffIds = ids;
        // Recorded, so an export its process was killed in leaves a run the export screen reports (lib/work-runs/).
        const bytes = await app.workRuns.track(
          (fn) => req.write('organization', fn),
          'staff_export',
          { file_name: template.name },
          async (run) => {
            const { input, rows } = await excels.exportInput(app.storage, template, staffIds, req.body.options.export_date, unmasked);
            const bytes = await pool.render(input);
            await run.checkpoint();
            // Audit who was exported: a repeated id is one staff, one sheet or row.
            const exported = rows.map((s) => s.id);
            await req.write('organization', async (ctx) => {
              await ctx.audit({
                action: 'export',
                target_type: 'staff_excel',
                target_id: template.id,
                after: {
                  mode: 'merge',
                  staff_count: exported.length,
                  staff_ids: exported.slice(0, 100),
                  ...unmaskedRecord(req.body, unmasked),
                },
              });
              await run.finish(ctx);
            });
            return bytes;
          },
        );
        const name =
          req.body.options.file_name || `${template.name}-${(req.body.options.export_date ?? todayInTaipei()).replaceAll('-', '')}`;
        return reply
          .header('content-type', XLSX)
          .header('content-disposition', contentDisposition('attachment', `${name}.xlsx`))
          .header('cache-control', 'private, no-store')
          .send(bytes);
      },
    );

    app.post(
      `${base}/export-split/:id/:staff_id`,
      {
        schema: { tags, params: z.object({ id: rowIdParam, staff_id: rowIdParam }), body: exportSplitBody },
        config: { ...read, version: { unversioned: 'an export: builds a workbook, changes no record' } },
      },
      async (req, reply) => {
        const reading = req.read('organization');
        const unmasked = await unmaskedFields(reading, req.body);
        const excels = staffExcelReads(reading);
        const template = await excels.row(req.params.id);
        const staff = await excels.staff(req.params.staff_id);
        const bytes = await app.workRuns.track(
          (fn) => req.write('organization', fn),
          'staff_export',
          { file_name: template.name },
          async (run) => {
            const { input } = await excels.exportInput(app.storage, template, [staff.id], req.body.options.export_date, unmasked);
            const bytes = await pool.render(input);
            await run.checkpoint();
            await req.write('organization', async (ctx) => {
              await ctx.audit({
                action: 'export',
                target_type: 'staff_excel',
                target_id: template.id,
                after: { mode: 'split', staff_count: 1, staff_ids: [staff.id], ...unmaskedRecord(req.body, unmasked) },
              });
              await run.finish(ctx);
            });
            return bytes;
          },
        );
        const name = req.body.options.file_name || `${template.name}-${staffDisplayName(staff)}`;
        return reply
          .header('content-type', XLSX)
          .header('content-disposition', contentDisposition('attachment', `${name}.xlsx`))
          .header('cache-control', 'private, no-store')
          .send(bytes);
      },
    );
  };
}
