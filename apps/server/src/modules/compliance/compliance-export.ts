import { formatRocDate, todayInTaipei } from '@bo/shared/dates';
import type { CellMapping, ComplianceCellField, ExportStaff, StaffExcelLayout } from '@bo/shared/schemas/staff-excel';
import type { ReadDb } from '../../db/database.ts';
import { badRequest } from '../../lib/errors.ts';
import { owningOrganization, type Scope } from '../../lib/context/scope.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import type { XlsxColumn } from '../../lib/xlsx-stream.ts';
import type { RenderInput } from '../staff-excel/staff-excel.render.ts';
import { emptyStaff } from '../staff-excel/staff-excel.render.ts';
import { organizationHeading, staffExcelRows } from '../staff-excel/staff-excel.repository.ts';
import { streamToBuffer } from '../staff-excel/stream-to-buffer.ts';
import type { workerBatches } from './compliance-dashboard.repository.ts';
import { toWorkers } from './compliance-dashboard.service.ts';
import { STATUS_LABELS, bothLanguages, reasonCell } from './export-labels.ts';
import { ruleLabelsOf } from './rule-labels.ts';

/** One line of the compliance workbook: one due item of one worker on one site. */
export type ExportRow = Record<ComplianceCellField, string | null>;

export const EXPORT_COLUMNS: readonly XlsxColumn<ExportRow>[] = [
  { header: '工地 Site', width: 24, value: (r) => r.site },
  { header: '人員 Staff', width: 16, value: (r) => r.worker_name },
  { header: '公司 Company', width: 20, value: (r) => r.company },
  { header: '工地角色 Site role', width: 18, value: (r) => r.site_role },
  { header: '規定 Rule', width: 28, value: (r) => r.rule },
  { header: '法源 Citation', width: 28, value: (r) => r.citation },
  { header: '狀態 Status', width: 14, value: (r) => r.status },
  { header: '到期日 Due (ISO)', width: 14, value: (r) => r.due_on },
  { header: '到期日（民國）Due (ROC)', width: 14, value: (r) => r.due_on_roc },
  { header: '可受檢起日 Window opens', width: 16, value: (r) => r.window_opens_on },
  { header: '原因 Reason', width: 48, value: (r) => r.reason },
];

/** The rows of the workbook, batch by batch as the workers are read. */
export async function* exportRows(db: ReadDb, scope: Scope, batches: ReturnType<typeof workerBatches>): AsyncIterable<ExportRow[]> {
  for await (const { rows, items } of batches) {
    const out: ExportRow[] = [];
    const labelOf = await ruleLabelsOf(
      db,
      scope,
      items.map((i) => i.rule_key),
    );
    for (const w of toWorkers(rows, items, false, labelOf))
      for (const i of w.items)
        out.push({
          site: w.site.name,
          worker_name: w.staff.name,
          company: w.staff.company,
          site_role: w.site_role,
          rule: bothLanguages(i.title) ?? i.rule_key,
          citation: bothLanguages(i.citation),
          status: STATUS_LABELS[i.status],
          due_on: i.due_on,
          due_on_roc: i.due_on ? formatRocDate(i.due_on) : null,
          window_opens_on: i.window_opens_on,
          reason: reasonCell(i.reason_key, i.reason_params),
        });
    yield out;
  }
}

/** As many lines as a staff export takes staff: the template is filled whole, in a worker. */
export const MAX_TEMPLATE_EXPORT_ROWS = 10_000;

/**
 * What the staff spreadsheet renderer needs to fill one of the organization's templates with these
 * lines (404 for a template of another organization): each line is one roster row (or card), its
 * `compliance` cells the item's fields, its staff cells the worker's name only.
 */
export async function templateExportInput(
  db: ReadDb,
  scope: Scope,
  storage: Storage,
  templateId: number,
  lines: AsyncIterable<ExportRow[]>,
): Promise<{ name: string; input: RenderInput }> {
  const template = await staffExcelRows.findOr404(db, scope, templateId);
  const staff: ExportStaff[] = [];
  for await (const batch of lines) {
    for (const r of batch) staff.push({ ...emptyStaff, name: r.worker_name ?? '', compliance: r });
    if (staff.length > MAX_TEMPLATE_EXPORT_ROWS) throw badRequest({ template_id: ['validate.error.too_many'] });
  }
  const org = await organizationHeading(db, owningOrganization(scope)!);
  return {
    name: template.name,
    input: {
      template: await streamToBuffer(await storage.get(template.file_key)),
      layout: template.layout as StaffExcelLayout,
      start_row: template.start_row,
      cells: (JSON.parse(template.cells) as CellMapping[]).filter((c) => c.type !== 'photo'),
      staff,
      context: { organization_name: org.name, organization_company_id: org.company_id, export_date: todayInTaipei() },
    },
  };
}
