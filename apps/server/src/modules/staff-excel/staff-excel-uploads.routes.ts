import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ROLES } from '@bo/shared/permissions';
import { idParam } from '@bo/shared/list';
import { VALIDATION_KEYS } from '@bo/shared/messages';
import { staffExcelSchema, staffExcelUpdateInput } from '@bo/shared/schemas/staff-excel';
import { badRequest } from '../../lib/errors.ts';
import { readUpload } from '../../lib/uploads/multipart.ts';
import { storeThenRecord } from '../../lib/uploads/store-then-record.ts';
import { organizationObjectKey } from '../../lib/media/object-key.ts';
import type { RenderPool } from './staff-excel.pool.ts';
import { STAFF_EXCEL_BASE as base, XLSX } from './staff-excel.routes.ts';
import { staffExcelReads, staffExcelService } from './staff-excel.service.ts';

const parseJsonField = (v: string | undefined, field: string) => {
  if (v === undefined || v === '') return undefined;
  try {
    return JSON.parse(v);
  } catch {
    throw badRequest({ [field]: [VALIDATION_KEYS.invalid] });
  }
};

const zodErrors = (issues: z.core.$ZodIssue[]) => {
  const errors: Record<string, string[]> = {};
  for (const i of issues) {
    const key = i.path.join('.') || '_';
    const msg = i.message.startsWith('validate.')
      ? i.message
      : i.code === 'too_small' || (i.code === 'invalid_type' && /undefined/.test(i.message))
        ? VALIDATION_KEYS.required
        : VALIDATION_KEYS.invalid;
    errors[key] = [...(errors[key] ?? []), msg];
  }
  return errors;
};

/** A template is created with its .xlsx file (multipart), and its file can be replaced keeping the mapping. */
export function staffExcelUploadRoutes(pool: RenderPool) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['staff-excel'];
    const write = { roles: ROLES.staffWrite, organization: true } as const;

    const checkedTemplate = async (buffer: Buffer) => {
      try {
        return await pool.inspect(buffer);
      } catch {
        throw badRequest({ file: ['validate.error.xlsx_incorrect'] });
      }
    };

    /** Multipart: `file` (.xlsx) with `name`, `layout`, optional `start_row` and `cells` (JSON). */
    app.post(
      base,
      {
        schema: { tags, consumes: ['multipart/form-data'], response: { 200: staffExcelSchema } },
        config: { ...write, version: 'create' },
      },
      async (req) => {
        const upload = await readUpload(req, app.config.uploadMaxBytes);
        const parsed = staffExcelUpdateInput.safeParse({
          name: upload.fields.name ?? upload.filename.replace(/\.xlsx$/i, ''),
          layout: upload.fields.layout,
          start_row: upload.fields.start_row ? Number(upload.fields.start_row) : undefined,
          cells: parseJsonField(upload.fields.cells, 'cells') ?? [],
        });
        if (!parsed.success) throw badRequest(zodErrors(parsed.error.issues));
        const info = await checkedTemplate(upload.buffer);
        await staffExcelReads(req.read('organization')).checkCells(parsed.data);
        const key = organizationObjectKey('staff', req.organizationId, 'templates', 'xlsx');
        const file = { key, name: upload.filename, size: upload.buffer.length, sheetName: info.sheetName };
        return storeThenRecord(app.storage, req.log, [{ key, body: upload.buffer, contentType: XLSX }], () =>
          req.write('organization', (ctx) => staffExcelService(ctx).createWithFile(parsed.data, file)),
        );
      },
    );

    app.post(
      `${base}/:id/file`,
      {
        schema: { tags, params: idParam, consumes: ['multipart/form-data'], response: { 200: staffExcelSchema } },
        config: {
          ...write,
          version: {
            unversioned: 'an upload: a new workbook file in place of the old (audited replace_file); the record form is versioned',
          },
        },
      },
      async (req) => {
        await staffExcelReads(req.read('organization')).row(req.params.id);
        const upload = await readUpload(req, app.config.uploadMaxBytes);
        const info = await checkedTemplate(upload.buffer);
        const key = organizationObjectKey('staff', req.organizationId, 'templates', 'xlsx');
        const file = { key, name: upload.filename, size: upload.buffer.length, sheetName: info.sheetName };
        return storeThenRecord(app.storage, req.log, [{ key, body: upload.buffer, contentType: XLSX }], () =>
          req.write('organization', (ctx) => staffExcelService(ctx).replaceFile(req.params.id, file)),
        );
      },
    );
  };
}
