import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROLES } from '@bo/shared/permissions';
import {
  IMPORT_KEYS,
  STAFF_IMPORT_MAX_BYTES,
  STAFF_IMPORT_VALID_SAMPLE,
  staffImportPreview,
  staffImportResult,
} from '@bo/shared/schemas/staff-import';
import { VALIDATION_KEYS } from '@bo/shared/messages';
import { badRequest } from '../../lib/errors.ts';
import { readUpload } from '../../lib/uploads/multipart.ts';
import { ImportWorker } from './staff-import.pool.ts';
import {
  buildErrorWorkbook,
  checkRoster,
  columnsWithSamples,
  forContractor,
  importOptions,
  nationalIdsOf,
  readRosterUpload,
  resolveMapping,
  staffImportReads,
} from './staff-import.service.ts';
import { planRows } from './staff-import.plan.ts';
import { staffImportService } from './staff-import.write.ts';

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

  /** The upload, its options and its roster, with the mapping to use, checked against the organization's staff. */
  const load = async (req: FastifyRequest) => {
    const imports = staffImportReads(req.read('organization'));
    const upload = await readUpload(req, STAFF_IMPORT_MAX_BYTES);
    const o = importOptions(upload.fields, req.headers['accept-language']);
    if (o.contractorId !== null && !(await imports.isContractor(o.contractorId)))
      throw badRequest({ contractor_id: [VALIDATION_KEYS.invalid] });
    const roster = await readRosterUpload(worker, upload.buffer, o);
    const saved = o.mapping ? null : await imports.savedMapping();
    const { mapping, source } = resolveMapping(roster, o.mapping, saved?.mapping ?? null);
    return {
      upload,
      o,
      roster,
      mapping,
      source,
      /** The rows checked, and what the valid ones would do with the organization's staff as they are now. */
      check: async () => {
        const existing = await imports.existing(nationalIdsOf(roster, mapping));
        const checked = forContractor(await checkRoster(roster, mapping, existing, o.mode), o.contractorId);
        return { checked, plan: planRows(checked.valid, existing, mapping, o.mode) };
      },
    };
  };

  /** Multipart: `file` (.xlsx) with optional `sheet`, `header_row`, `mapping` (JSON {field: column}), `lang` and `mode` (create, upsert). */
  app.post(
    `${base}/preview`,
    {
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: staffImportPreview } },
      config: { ...write, version: { unversioned: 'a preview: reads the spreadsheet, writes nothing' } },
    },
    async (req) => {
      const { upload, o, roster, mapping, source, check } = await load(req);
      const {
        checked: { invalid },
        plan,
      } = await check();
      return {
        file_name: upload.filename,
        sheets: roster.sheets,
        sheet: roster.sheet,
        header_row: roster.headerRow,
        columns: columnsWithSamples(roster),
        mapping,
        mapping_source: source,
        mode: o.mode,
        total: roster.rows.length,
        valid_count: plan.rows.length,
        create_count: plan.create.length,
        update_count: plan.update.length,
        unchanged_count: plan.unchanged.length,
        invalid_count: invalid.length,
        invalid_rows: invalid,
        valid_rows: plan.rows
          .slice(0, STAFF_IMPORT_VALID_SAMPLE)
          .map(({ row, values, action, staffId }) => ({ row, values, errors: [], action, staff_id: staffId })),
      };
    },
  );

  /**
   * Imports the valid rows in one transaction (all of them or none): creates them, and in `upsert`
   * mode updates the staff holding their national id. Remembers the mapping for the organization's
   * next import and answers the counts with the error workbook of the refused rows.
   */
  app.post(
    base,
    {
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: staffImportResult } },
      config: { ...write, version: { unversioned: 'a bulk import: the rows the preview matched are replaced on purpose, each audited' } },
    },
    async (req) => {
      const { upload, o, roster, mapping, check } = await load(req);
      if (!mapping.name) throw badRequest({ mapping: [IMPORT_KEYS.nameUnmapped] });
      if (o.mode === 'upsert' && !mapping.national_id) throw badRequest({ mapping: [IMPORT_KEYS.keyUnmapped] });
      if (!roster.rows.length) throw badRequest({ sheet: [IMPORT_KEYS.emptySheet] });
      // Recorded, so a process killed mid-import leaves a run the import screen reports (lib/work-runs/).
      const { checked, errorWorkbook, done } = await app.workRuns.track(
        (fn) => req.write('organization', fn),
        'staff_import',
        { file_name: upload.filename },
        async (run) => {
          const { checked } = await check();
          // Built before the transaction so the write lock is held only for the writes.
          const errorWorkbook = await buildErrorWorkbook(worker, roster, mapping, checked.invalid, o.lang, upload.filename);
          const done = await req.write('organization', async (ctx) => {
            const counts = await staffImportService(ctx).import({ fileName: upload.filename, roster, mapping, mode: o.mode, checked });
            await run.checkpoint();
            await run.finish(ctx);
            return counts;
          });
          return { checked, errorWorkbook, done };
        },
      );
      return {
        mode: o.mode,
        imported_count: done.created + done.updated,
        created_count: done.created,
        updated_count: done.updated,
        unchanged_count: done.unchanged,
        rejected_count: checked.invalid.length,
        invalid_rows: checked.invalid,
        error_workbook: errorWorkbook
          ? { file_name: errorWorkbook.file_name, content_base64: errorWorkbook.content.toString('base64') }
          : null,
      };
    },
  );
}
