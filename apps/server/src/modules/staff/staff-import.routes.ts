import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROLES } from '@bo/shared/permissions';
import {
  IMPORT_KEYS, STAFF_IMPORT_MAX_BYTES, STAFF_IMPORT_VALID_SAMPLE, staffImportPreview, staffImportResult, toSavedMapping,
} from '@bo/shared/schemas/staff-import';
import { badRequest, conflict } from '../../lib/errors.ts';
import { readUpload } from '../../lib/uploads/multipart.ts';
import { ImportWorker } from './staff-import.pool.ts';
import { findImportMapping, insertImportedStaff, saveImportMapping, staffByNationalId } from './staff-import.repository.ts';
import {
  YIELD_EVERY, buildErrorWorkbook, checkRoster, columnsWithSamples, importOptions, mappedFields, nationalIdsOf, readRosterUpload, resolveMapping, yieldToEventLoop,
} from './staff-import.service.ts';

const base = '/api/admin/organization/staff/import';

/**
 * Staff import from an .xlsx roster (docs/staff.md, "Import"). Stateless: the browser sends the
 * roster with each step (preview, then import), so nothing of it is kept on the server; the error
 * workbook comes back in the import's answer.
 */
export async function staffImportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];
  const write = { roles: ROLES.staffWrite, organization: true } as const;
  const worker = new ImportWorker();
  app.addHook('onClose', async () => worker.close());

  /** The upload, its options and its roster, with the mapping to use. */
  const load = async (req: FastifyRequest) => {
    const upload = await readUpload(req, STAFF_IMPORT_MAX_BYTES);
    const o = importOptions(upload.fields, req.headers['accept-language']);
    const roster = await readRosterUpload(worker, upload.buffer, o);
    const saved = o.mapping ? null : await findImportMapping(app.db, req.organizationId);
    const { mapping, source } = resolveMapping(roster, o.mapping, saved?.mapping ?? null);
    return { upload, o, roster, mapping, source };
  };

  /** Multipart: `file` (.xlsx) with optional `sheet`, `header_row`, `mapping` (JSON {field: column}) and `lang`. */
  app.post(`${base}/preview`, {
    schema: { tags, consumes: ['multipart/form-data'], response: { 200: staffImportPreview } },
    config: write,
  }, async (req) => {
    const { upload, roster, mapping, source } = await load(req);
    const existing = await staffByNationalId(app.db, req.organizationId, nationalIdsOf(roster, mapping));
    const { valid, invalid } = await checkRoster(roster, mapping, existing);
    return {
      file_name: upload.filename, sheets: roster.sheets, sheet: roster.sheet, header_row: roster.headerRow,
      columns: columnsWithSamples(roster), mapping, mapping_source: source,
      total: roster.rows.length, valid_count: valid.length, invalid_count: invalid.length,
      invalid_rows: invalid, valid_rows: valid.slice(0, STAFF_IMPORT_VALID_SAMPLE).map(({ row, values }) => ({ row, values, errors: [] })),
    };
  });

  /**
   * Imports the valid rows in one transaction (all of them or none), remembers the mapping for the
   * organization's next import and answers the counts with the error workbook of the refused rows.
   */
  app.post(base, {
    schema: { tags, consumes: ['multipart/form-data'], response: { 200: staffImportResult } },
    config: write,
  }, async (req) => {
    const { upload, o, roster, mapping } = await load(req);
    if (!mapping.name) throw badRequest({ mapping: [IMPORT_KEYS.nameUnmapped] });
    if (!roster.rows.length) throw badRequest({ sheet: [IMPORT_KEYS.emptySheet] });
    const ids = nationalIdsOf(roster, mapping);
    const { valid, invalid } = await checkRoster(roster, mapping, await staffByNationalId(app.db, req.organizationId, ids));
    // Built before the transaction so the write lock is held only for the inserts.
    const errorWorkbook = await buildErrorWorkbook(worker, roster, invalid, o.lang, upload.filename);
    const imported = await req.inOrganization(async ({ trx, organizationId, actor, audit }) => {
      // Another import or form may have added one of these national ids since the check above.
      const taken = await staffByNationalId(trx, organizationId, valid.map((v) => v.input.national_id).filter((v): v is string => !!v));
      if (taken.size) throw conflict({ file: [IMPORT_KEYS.alreadyExists] });
      const staffIds = await insertImportedStaff(trx, organizationId, valid.map((v) => v.input));
      for (const [i, id] of staffIds.entries()) {
        if (i && i % YIELD_EVERY === 0) await yieldToEventLoop();
        const { certificates: _none, ...fields } = valid[i]!.input;
        await audit({ action: 'create', target_type: 'staff', target_id: id, after: { id, organization_id: organizationId, ...fields, source: 'import', roster_row: valid[i]!.row } });
      }
      await audit({
        action: 'import', target_type: 'staff', target_id: null,
        after: {
          file_name: upload.filename, sheet: roster.sheet, header_row: roster.headerRow, mapping, fields: mappedFields(mapping),
          total: roster.rows.length, imported_count: staffIds.length, rejected_count: invalid.length,
          staff_ids: staffIds, rejected_rows: invalid.map((r) => r.row),
        },
      });
      await saveImportMapping(trx, organizationId, actor.id, {
        mapping: toSavedMapping(mapping, roster.columns), sheet_name: roster.sheet, header_row: roster.headerRow,
      });
      return staffIds.length;
    });
    return {
      imported_count: imported, rejected_count: invalid.length, invalid_rows: invalid,
      error_workbook: errorWorkbook ? { file_name: errorWorkbook.file_name, content_base64: errorWorkbook.content.toString('base64') } : null,
    };
  });
}
