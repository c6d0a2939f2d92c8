import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { formatRocDate, todayInTaipei } from '@bo/shared/dates';
import { ROLES } from '@bo/shared/permissions';
import {
  complianceExportQuery,
  complianceItemsAcrossQuery,
  complianceItemsQuery,
  complianceItemsResponse,
  complianceSummaryAcrossQuery,
  complianceSummaryQuery,
  complianceSummarySchema,
} from '@bo/shared/schemas/compliance-dashboard';
import type { ReadDb } from '../../db/database.ts';
import { allOrganizations, inOrganization, type Scope } from '../../lib/context/scope.ts';
import { ruleLabelsOf } from './rule-labels.ts';
import { sendXlsx, streamXlsx, type XlsxColumn } from '../../lib/xlsx-stream.ts';
import { workerBatches, type DueItemFilter } from './compliance-dashboard.repository.ts';
import { checkFilterRows, complianceSummary, complianceWorkers, toWorkers } from './compliance-dashboard.service.ts';
import { STATUS_LABELS, bothLanguages, reasonCell } from './export-labels.ts';

const tags = ['compliance'];
const filterOf = (q: DueItemFilter): DueItemFilter => ({
  site_id: q.site_id,
  contractor_id: q.contractor_id,
  rule_key: q.rule_key,
  status: q.status,
  keyword: q.keyword || undefined,
});

interface ExportRow {
  site: string;
  staff: string;
  company: string | null;
  site_role: string;
  rule: string;
  citation: string | null;
  status: string;
  due_on: string | null;
  window_opens_on: string | null;
  reason: string;
}

const EXPORT_COLUMNS: readonly XlsxColumn<ExportRow>[] = [
  { header: '工地 Site', width: 24, value: (r) => r.site },
  { header: '人員 Staff', width: 16, value: (r) => r.staff },
  { header: '公司 Company', width: 20, value: (r) => r.company },
  { header: '工地角色 Site role', width: 18, value: (r) => r.site_role },
  { header: '規定 Rule', width: 28, value: (r) => r.rule },
  { header: '法源 Citation', width: 28, value: (r) => r.citation },
  { header: '狀態 Status', width: 14, value: (r) => r.status },
  { header: '到期日 Due (ISO)', width: 14, value: (r) => r.due_on },
  { header: '到期日（民國）Due (ROC)', width: 14, value: (r) => (r.due_on ? formatRocDate(r.due_on) : null) },
  { header: '可受檢起日 Window opens', width: 16, value: (r) => r.window_opens_on },
  { header: '原因 Reason', width: 48, value: (r) => r.reason },
];

/**
 * Issue 38 part 5: the compliance dashboards over the computed due items (docs/compliance.md): counts
 * by status, site and rule, the workers with what each lacks, its workbook, and the same across
 * organizations for the company-wide safety officer.
 */
export async function complianceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const staffReader = { roles: ROLES.staffRead, organization: true } as const;
  const across = { roles: ROLES.staffAcrossOrganizations, organizationIdIsFilter: true } as const;
  const base = '/api/admin/organization/compliance';

  app.get(
    `${base}/summary`,
    {
      schema: {
        tags,
        description: "Counts of the organization's due items by status (read against today in Taipei), by site and by rule.",
        querystring: complianceSummaryQuery,
        response: { 200: complianceSummarySchema },
      },
      config: staffReader,
    },
    async (req) => {
      const { db, scope } = req.read('organization');
      return complianceSummary(db, scope, filterOf(req.query), todayInTaipei());
    },
  );

  app.get(
    `${base}/items`,
    {
      schema: {
        tags,
        description:
          'One row per worker on a site with what the worker lacks (items not ok; with `status`, the items of that status), worst first. ' +
          'The keyword finds names, never national IDs.',
        querystring: complianceItemsQuery,
        response: { 200: complianceItemsResponse },
      },
      config: staffReader,
    },
    async (req) => {
      const { db, scope } = req.read('organization');
      const { page, per_page, sort, order } = req.query;
      return complianceWorkers(db, scope, filterOf(req.query), todayInTaipei(), { page, per_page, sort, order });
    },
  );

  app.get(
    `${base}/export`,
    {
      schema: {
        tags,
        description: 'The workers list with the same filters as an .xlsx workbook (one line per item), streamed.',
        querystring: complianceExportQuery,
      },
      config: staffReader,
    },
    async (req, reply) => {
      const { db, scope } = req.read('organization');
      const today = todayInTaipei();
      const f = filterOf(req.query);
      await checkFilterRows(db, scope, f);
      const body = streamXlsx(req.log, (book) =>
        book.sheet(
          '法規遵循 Compliance',
          EXPORT_COLUMNS,
          exportRows(db, scope, workerBatches(db, scope, f, today, req.query.sort, req.query.order)),
        ),
      );
      return sendXlsx(reply, `compliance-${today}.xlsx`, body);
    },
  );

  app.get(
    '/api/admin/compliance/summary',
    {
      schema: {
        tags,
        description: 'The summary across organizations (company-wide safety officers and super admins); `organization_id` filters.',
        querystring: complianceSummaryAcrossQuery,
        response: { 200: complianceSummarySchema },
      },
      config: across,
    },
    async (req) => {
      const { db } = req.read('admin');
      const { organization_id } = req.query;
      const scope = organization_id ? inOrganization(organization_id) : allOrganizations;
      return complianceSummary(db, scope, filterOf(req.query), todayInTaipei(), true);
    },
  );

  app.get(
    '/api/admin/compliance/items',
    {
      schema: {
        tags,
        description: 'The workers list across organizations, each row with its organization; `organization_id` filters.',
        querystring: complianceItemsAcrossQuery,
        response: { 200: complianceItemsResponse },
      },
      config: across,
    },
    async (req) => {
      const { db } = req.read('admin');
      const { organization_id, page, per_page, sort, order } = req.query;
      const scope = organization_id ? inOrganization(organization_id) : allOrganizations;
      return complianceWorkers(db, scope, filterOf(req.query), todayInTaipei(), { page, per_page, sort, order }, true);
    },
  );
}

async function* exportRows(db: ReadDb, scope: Scope, batches: ReturnType<typeof workerBatches>): AsyncIterable<ExportRow[]> {
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
          staff: w.staff.name,
          company: w.staff.company,
          site_role: w.site_role,
          rule: bothLanguages(i.title) ?? i.rule_key,
          citation: bothLanguages(i.citation),
          status: STATUS_LABELS[i.status],
          due_on: i.due_on,
          window_opens_on: i.window_opens_on,
          reason: reasonCell(i.reason_key, i.reason_params),
        });
    yield out;
  }
}
